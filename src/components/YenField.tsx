import { Typography } from '@mui/material';
import { useFieldValue, useRecordContext } from 'ra-core';
import { formatYen } from '../../i18n/formats';

export interface YenFieldProps {
  source: string;
  /** Column header in a Datagrid. */
  label?: string;
  sortable?: boolean;
  emptyText?: string;
}

/** An amount with thousands separators and 円 ("12,345円"). */
export function YenField({ source, emptyText = '' }: YenFieldProps) {
  const record = useRecordContext();
  const value: unknown = useFieldValue({ source, record });
  const text = typeof value === 'number' || typeof value === 'string' ? formatYen(value) : '';
  return (
    <Typography component="span" variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
      {text || emptyText}
    </Typography>
  );
}
