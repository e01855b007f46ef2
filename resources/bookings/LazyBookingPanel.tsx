import { lazy, Suspense } from 'react';
import { CircularProgress, Paper } from '@mui/material';
import type { BookingPanelProps } from './BookingPanel';

const load = () => import('./BookingPanel');
const Panel = lazy(() => load().then((m) => ({ default: m.BookingPanel })));

/**
 * Fetches the panel's code (its forms, popups and the date picker, about 70 kB gzip) without
 * showing it: the calendar asks for it once it has painted, so that the first click opens at once
 * while the first week never waits for it.
 */
export function preloadBookingPanel(): void {
  void load().catch(() => undefined);
}

/** The booking panel, its code loaded on first use (see preloadBookingPanel). */
export function LazyBookingPanel(props: BookingPanelProps) {
  return (
    <Suspense
      fallback={
        <Paper variant="outlined" sx={{ p: 3, display: 'flex', justifyContent: 'center' }}>
          <CircularProgress size={28} />
        </Paper>
      }
    >
      <Panel {...props} />
    </Suspense>
  );
}
