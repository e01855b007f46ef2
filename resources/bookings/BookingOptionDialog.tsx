import { useState } from 'react';
import { draftFields } from '../../src/components/draftFields';
import { Alert, Stack, TextField, Typography } from '@mui/material';
import type { BookingOption } from '../../contract/booking';
import { errorMessages } from '../../contract/messages';
import type { AccommodationOption } from '../../contract/option';
import { formatYen } from '../../i18n/formats';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { FormDialog } from '../../src/components/FormDialog';
import { useFormRequest } from '../../src/components/useFormRequest';
import {
  bookingOptionToForm,
  emptyBookingOptionForm,
  hasOptionId,
  optionLineTotal,
  prepareBookingOption,
  type BookingOptionField,
  type BookingOptionFormValues,
} from './paymentModel';
import { useAppDataProvider } from '../../dataProvider/useAppDataProvider';
import { useAccommodationList } from '../../src/crud/useAccommodationList';

export interface BookingOptionDialogProps {
  accommodationId: number;
  bookId: number;
  /** The booking's room type: the catalogue offers its own options and those for all rooms. */
  roomId: number;
  /** The attached option to change; none: add one. */
  option?: BookingOption;
  onClose: () => void;
  onSaved: () => void;
}

interface Choice {
  value: string;
  label: string;
  price: number;
}

/**
 * Add or change an option of a booking (spec 5 "Booking option form"): an option must be chosen and
 * the quantity be a nonzero number, otherwise nothing is sent. Mount it only while open.
 */
export function BookingOptionDialog({
  accommodationId,
  bookId,
  roomId,
  option,
  onClose,
  onSaved,
}: BookingOptionDialogProps) {
  const translate = useAppTranslate();
  const dataProvider = useAppDataProvider();
  const { data, error } = useAccommodationList<AccommodationOption>(
    'options',
    accommodationId,
    roomId ? { room_id: roomId } : {},
  );
  const catalogue = data ?? null;
  const loadFailed = Boolean(error);
  const [form, setForm] = useState<BookingOptionFormValues>(() =>
    option ? bookingOptionToForm(option) : emptyBookingOptionForm(),
  );
  const { problem, refuse, send, clear, dialogProps } = useFormRequest<BookingOptionField>(
    errorMessages.bookingUpdateFailed,
  );
  // A field changed is being fixed: its refusal (オプションを選択してください) goes with it.
  const set = (field: BookingOptionField, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    clear(field);
  };

  const choices: Choice[] = (catalogue ?? []).map((o) => ({
    value: String(o.id),
    label: translate('app.booking_option.choice', { name: o.name, price: formatYen(o.price), unit: o.unit }),
    price: o.price,
  }));
  // The option being changed stays choosable even if its room type or the catalogue moved on.
  if (option) {
    const value = option.option_id === null ? '' : String(option.option_id);
    if (!choices.some((c) => c.value === value)) {
      choices.unshift({ value, label: `${option.name}（${formatYen(option.price)}）`, price: option.price });
    }
  }
  const chosen = catalogue?.find((o) => String(o.id) === form.option_id);
  const price = choices.find((c) => c.value === form.option_id)?.price;
  const unit = Number(form.unit);
  const days = Number(form.days || 1);
  const subtotal =
    price !== undefined && Number.isInteger(unit) && unit > 0 && Number.isInteger(days) && days > 0
      ? optionLineTotal({ price, unit, days })
      : null;

  const submit = async () => {
    const prepared = prepareBookingOption(form, catalogue ?? [], option);
    if (prepared.error) return refuse(prepared.error.field, prepared.error.message);
    await send(async () => {
      if (option) await dataProvider.updateBookingOption(bookId, option.id, prepared.body);
      else if (hasOptionId(prepared.body)) await dataProvider.addBookingOption(bookId, prepared.body);
      onSaved();
    });
  };

  const integer = { htmlInput: { min: 1, step: 1, inputMode: 'numeric' as const } };
  const field = draftFields({
    prefix: 'booking-option',
    label: (key) => translate(`app.booking_option.${key === 'option_id' ? 'option' : key}`),
    draft: form,
    set,
    refused: problem?.fields,
    names: { option_id: 'option' },
  });
  return (
    <FormDialog
      title={translate(option ? 'app.booking_option.title_edit' : 'app.booking_option.title_add')}
      titleId="booking-option-title"
      {...dialogProps(onClose, submit)}
      submitLabel={translate(option ? 'app.booking_option.submit_edit' : 'app.booking_option.submit_add')}
      problemTestId="booking-option-error"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {loadFailed && <Alert severity="warning">{translate('app.booking_option.load_failed')}</Alert>}
        <TextField
          {...field('option_id', chosen?.description ?? undefined)}
          select
          disabled={catalogue === null && !loadFailed}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          {!choices.some((c) => c.value === '') && <option value="">{translate('app.booking_option.choose')}</option>}
          {choices.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </TextField>
        <Stack direction="row" spacing={2}>
          <TextField
            {...field(
              'unit',
              chosen?.unit_max != null
                ? translate('app.booking_option.max', { max: chosen.unit_max, unit: chosen.unit })
                : undefined,
            )}
            type="number"
            slotProps={integer}
          />
          <TextField {...field('days')} type="number" slotProps={integer} />
        </Stack>
        <TextField {...field('comment')} multiline minRows={2} />
        <Typography variant="body2" data-testid="booking-option-subtotal" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {translate('app.booking_option.subtotal', { amount: subtotal === null ? '—' : formatYen(subtotal) })}
        </Typography>
      </Stack>
    </FormDialog>
  );
}
