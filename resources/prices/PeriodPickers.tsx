import { Stack } from '@mui/material';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { jaJP } from '@mui/x-date-pickers/locales';
import { format, isValid, parseISO } from 'date-fns';
import { ja } from 'date-fns/locale/ja';
import { useAppTranslate } from '../../i18n/useAppTranslate';

/** Japanese picker texts (今日, キャンセル, 年/月/日 placeholders). */
const localeText = jaJP.components.MuiLocalizationProvider.defaultProps.localeText;

/** A picked calendar date as the API writes it; null when empty or not a real date. */
const toIso = (value: Date | null): string | null => (value && isValid(value) ? format(value, 'yyyy-MM-dd') : null);
const fromIso = (value: string | null): Date | null => (value ? parseISO(value) : null);

export interface PeriodPickersProps {
  start: string | null;
  end: string | null;
  onStart: (date: string | null) => void;
  onEnd: (date: string | null) => void;
  disabled?: boolean;
}

/** Start and end date (yyyy-MM-dd) with Japanese calendar pickers (spec section 2 "Price creator"). */
export function PeriodPickers({ start, end, onStart, onEnd, disabled = false }: PeriodPickersProps) {
  const translate = useAppTranslate();
  const common = {
    format: 'yyyy-MM-dd',
    disabled,
    slotProps: { textField: { size: 'small' as const, sx: { width: '12em' } } },
  };
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={ja} localeText={localeText}>
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', alignItems: 'center' }} data-testid="creator-period">
        <DatePicker
          {...common}
          label={translate('app.price.start_date')}
          value={fromIso(start)}
          onChange={(value) => onStart(toIso(value))}
        />
        <DatePicker
          {...common}
          label={translate('app.price.end_date')}
          value={fromIso(end)}
          minDate={fromIso(start) ?? undefined}
          onChange={(value) => onEnd(toIso(value))}
        />
      </Stack>
    </LocalizationProvider>
  );
}
