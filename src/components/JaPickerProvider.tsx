import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { jaJP } from '@mui/x-date-pickers/locales';
import { format, isValid } from 'date-fns';
import { ja } from 'date-fns/locale/ja';
import type { ReactNode } from 'react';
import { tokyoMinute } from '../../contract/dates';

/** Japanese picker texts (今日, キャンセル, 年/月/日/時/分 placeholders). */
const localeText = jaJP.components.MuiLocalizationProvider.defaultProps.localeText;

const WALL = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/;

/**
 * The pickers work on Dates of the browser's zone, so a wall time of Tokyo (yyyy-MM-dd or
 * yyyy-MM-ddTHH:mm) is handed over as a Date whose local clock reads it: what is shown and typed is
 * Tokyo time whatever the browser's zone, and no zone arithmetic happens here.
 */
export function wallTimeToPicker(value: string | null | undefined): Date | null {
  const m = WALL.exec(value ?? '');
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
  const date = new Date(year, month, day, Number(m[4] ?? 0), Number(m[5] ?? 0));
  // 2026-02-30 is no date: an invalid Date (the field shows its error), not 3月2日.
  return date.getFullYear() === year && date.getMonth() === month && date.getDate() === day ? date : new Date(NaN);
}

/** The picked local clock time back as yyyy-MM-ddTHH:mm; '' when empty or not a real date-time. */
export function pickerToWallTime(value: Date | null): string {
  return value && isValid(value) ? format(value, "yyyy-MM-dd'T'HH:mm") : '';
}

/**
 * The adapter's "now" (今日, the highlighted day, the clock's start) as the Tokyo wall time, so that
 * it matches the wall-time Dates above in any browser zone.
 */
class AdapterTokyoWallTime extends AdapterDateFns {
  constructor(...args: ConstructorParameters<typeof AdapterDateFns>) {
    super(...args);
    const base = this.date;
    this.date = ((value?: string | null) =>
      value === undefined ? wallTimeToPicker(tokyoMinute()) : base(value)) as typeof base;
  }
}

/**
 * The one setting of every date and date-time picker of the console: Japanese texts and weeks
 * (date-fns' ja), and today as Tokyo's today whatever the browser's zone.
 */
export function JaPickerProvider({ children }: { children: ReactNode }) {
  return (
    <LocalizationProvider dateAdapter={AdapterTokyoWallTime} adapterLocale={ja} localeText={localeText}>
      {children}
    </LocalizationProvider>
  );
}
