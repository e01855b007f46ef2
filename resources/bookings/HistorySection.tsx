import { useState } from 'react';
import { Box, Button, List, ListItem, ListItemText, Typography } from '@mui/material';
import HistoryEduIcon from '@mui/icons-material/HistoryEdu';
import { useQuery } from '@tanstack/react-query';
import type { Booking } from '../../contract/booking';
import type { PlanListItem } from '../../contract/plan';
import type { Room } from '../../contract/room';
import { useAccommodationList } from '../../src/crud/useAccommodationList';
import { useAppDataProvider } from '../../dataProvider/useAppDataProvider';
import { formatDateTime } from '../../i18n/formats';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { historyHeading, historyLine, type HistoryNames } from './historyModel';
import { EmptyNote, PanelSection } from './PanelSection';

/**
 * 履歴: who changed the booking, its payments, refunds and options, and what from what (newest
 * first), read when opened. A change saved in the panel refreshes it (react-admin's `books` queries).
 */
export function HistorySection({ booking }: { booking: Booking }) {
  const bookId = booking.id;
  const translate = useAppTranslate();
  const dataProvider = useAppDataProvider();
  const [open, setOpen] = useState(false);
  const { data, isPending, isError } = useQuery({
    queryKey: ['books', 'history', bookId],
    queryFn: () => dataProvider.getBookingHistory(bookId),
    enabled: open,
  });
  const t = (key: 'title' | 'show' | 'empty' | 'load_failed') => translate(`app.booking.audit.${key}`);
  // Room types and plans by name (the panel has read them already: react-admin's cache).
  const rooms = useAccommodationList<Room>('rooms', booking.accommodation_id).data ?? [];
  const plans = useAccommodationList<PlanListItem>('plans', booking.accommodation_id).data ?? [];
  const names: HistoryNames = {
    room: (id) => rooms.find((r) => r.id === id)?.name,
    plan: (id) => plans.find((p) => p.id === id)?.name,
  };

  return (
    <PanelSection
      title={t('title')}
      testId="booking-history"
      action={
        !open && (
          <Button size="small" startIcon={<HistoryEduIcon />} onClick={() => setOpen(true)}>
            {t('show')}
          </Button>
        )
      }
    >
      {open && isPending && <EmptyNote>{translate('app.booking.loading')}</EmptyNote>}
      {open && isError && <EmptyNote>{t('load_failed')}</EmptyNote>}
      {open && data && data.length === 0 && <EmptyNote>{t('empty')}</EmptyNote>}
      {open && data && data.length > 0 && (
        <List dense disablePadding>
          {data.map((h, i) => (
            <ListItem key={i} disableGutters data-testid="history-row" sx={{ alignItems: 'flex-start' }}>
              <ListItemText
                primary={
                  <Box component="span" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                    <Typography component="span" variant="body2" sx={{ fontWeight: 700 }}>
                      {historyHeading(h, translate)}
                    </Typography>
                    <Typography component="span" variant="body2" color="text.secondary">
                      {formatDateTime(h.at)} {h.user_name}
                    </Typography>
                  </Box>
                }
                secondary={historyLine(h, translate, names)}
              />
            </ListItem>
          ))}
        </List>
      )}
    </PanelSection>
  );
}
