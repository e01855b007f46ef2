import { Box, TextField, type TextFieldProps } from '@mui/material';
import { BOOKING_TEXT_MAX } from '../../contract/booking';
import { JOB_CODES, jobLabel } from '../../contract/enums';
import type { PlanSummary } from '../../contract/plan';
import type { Room } from '../../contract/room';
import type { AppMessageKey } from '../../i18n/ja';
import { formatDate } from '../../i18n/formats';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { DatePickerJa } from '../../src/components/DatePickerJa';
import { YenInput } from '../../src/components/YenInput';
import { yenDigits } from '../../src/components/yenText';
import {
  EDITABLE_WHEN_CANCELLED,
  type BookingField,
  type BookingFieldErrors,
  type BookingFormValues,
} from './bookingModel';

export interface BookingInputsProps {
  form: BookingFormValues;
  rooms: Room[];
  plans: PlanSummary[];
  /** The plan the booking holds, shown even when the room no longer offers it. */
  currentPlan?: { id: number; name: string } | null;
  isNew: boolean;
  /** A cancelled booking: every input but the memo is read-only. */
  readOnly?: boolean;
  wide?: boolean;
  /** Each refused field's message: the field is marked red with it below (all at once). */
  errors?: BookingFieldErrors;
  onChange: (field: BookingField, value: string) => void;
  onBlur: (field: BookingField) => void;
  /** Selects: the panel sends them at once on an existing booking. */
  onChoose: (field: BookingField, value: string) => void;
}

interface Choice {
  value: string;
  label: string;
}

/** The room's plans when it lists some, else the accommodation's; empty means no plan. */
function planChoices(props: BookingInputsProps): Choice[] {
  const room = props.rooms.find((r) => String(r.id) === props.form.room_id);
  const source = room && room.plans.length > 0 ? room.plans : props.plans;
  const choices = source.map((p) => ({ value: String(p.id), label: p.name }));
  const current = props.currentPlan;
  if (current && !choices.some((c) => c.value === String(current.id))) {
    choices.push({ value: String(current.id), label: current.name });
  }
  return choices;
}

/** The booking's inputs, shared by a new booking (form only) and an existing one (saved field by field). */
export function BookingInputs(props: BookingInputsProps) {
  const { form, rooms, isNew, readOnly = false, wide, errors = {}, onChange, onBlur, onChoose } = props;
  const translate = useAppTranslate();
  const label = (field: BookingField) => translate(`resources.bookings.fields.${field}` as AppMessageKey);
  const locked = (field: BookingField) => readOnly && !EDITABLE_WHEN_CANCELLED.includes(field);
  /** A refused field: red, its message first, then its hint (what the amount is) still below it. */
  const marked = (field: BookingField, hint?: TextFieldProps['helperText']) => {
    const error = errors[field];
    if (!error) return hint === undefined ? {} : { helperText: hint };
    if (hint === undefined) return { error: true, helperText: error };
    return {
      error: true,
      helperText: (
        <>
          <Box component="span" sx={{ display: 'block' }}>
            {error}
          </Box>
          <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
            {hint}
          </Box>
        </>
      ),
    };
  };

  // What every input of the form has: its id and name, label, value, size, and its lock.
  const common = (field: BookingField) =>
    ({
      id: `booking-${field}`,
      name: field,
      label: label(field),
      value: form[field],
      size: 'small',
      fullWidth: true,
      disabled: locked(field),
    }) as const;

  // A free text says how long it may be (the contract's limit) while it can be typed in.
  const limit = (field: BookingField) =>
    field in BOOKING_TEXT_MAX && !locked(field)
      ? translate('app.crud.max_length', { max: BOOKING_TEXT_MAX[field as keyof typeof BOOKING_TEXT_MAX] })
      : undefined;

  const text = (field: BookingField, extra: Partial<TextFieldProps> = {}) => (
    <TextField
      key={field}
      {...common(field)}
      onChange={(e) => onChange(field, e.target.value)}
      onBlur={() => onBlur(field)}
      {...extra}
      {...marked(field, extra.helperText ?? limit(field))}
    />
  );

  const select = (field: BookingField, choices: Choice[], extra: Partial<TextFieldProps> = {}) => (
    <TextField
      key={field}
      {...common(field)}
      onChange={(e) => onChoose(field, e.target.value)}
      select
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      {...extra}
      {...marked(field)}
    >
      {choices.map((c) => (
        <option key={c.value} value={c.value}>
          {c.label}
        </option>
      ))}
    </TextField>
  );

  const integer = { type: 'number', slotProps: { htmlInput: { min: 0, step: 1, inputMode: 'numeric' } } } as const;
  const roomChoices = rooms.map((r) => ({ value: String(r.id), label: r.name }));
  if (form.room_id === '' || isNew) roomChoices.unshift({ value: '', label: translate('app.booking.choose') });
  // Columns of a 12-column grid: the panel is narrow beside the calendar, wider from the mail screen.
  const cols = (n: number) => ({ sx: { gridColumn: `span ${n}` } });
  // The console's one money input: 165,000 while typing, full-width digits taken, 円 after it.
  const yen = (field: BookingField, helperText: string) => (
    <YenInput
      key={field}
      {...common(field)}
      parse={yenDigits}
      onChange={(value) => onChange(field, value)}
      onBlur={() => onBlur(field)}
      {...cols(6)}
      {...marked(field, helperText)}
    />
  );

  return (
    <Box
      sx={{ display: 'grid', columnGap: wide ? 2 : 1.5, rowGap: 2, gridTemplateColumns: 'repeat(12, minmax(0, 1fr))' }}
    >
      {select('room_id', roomChoices, cols(wide ? 3 : 5))}
      {select(
        'plan_id',
        [{ value: '', label: translate('app.booking.no_plan') }, ...planChoices(props)],
        cols(wide ? 5 : 7),
      )}
      <Box key="start_date" {...cols(wide ? 2 : 6)}>
        {/* Like the text fields: what is typed or picked saves when the field is left. */}
        <DatePickerJa
          name="booking-start_date"
          label={label('start_date')}
          value={form.start_date || null}
          onChange={(date) => onChange('start_date', date ?? '')}
          onBlur={() => onBlur('start_date')}
          helperText={errors.start_date ?? formatDate(form.start_date)}
          error={Boolean(errors.start_date)}
          disabled={locked('start_date')}
          fullWidth
        />
      </Box>
      {text('days', {
        ...cols(wide ? 1 : 3),
        type: 'number',
        slotProps: { htmlInput: { min: 1, step: 1, inputMode: 'numeric' } },
      })}
      {text('person_number', { ...integer, ...cols(wide ? 1 : 3) })}
      {text('name', cols(6))}
      {text('tel', { type: 'tel', ...cols(6) })}
      {text('mail', { type: 'email', ...cols(isNew ? 12 : 8) })}
      {!isNew &&
        select(
          'job',
          JOB_CODES.map((code) => ({ value: String(code), label: jobLabel(code) })),
          cols(4),
        )}
      {text('address', cols(12))}
      {text('mini_memo', cols(12))}
      {isNew && yen('price', translate('app.booking.price_hint'))}
      {/* Without a plan there are no prices to add up: staff give the total. */}
      {form.plan_id === '' && yen('price_sub', translate('app.booking.price_sub_hint'))}
      {!isNew && text('memo', { multiline: true, minRows: 3, ...cols(12) })}
    </Box>
  );
}
