import { Alert, CircularProgress } from '@mui/material';

export interface ListStatusProps {
  status: 'loading' | 'ready' | 'failed';
  /** Rows loaded: an empty list says so. */
  count: number;
  loadingLabel: string;
  failedText: string;
  emptyText: string;
}

/** What a list shows instead of its rows: a spinner while loading, the error, or that it is empty. */
export function ListStatus({ status, count, loadingLabel, failedText, emptyText }: ListStatusProps) {
  if (status === 'loading') return <CircularProgress size={28} aria-label={loadingLabel} />;
  if (status === 'failed') return <Alert severity="error">{failedText}</Alert>;
  if (count === 0) return <Alert severity="info">{emptyText}</Alert>;
  return null;
}

/** width 0 + min-width 100%: a wide table scrolls inside its card instead of widening the page. */
export const tableScrollSx = { width: 0, minWidth: '100%', overflowX: 'auto' } as const;
