import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { format, isValid } from 'date-fns';
import { useMemo, useRef, useState, type FocusEvent, type ReactNode } from 'react';
import { JaPickerProvider, wallTimeToPicker } from './JaPickerProvider';

/** The calendar's header the Japanese way: 2026年11月, not 11月 2026. */
const HEADER_FORMAT = 'yyyy年M月';

/** A picked calendar date as the API writes it; null when empty or not a real date. */
export const pickedToIso = (value: Date | null): string | null =>
  value && isValid(value) ? format(value, 'yyyy-MM-dd') : null;
const fromIso = (value: string | null): Date | null => wallTimeToPicker(value);

export interface DatePickerJaProps {
  label: string;
  /** yyyy-MM-dd or null (empty). */
  value: string | null;
  /**
   * yyyy-MM-dd, or null when emptied or while the typed date is not a real one; `typing` is true in
   * the second case (a date partly typed, or 2026-02-30), false for an empty field.
   */
  onChange: (date: string | null, typing: boolean) => void;
  /** The whole field was left (typing is over); moving between its 年, 月 and 日 is not leaving it. */
  onBlur?: () => void;
  /** A date was picked in the calendar (or 今日 / クリア pressed): the choice is final. Typing is not. */
  onAccept?: (date: string | null) => void;
  /** Form field name and id (tests and labels find the field by them). */
  name?: string;
  helperText?: ReactNode;
  error?: boolean;
  disabled?: boolean;
  /** Shows a clear button: for a date that may be left empty. */
  clearable?: boolean;
  minDate?: string | null;
  maxDate?: string | null;
  fullWidth?: boolean;
  size?: 'small' | 'medium';
}

/**
 * One calendar date with the Japanese picker (年/月/日 sections, 今日, Monday-first weeks), its value
 * as the API writes it. Reused wherever a date is typed or picked.
 */
export function DatePickerJa({
  label,
  value,
  onChange,
  onBlur,
  onAccept,
  name,
  helperText,
  error = false,
  disabled = false,
  clearable = false,
  minDate,
  maxDate,
  fullWidth = false,
  size = 'small',
}: DatePickerJaProps) {
  // A date being typed (not a real one yet) is shown as typed: the value given stays what it was,
  // and the picker must not be handed that value back, or it would put it over the typing.
  const [typed, setTyped] = useState<{ date: Date; over: string | null } | null>(null);
  const given = useMemo(() => fromIso(value), [value]);
  const shown = typed && typed.over === value ? typed.date : given;
  // Typing in the field "accepts" each complete date too: only a choice in the open calendar counts.
  const openRef = useRef(false);
  return (
    <JaPickerProvider>
      <DatePicker
        label={label}
        format="yyyy-MM-dd"
        value={shown}
        onChange={(picked) => {
          const typing = picked !== null && !isValid(picked);
          setTyped(typing ? { date: picked, over: value } : null);
          onChange(pickedToIso(picked), typing);
        }}
        onOpen={() => {
          openRef.current = true;
        }}
        onClose={() => {
          // After the accept of the same click.
          setTimeout(() => {
            openRef.current = false;
          });
        }}
        onAccept={(picked) => {
          if (openRef.current) onAccept?.(pickedToIso(picked));
        }}
        name={name}
        disabled={disabled}
        minDate={fromIso(minDate ?? null) ?? undefined}
        maxDate={fromIso(maxDate ?? null) ?? undefined}
        slotProps={{
          // Filled like react-admin's text fields beside it.
          textField: {
            size,
            fullWidth,
            helperText,
            error,
            id: name,
            variant: 'filled',
            // Focus moving from 年 to 月 inside the field is a blur of one section, not of the field.
            onBlur: (event: FocusEvent<HTMLDivElement>) => {
              if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onBlur?.();
            },
          },
          field: { clearable },
          calendarHeader: { format: HEADER_FORMAT },
          actionBar: { actions: clearable ? ['clear', 'today', 'accept'] : ['today', 'accept'] },
        }}
      />
    </JaPickerProvider>
  );
}
