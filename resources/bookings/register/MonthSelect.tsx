import { MenuItem, TextField } from '@mui/material';
import { addMonths, tokyoToday } from '../../../contract/dates';
import { formatYearMonth } from '../../../i18n/formats';

/** The months an office asks a report of: a few ahead (stays booked), back two years (returns filed late), the latest first. */
function monthChoices(ahead: number): string[] {
  const current = `${tokyoToday().slice(0, 7)}-01`;
  return Array.from({ length: ahead + 25 }, (_, i) => addMonths(current, ahead - i).slice(0, 7));
}

/** A month (yyyy-MM) chosen from a list shown as 2026年11月: the ledgers' and the 月計表's. */
export function MonthSelect(props: { label: string; value: string; onChange: (month: string) => void; ahead: number }) {
  return (
    <TextField
      select
      size="small"
      label={props.label}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      sx={{ width: 160 }}
    >
      {monthChoices(props.ahead).map((m) => (
        <MenuItem key={m} value={m}>
          {formatYearMonth(`${m}-01`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
