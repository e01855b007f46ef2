import { COUNTRY_CODES, countryName, JAPAN } from '../../../contract/countries';
import {
  EXTRA_FIELDS,
  guestCreateSchema,
  needsPassport,
  type ExtraField,
  type Guest,
  type GuestInput,
  type RegisterSettings,
} from '../../../contract/guestRegister';

/**
 * The guest form of the booking panel's 宿泊者名簿 (issue 30): what it shows for the facility's
 * licence and items, the text typed, and the body it sends, checked by the server's own schema
 * before anything is sent.
 */

export interface GuestFormValues {
  representative: boolean;
  same_as_representative: boolean;
  name: string;
  address: string;
  contact: string;
  occupation: string;
  nationality: string;
  residence_country: string;
  passport_number: string;
  gender: string;
  age: string;
  previous_stay: string;
  next_destination: string;
  arrival_time: string;
  departure_time: string;
  room: string;
}
export type GuestField = keyof GuestFormValues;

/** The items typed as text, the prefecture's included (the age is a number). */
const TEXT_FIELDS = [
  'name',
  'address',
  'contact',
  'occupation',
  'nationality',
  'passport_number',
  ...EXTRA_FIELDS.filter((f): f is Exclude<ExtraField, 'age'> => f !== 'age'),
] as const;

/** A new guest: living in Japan; the first one of a booking is its representative. */
export function emptyGuestForm(first: boolean): GuestFormValues {
  return {
    representative: first,
    same_as_representative: false,
    name: '',
    address: '',
    contact: '',
    occupation: '',
    nationality: '',
    residence_country: JAPAN,
    passport_number: '',
    gender: '',
    age: '',
    previous_stay: '',
    next_destination: '',
    arrival_time: '',
    departure_time: '',
    room: '',
  };
}

export function guestToForm(guest: Guest): GuestFormValues {
  const form = emptyGuestForm(guest.representative);
  for (const field of TEXT_FIELDS) form[field] = guest[field] ?? '';
  return {
    ...form,
    same_as_representative: guest.same_as_representative,
    residence_country: guest.residence_country,
    age: guest.age === null ? '' : String(guest.age),
  };
}

/** The items the form shows: the licence's, the passport's when the guest's case needs it, the facility's extra ones. */
export function shownFields(settings: Pick<RegisterSettings, 'licence' | 'extra_fields'>, form: GuestFormValues) {
  const passport =
    form.passport_number !== '' ||
    needsPassport({ nationality: form.nationality || null, residence_country: form.residence_country || JAPAN });
  return {
    occupation: settings.licence === 'minpaku' || form.occupation !== '',
    passport,
    extra: EXTRA_FIELDS.filter((f) => settings.extra_fields[f] !== 'off'),
    required: (field: ExtraField) => settings.extra_fields[field] === 'required',
  };
}

/** The body to send, or the first field the schema refuses with its message. */
export function prepareGuest(
  form: GuestFormValues,
): { body: GuestInput; error?: undefined } | { body?: undefined; error: { field: GuestField; message: string } } {
  const blankToNull = (v: string) => (v.trim() === '' ? null : v);
  const age = form.age.trim();
  const input = {
    representative: form.representative,
    same_as_representative: form.representative ? false : form.same_as_representative,
    name: form.name,
    address: blankToNull(form.address),
    contact: blankToNull(form.contact),
    occupation: blankToNull(form.occupation),
    nationality: blankToNull(form.nationality),
    residence_country: form.residence_country || JAPAN,
    passport_number: blankToNull(form.passport_number),
    gender: blankToNull(form.gender),
    // A number typed with full-width digits is read as one; anything else goes to the schema as typed.
    age:
      age === ''
        ? null
        : /^[0-9０-９]+$/.test(age)
          ? Number(age.replace(/[０-９]/g, (d) => String(d.charCodeAt(0) - 0xff10)))
          : age,
    previous_stay: blankToNull(form.previous_stay),
    next_destination: blankToNull(form.next_destination),
    arrival_time: blankToNull(form.arrival_time),
    departure_time: blankToNull(form.departure_time),
    room: blankToNull(form.room),
  };
  const parsed = guestCreateSchema.safeParse(input);
  if (parsed.success) return { body: parsed.data };
  const issue = parsed.error.issues[0]!;
  return { error: { field: String(issue.path[0]) as GuestField, message: issue.message } };
}

/** Countries for a select: Japan first, the others by their names in `locale` (Japanese by default). */
export function countryChoices(locale: 'ja' | 'en' = 'ja'): { value: string; label: string }[] {
  const collator = new Intl.Collator(locale);
  const others = COUNTRY_CODES.filter((c) => c !== JAPAN)
    .map((value) => ({ value, label: countryName(value, locale) }))
    .sort((a, b) => collator.compare(a.label, b.label));
  return [{ value: JAPAN, label: countryName(JAPAN, locale) }, ...others];
}
