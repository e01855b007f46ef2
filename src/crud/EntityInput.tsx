import { useRef, type ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { Box, InputAdornment } from '@mui/material';
import { DateTimeInputJa } from './DateTimeInputJa';
import {
  BooleanInput,
  CheckboxGroupInput,
  NumberInput,
  PasswordInput,
  ReferenceArrayInput,
  ReferenceInput,
  SelectInput,
  TextInput,
  useInput,
  useTranslate,
  type Validator,
} from 'react-admin';
import type { FieldMeta } from '../../contract/entity';
import { formatDate } from '../../i18n/formats';
import { DatePickerJa } from '../components/DatePickerJa';
import { YenInput } from '../components/YenInput';
import { yenNumber } from '../components/yenText';
import { dateMessage } from '../../contract/params';
import { useCallMeta } from './CallMeta';
import { errorText } from './formErrors';

export interface EntityInputProps {
  source: string;
  field: FieldMeta;
  label: string;
  /** The record exists: fields fixed after creation are shown read-only. */
  editing: boolean;
  /**
   * The value is final for now: a text field was left, a select, switch or checkbox chosen, a date
   * picked. An existing record's panel saves the field then; a create form ignores it.
   */
  onCommit?: (source: string) => void;
  /** A text's most characters (its schema's max): shown under it as 100文字以内. */
  maxLength?: number;
}

const NUMBER_INPUT = { min: 0, step: 1, inputMode: 'numeric' as const };
/** Choices in the order the API keeps them (by id), all of them. */
const BY_ID = { field: 'id', order: 'ASC' as const };
const CHOICES = 1000;

/**
 * A calendar date (yyyy-MM-dd) with the Japanese picker, as a react-admin input. A date partly
 * typed keeps the field's value as it was: leaving it then says the date is not right rather than
 * saving it as empty.
 */
export function DateInputJa({
  source,
  label,
  disabled,
  helperText,
  onCommit,
  validate,
}: {
  source: string;
  label: string;
  disabled?: boolean;
  helperText?: ReactNode;
  onCommit?: () => void;
  /** Read by react-admin's filter form: a filter shown without being added. */
  alwaysOn?: boolean;
  /** A rule of the form (a filter form sends nothing while one fails: the booking search's period). */
  validate?: Validator;
}) {
  const { field, fieldState } = useInput({ source, validate });
  const { setError } = useFormContext();
  const typingRef = useRef(false);
  return (
    <DatePickerJa
      name={source}
      label={label}
      value={(field.value as string | null) || null}
      onChange={(date, typing) => {
        typingRef.current = typing;
        if (!typing) field.onChange(date);
      }}
      onBlur={() => {
        field.onBlur();
        if (typingRef.current) setError(source, { type: 'validate', message: dateMessage });
        else onCommit?.();
      }}
      onAccept={() => onCommit?.()}
      error={fieldState.invalid}
      // The day the Japanese way under the field (2027年12月31日), else the hint.
      helperText={
        errorText(fieldState.error?.message) ?? (field.value ? formatDate(field.value as string) : helperText)
      }
      disabled={disabled}
      clearable
      fullWidth
    />
  );
}

/**
 * The react-admin input for one field of an entity description: its kind says which input, its
 * choices, reference and null label what to offer, and `onCommit` when an existing record's
 * panel may save it.
 */
export function EntityInput({ source, field, label, editing, onCommit, maxLength }: EntityInputProps) {
  const translate = useTranslate();
  const meta = useCallMeta();
  const disabled = editing && field.readOnlyInEdit;
  const hint = field.hint ? translate(field.hint) : undefined;
  /** A free text's hint and, after it, the most characters it takes (while it can be typed in). */
  const textHint = disabled ? hint : lengthHint(maxLength, hint);
  const common = {
    source,
    label,
    disabled,
    isRequired: field.required,
    helperText: hint ?? false,
    fullWidth: true,
  } as const;
  /** What the inputs of our own (dates, yen) and the switch take. */
  const plain = { source, label, disabled } as const;
  const onBlur = onCommit ? () => onCommit(source) : undefined;
  // Read after react-hook-form took the value (its onChange runs first).
  const onChange = onCommit ? () => onCommit(source) : undefined;
  const unit = field.unit ? translate(field.unit) : undefined;

  switch (field.input) {
    case 'text':
    case 'email':
    case 'time':
      return (
        <TextInput
          {...common}
          type={field.input === 'email' ? 'email' : 'text'}
          placeholder={field.input === 'time' ? '15:00' : undefined}
          helperText={field.input === 'time' ? common.helperText : (textHint ?? false)}
          onBlur={onBlur}
        />
      );
    case 'multiline':
      return <TextInput {...common} helperText={textHint ?? false} multiline minRows={3} onBlur={onBlur} />;
    case 'datetime':
      return <DateTimeInputJa {...plain} required={field.required} helperText={hint} />;
    case 'password':
      return <PasswordInput {...common} autoComplete="new-password" onBlur={onBlur} />;
    case 'colour':
      return <TextInput {...common} type="color" onBlur={onBlur} />;
    case 'yen':
      return <YenEntityInput {...plain} required={field.required} hint={hint} onCommit={onBlur} />;
    case 'integer':
      return (
        <NumberInput
          {...common}
          step={1}
          slotProps={{
            htmlInput: NUMBER_INPUT,
            input: { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> },
          }}
          onBlur={onBlur}
        />
      );
    case 'date':
      return <DateInputJa {...plain} helperText={hint} onCommit={onBlur} />;
    case 'switch':
      return (
        <BooleanInput
          {...plain}
          helperText={hint ?? false}
          format={(v: unknown) => v === 1 || v === true}
          parse={(v: boolean) => (v ? 1 : 0)}
          onChange={onChange}
        />
      );
    case 'select':
      return (
        <SelectInput
          {...common}
          choices={field.choices as { id: number | string; name: string }[]}
          emptyText={field.nullLabel ? translate(field.nullLabel) : undefined}
          onChange={onChange}
        />
      );
    case 'reference':
      return (
        <ReferenceInput
          source={source}
          reference={field.reference!}
          queryOptions={{ meta: { ...meta, choices: true } }}
        >
          <SelectInput
            {...common}
            optionText="name"
            emptyText={field.nullLabel ? translate(field.nullLabel) : undefined}
            emptyValue={field.nullLabel ? '' : undefined}
            parse={(v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v))}
            format={(v: unknown) => (v === null || v === undefined ? '' : v)}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            onChange={onChange}
          />
        </ReferenceInput>
      );
    case 'references':
      return (
        <ReferenceArrayInput
          source={source}
          reference={field.reference!}
          sort={BY_ID}
          perPage={CHOICES}
          queryOptions={{ meta: { ...meta, choices: true } }}
        >
          <CheckboxGroupInput {...common} optionText="name" onChange={onChange} />
        </ReferenceArrayInput>
      );
    case 'icon':
      // Each entity with an icon brings its own input (a plan's icon list): see EntityForm's `inputs`.
      return null;
  }
}

