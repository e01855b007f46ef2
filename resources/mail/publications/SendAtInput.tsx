import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { jaJP } from '@mui/x-date-pickers/locales';
import { format, isValid } from 'date-fns';
import { ja } from 'date-fns/locale/ja';
import { useMemo, useState } from 'react';
import { useInput } from 'react-admin';
import { tokyoMinute } from '../../../contract/dates';

/** Japanese picker texts (今日, キャンセル, 年/月/日/時/分 placeholders). */
const localeText = jaJP.components.MuiLocalizationProvider.defaultProps.localeText;

/**
 * The adapter's "now" (今日, the highlighted day, the clock's start) as the Tokyo wall time, so that
 * it matches the wall-time Dates below in any browser zone.
 */
class AdapterTokyoWallTime extends AdapterDateFns {
  constructor(...args: ConstructorParameters<typeof AdapterDateFns>) {
    super(...args);
    const base = this.date;
    this.date = ((value?: string | null) =>
      value === undefined ? wallTimeToPicker(tokyoMinute()) : base(value)) as typeof base;
  }
}

/** What the field shows and takes: 2026年12月1日 10:00, 24 hours, whatever the browser's language. */
export const SEND_AT_FORMAT = 'yyyy年M月d日 HH:mm';
const WALL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * The form keeps the Tokyo wall time as yyyy-MM-ddTHH:mm (publicationFormat's tokyoInputToIso turns it
 * into ISO 8601 with +09:00). The picker works on Dates of the browser's zone, so it is handed a
 * Date whose local clock reads that wall time: what is shown and typed is Tokyo time whatever the
 * browser's zone, and no zone arithmetic happens here.
 */
export function wallTimeToPicker(value: string | null | undefined): Date | null {
  const m = WALL.exec(value ?? '');
  if (!m) return null;
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
}

/** The picked local clock time back as yyyy-MM-ddTHH:mm; '' when empty or not a real date-time. */
export function pickerToWallTime(value: Date | null): string {
  return value && isValid(value) ? format(value, "yyyy-MM-dd'T'HH:mm") : '';
}

/**
 * The send date-time of a bulk mail (Asia/Tokyo) with the Japanese date-time picker, bound to the
 * react-admin form field `source`.
 */
export function SendAtInput({ source, label }: { source: string; label: string }) {
  const { field } = useInput({ source, isRequired: true });
  const value = typeof field.value === 'string' ? field.value : '';
  // A date-time being typed (not complete yet) stays as typed: the form holds '' meanwhile, and
  // handing the picker null back would wipe the sections already typed.
  const [typed, setTyped] = useState<{ date: Date; over: string } | null>(null);
  const given = useMemo(() => wallTimeToPicker(value), [value]);
  const shown = typed && typed.over === value ? typed.date : given;
  return (
    <LocalizationProvider dateAdapter={AdapterTokyoWallTime} adapterLocale={ja} localeText={localeText}>
      <DateTimePicker
        label={label}
        format={SEND_AT_FORMAT}
        ampm={false}
        // The calendar and the hour and minute columns side by side need more room than a phone
        // has: there the picker opens as a full dialog instead.
        desktopModeMediaQuery="@media (pointer: fine) and (min-width: 600px)"
        value={shown}
        onChange={(picked) => {
          const wall = pickerToWallTime(picked);
          setTyped(picked !== null && !isValid(picked) ? { date: picked, over: wall } : null);
          field.onChange(wall);
        }}
        name={source}
        slotProps={{
          // Filled like react-admin's text fields above and below it.
          textField: {
            id: source,
            fullWidth: true,
            required: true,
            size: 'small',
            variant: 'filled',
            onBlur: field.onBlur,
            margin: 'dense',
            // The same room under the field as react-admin's inputs keep for their helper text.
            helperText: ' ',
          },
          // 2026年12月1日 as the format says, not 2026年12月01日.
          field: { shouldRespectLeadingZeros: true },
          calendarHeader: { format: 'yyyy年M月' },
          toolbar: { toolbarFormat: 'M月d日' },
          actionBar: { actions: ['today', 'accept'] },
        }}
      />
    </LocalizationProvider>
  );
}
