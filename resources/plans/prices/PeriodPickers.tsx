import { Box, Stack } from '@mui/material';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { DatePickerJa } from '../../../src/components/DatePickerJa';

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
  return (
    <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap', alignItems: 'center' }} data-testid="creator-period">
      <Box sx={{ width: '12em' }}>
        <DatePickerJa
          label={translate('app.price.start_date')}
          value={start}
          onChange={onStart}
          disabled={disabled}
          fullWidth
        />
      </Box>
      <Box sx={{ width: '12em' }}>
        <DatePickerJa
          label={translate('app.price.end_date')}
          value={end}
          onChange={onEnd}
          minDate={start}
          disabled={disabled}
          fullWidth
        />
      </Box>
    </Stack>
  );
}
