import { JAPAN } from '../../../../contract/countries';
import { missingFields, type Guest, type RegisterSettings } from '../../../../contract/guestRegister';
import type { PublicGuest } from '../../../../contract/precheckin';
import { emptyGuestForm, prepareGuest, type GuestFormValues } from '../guestForm';
import type { Language, Words } from './words';

/**
 * The pre-check-in form's rules: each guest's card is the console's guest form (../guestForm.ts),
 * checked by the server's schema and by the register's rule of what the guest's case needs
 * (contract/guestRegister.ts missingFields), worded in the page's language. The room is the
 * facility's to fill, never the guest's.
 */

/** Items of the register that the facility fills, never the guest. */
const FACILITY_FIELDS: readonly string[] = ['room'];

/** The cards of a stay: one per guest of its headcount, the first the representative. */
export function emptyCards(personNumber: number, language: Language): GuestFormValues[] {
  return Array.from({ length: personNumber }, (_, i) => ({
    ...emptyGuestForm(i === 0),
    // A guest reading Japanese most likely lives in Japan; a guest reading English says where.
    residence_country: language === 'ja' ? JAPAN : '',
  }));
}

/** A card as the register's rule reads it. */
function cardAsGuest(form: GuestFormValues, index: number, hasPhoto: boolean): Guest {
  const value = (v: string) => (v.trim() === '' ? null : v.trim());
  return {
    id: index + 1,
    representative: index === 0,
    same_as_representative: index > 0 && form.same_as_representative,
    name: form.name.trim(),
    address: value(form.address),
    contact: value(form.contact),
    occupation: value(form.occupation),
    nationality: value(form.nationality),
    residence_country: form.residence_country,
    passport_number: value(form.passport_number),
    has_passport_copy: hasPhoto,
    gender: value(form.gender) as Guest['gender'],
    age: form.age.trim() === '' ? null : 0,
    previous_stay: value(form.previous_stay),
    next_destination: value(form.next_destination),
    arrival_time: value(form.arrival_time),
    departure_time: value(form.departure_time),
    room: null,
  };
}

export type CardErrors = Partial<Record<string, string>>;

/** The body to send, or each card's errors by field. */
export function checkCards(
  settings: Pick<RegisterSettings, 'licence' | 'extra_fields'>,
  cards: readonly GuestFormValues[],
  hasPhoto: readonly boolean[],
  w: Words,
): { guests: PublicGuest[]; errors?: undefined } | { guests?: undefined; errors: CardErrors[] } {
  const representative = cardAsGuest(cards[0]!, 0, hasPhoto[0] ?? false);
  const guests: PublicGuest[] = [];
  const errors = cards.map((card, i) => {
    const found: CardErrors = {};
    if (card.residence_country === '') found.residence_country = w.missing(w.field('residence_country'));
    const guest = cardAsGuest(card, i, hasPhoto[i] ?? false);
    const ownFields = missingFields(settings, guest, representative).filter((f) => !FACILITY_FIELDS.includes(f));
    for (const field of ownFields) {
      found[field] = field === 'passport_copy' ? w.missingPhoto : w.missing(w.field(field as 'name'));
    }
    const prepared = prepareGuest({ ...card, representative: i === 0 });
    if (prepared.error) {
      const field = prepared.error.field as Parameters<Words['invalid']>[0];
      found[field] ??= w.invalid(field, prepared.error.message);
    } else {
      const { representative: _r, ...body } = prepared.body;
      guests.push(body);
    }
    return found;
  });
  return errors.some((e) => Object.keys(e).length > 0) ? { errors } : { guests };
}
