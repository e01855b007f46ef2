import { Typography } from '@mui/material';
import { useFieldValue, useRecordContext } from 'ra-core';
import { formatDate, formatDateTime } from '../../i18n/formats';

export interface DateFieldProps {
  source: string;
  label?: string;
  sortable?: boolean;
  /** Date-and-time (mail times) instead of the date alone. */
  showTime?: boolean;
  emptyText?: string;
}

/** "yyyy年M月d日" (or with "H:mm"), computed in Asia/Tokyo. */
export function DateField({ source, showTime = false, emptyText = '' }: DateFieldProps) {
  const record = useRecordContext();
  const value: unknown = useFieldValue({ source, record });
  const input = typeof value === 'string' || typeof value === 'number' || value instanceof Date ? value : null;
  const text = showTime ? formatDateTime(input) : formatDate(input);
  return (
    <Typography component="span" variant="body2">
      {text || emptyText}
    </Typography>
  );
}
