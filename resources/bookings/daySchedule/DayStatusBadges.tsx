import { useEffect, useState } from 'react';
import { Box, Chip, Typography } from '@mui/material';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { type DayStatus } from '../../../dataProvider/methods/bookings';
import { useAppDataProvider } from '../../../dataProvider/useAppDataProvider';

/** Per room type: 予約数/部屋数, red when over (GET /admin/books/date/{date}). */
export function DayStatusBadges({ accommodationId, date }: { accommodationId: number; date: string }) {
  const translate = useAppTranslate();
  const dataProvider = useAppDataProvider();
  const [status, setStatus] = useState<DayStatus | null>(null);
  useEffect(() => {
    let live = true;
    dataProvider
      .getDayStatus(date, accommodationId)
      .then((s) => live && setStatus(s))
      // The badges are a summary; the table below still shows the day's bookings.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [dataProvider, accommodationId, date]);
  if (!status || status.rooms.length === 0) return null;
  return (
    <Box component="section" aria-label={translate('app.day.status')} sx={{ mb: 2 }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {translate('app.day.status')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {status.rooms.map((r) => (
          <Chip
            key={r.room_id}
            size="small"
            data-testid="day-status"
            data-over={r.over ? 'true' : 'false'}
            color={r.over ? 'error' : r.booked >= r.capacity && r.capacity > 0 ? 'warning' : 'default'}
            variant={r.over || r.booked > 0 ? 'filled' : 'outlined'}
            label={`${r.room_name} ${r.booked}/${r.capacity}${r.over ? ` ${translate('app.day.status_over')}` : ''}`}
          />
        ))}
      </Box>
    </Box>
  );
}
