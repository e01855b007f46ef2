import { useMemo, useState } from 'react';
import { Checkbox, FormControlLabel, Stack, TextField } from '@mui/material';
import { maxLengthOf } from '../../../contract/fieldRules';
import { guestCreateSchema, type Guest, type RegisterSettings } from '../../../contract/guestRegister';
import { GENDER_LABELS, REGISTER_FIELD_LABELS } from '../../../contract/registerLabels';
import { errorMessages } from '../../../contract/messages';
import { useAppDataProvider } from '../../../dataProvider/useAppDataProvider';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { FormDialog } from '../../../src/components/FormDialog';
import { useFormRequest } from '../../../src/components/useFormRequest';
import { lengthHint } from '../../../src/crud/EntityInput';
import { fieldMark } from '../../../src/crud/formErrors';
import {
  countryChoices,
  emptyGuestForm,
  guestToForm,
  prepareGuest,
  shownFields,
  type GuestField,
  type GuestFormValues,
} from './guestForm';

export interface GuestDialogProps {
  bookId: number;
  settings: RegisterSettings;
  /** The guest to change; none: add one (the first of a booking is its representative). */
  guest?: Guest;
  first: boolean;
  onClose: () => void;
  onSaved: (added: boolean) => void;
}

type TextField_ = Exclude<GuestField, 'representative' | 'same_as_representative'>;

/**
 * Add or change a guest of the register: the items the facility's licence asks (氏名, 住所, 連絡先 or
 * 職業), 国籍 and 居住国, the passport number when the guest is a foreign national living abroad, and
 * the facility's extra items. The server's schema checks the form first; its refusal lands on the
 * field. Mount it only while open.
 */
export function GuestDialog({ bookId, settings, guest, first, onClose, onSaved }: GuestDialogProps) {
  const translate = useAppTranslate();
  const dataProvider = useAppDataProvider();
  const [form, setForm] = useState<GuestFormValues>(() => (guest ? guestToForm(guest) : emptyGuestForm(first)));
  const { problem, refuse, send, clear, dialogProps } = useFormRequest<GuestField>(errorMessages.bookingUpdateFailed);
  const countries = useMemo(() => countryChoices(), []);
  const shown = shownFields(settings, form);
  const set = <F extends GuestField>(field: F, value: GuestFormValues[F]) => {
    setForm((f) => ({ ...f, [field]: value }));
    clear(field);
  };

  const submit = async () => {
    const prepared = prepareGuest(form);
    if (prepared.error) return refuse(prepared.error.field, prepared.error.message);
    await send(async () => {
      if (guest) await dataProvider.updateBookGuest(bookId, guest.id, prepared.body);
      else await dataProvider.addBookGuest(bookId, prepared.body);
      onSaved(!guest);
    });
  };

  // What every field of the popup has: its label, value and change, at full width.
  const fieldOf = (field: TextField_) => ({
    id: `guest-${field}`,
    label: REGISTER_FIELD_LABELS[field],
    value: form[field],
    onChange: (e: { target: { value: string } }) => set(field, e.target.value),
    size: 'small' as const,
    fullWidth: true,
  });
  const text = (field: TextField_, options: { hint?: string; required?: boolean; type?: string } = {}) => (
    <TextField
      key={field}
      {...fieldOf(field)}
      required={options.required}
      type={options.type}
      {...fieldMark(problem?.fields[field], lengthHint(maxLengthOf(guestCreateSchema, field), options.hint))}
      slotProps={options.type ? { inputLabel: { shrink: true } } : undefined}
    />
  );
  const select = (
    field: 'nationality' | 'residence_country' | 'gender',
    choices: { value: string; label: string }[],
  ) => (
    <TextField
      key={field}
      {...fieldOf(field)}
      select
      {...fieldMark(
        problem?.fields[field],
        field === 'residence_country' ? translate('app.register.residence_hint') : undefined,
      )}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {field !== 'residence_country' && <option value="">{translate('app.register.choose')}</option>}
      {choices.map((c) => (
        <option key={c.value} value={c.value}>
          {c.label}
        </option>
      ))}
    </TextField>
  );
  const sharing = !form.representative && form.same_as_representative;

  return (
    <FormDialog
      title={translate(guest ? 'app.register.title_edit' : 'app.register.title_add')}
      titleId="guest-dialog-title"
      {...dialogProps(onClose, submit)}
      submitLabel={translate(guest ? 'app.register.submit_edit' : 'app.register.submit_add')}
      submitTestId="guest-submit"
      problemTestId="guest-error"
      maxWidth="sm"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {text('name', { required: true })}
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: { sm: 2 } }}>
          <FormControlLabel
            control={
              <Checkbox
                checked={form.representative}
                onChange={(e) => set('representative', e.target.checked)}
                disabled={guest?.representative}
              />
            }
            label={REGISTER_FIELD_LABELS.representative}
          />
          {!form.representative && (
            <FormControlLabel
              control={
                <Checkbox
                  checked={form.same_as_representative}
                  onChange={(e) => set('same_as_representative', e.target.checked)}
                />
              }
              label={REGISTER_FIELD_LABELS.same_as_representative}
            />
          )}
        </Stack>
        {!sharing && text('address')}
        {!sharing && text('contact', { hint: translate('app.register.contact_hint') })}
        {shown.occupation && text('occupation')}
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
          {select('nationality', countries)}
          {select('residence_country', countries)}
        </Stack>
        {shown.passport && text('passport_number', { hint: translate('app.register.passport_hint') })}
        {shown.extra.map((field) =>
          field === 'gender'
            ? select(
                'gender',
                Object.entries(GENDER_LABELS).map(([value, label]) => ({ value, label })),
              )
            : field === 'arrival_time' || field === 'departure_time'
              ? text(field, { type: 'datetime-local', required: shown.required(field) })
              : text(field, { type: field === 'age' ? 'number' : undefined, required: shown.required(field) }),
        )}
      </Stack>
    </FormDialog>
  );
}