/** A field's own hint (if any), then 100文字以内: each its own line, the hint as it reads alone. */
export function LengthHint({ hint, max }: { hint?: ReactNode; max: number }) {
  const translate = useTranslate();
  const limit = translate('app.crud.max_length', { max });
  if (hint === undefined) return <>{limit}</>;
  return (
    <>
      <Box component="span" sx={{ display: 'block' }}>
        {hint}
      </Box>
      <Box component="span" sx={{ display: 'block' }}>
        {limit}
      </Box>
    </>
  );
}

/**
 * A text field's helper text: its hint with LengthHint's 100文字以内 after it, where its schema has a
 * limit (`maxLengthOf`); the hint alone where it has none. The generated forms' and the hand-written
 * ones' (mail templates, the settings page, the guest register).
 */
export function lengthHint(max: number | undefined, hint?: ReactNode): ReactNode {
  return max === undefined ? hint : <LengthHint hint={hint} max={max} />;
}

/** A yen field of a generated form: the console's one money input, bound to the form. */
function YenEntityInput({
  source,
  label,
  disabled,
  required,
  hint,
  onCommit,
}: {
  source: string;
  label: string;
  disabled?: boolean;
  required?: boolean;
  hint?: string;
  onCommit?: () => void;
}) {
  const { field, fieldState } = useInput({ source, format: (v: unknown) => v, parse: (v: unknown) => v });
  return (
    <YenInput
      name={source}
      label={label}
      value={(field.value as number | null | undefined) ?? null}
      parse={yenNumber}
      onChange={(value) => field.onChange(value)}
      onBlur={() => {
        field.onBlur();
        onCommit?.();
      }}
      disabled={disabled}
      required={required}
      error={fieldState.invalid}
      helperText={errorText(fieldState.error?.message) ?? hint}
      size="small"
      fullWidth
    />
  );
}
