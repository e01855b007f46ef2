import { useCallback, useState } from 'react';
import { Box, Drawer, Stack, useMediaQuery } from '@mui/material';
import { Title } from 'react-admin';
import type { Booking } from '../../../contract/booking';
import { tokyoToday } from '../../../contract/dates';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { LazyBookingPanel as BookingPanel } from '../../../resources/bookings/shared';
import { AccommodationLinks } from './AccommodationLinks';
import { RefundList } from './RefundList';
import { SyncCheckTable } from '../../../resources/sync/health/SyncCheckTable';
import { SyncHealthCard } from '../../../resources/sync/health/SyncHealthCard';
import { MinpakuHouses } from './MinpakuHouses';
import { MonthTaxes } from './MonthTaxes';
import { OverbookedList } from './OverbookedList';
import { OverpaidList } from './OverpaidList';
import { TodayComments } from './TodayComments';
import { TodayPlans } from './TodayPlans';
import { UnpaidList } from './UnpaidList';
import { UnpaidTable } from './UnpaidTable';
import { UnreadMail } from './UnreadMail';

type Opened = { accommodationId: number; bookId: number };

/**
 * /m/: the home dashboard (spec section 2 "Home dashboard") over every accommodation the user may
 * reach. A booking clicked in any list opens its panel beside the lists on a wide screen, else over
 * them from the right; a change made there reloads the dashboard.
 */
export function DashboardPage() {
  const translate = useAppTranslate();
  const [today] = useState(() => tokyoToday());
  const [version, setVersion] = useState(0);
  const [opened, setOpened] = useState<Opened | null>(null);
  const wide = useMediaQuery('(min-width:1280px)');
  // Two columns of blocks when they fit, beside the panel too on a very wide screen.
  const twoColumns = useMediaQuery(opened && wide ? '(min-width:1900px)' : '(min-width:1200px)');

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const open = useCallback((b: Booking) => setOpened({ accommodationId: b.accommodation_id, bookId: b.id }), []);
  const close = useCallback(() => setOpened(null), []);
  const section = { today, version, selectedId: opened?.bookId ?? null, onOpen: open };

  const panel = opened && (
    <BookingPanel accommodationId={opened.accommodationId} bookId={opened.bookId} onClose={close} onChanged={reload} />
  );

  return (
    <>
      <Title title={translate('app.dashboard.title')} preferenceKey={false} />
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', mt: 1 }}>
        <Box
          sx={{
            flex: 1,
            minWidth: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: twoColumns ? 'minmax(0, 2fr) minmax(0, 1fr)' : 'minmax(0, 1fr)',
            alignItems: 'start',
          }}
        >
          <TodayPlans {...section} />
          <Stack spacing={2}>
            <TodayComments today={today} version={version} />
            <UnreadMail version={version} />
            <MinpakuHouses version={version} />
            <MonthTaxes version={version} />
            <AccommodationLinks />
          </Stack>
          <SyncCheckTable version={version} />
          <OverbookedList {...section} />
          <SyncHealthCard />
          <UnpaidList {...section} />
          <OverpaidList {...section} onRefunded={reload} />
          <Box sx={{ gridColumn: '1 / -1', minWidth: 0 }}>
            <RefundList version={version} onRefunded={reload} />
          </Box>
          <Box sx={{ gridColumn: '1 / -1', minWidth: 0 }}>
            <UnpaidTable {...section} />
          </Box>
        </Box>
        {panel && wide && (
          <Box
            sx={{
              width: 460,
              flexShrink: 0,
              position: 'sticky',
              top: 72,
              maxHeight: 'calc(100dvh - 96px)',
              overflowY: 'auto',
            }}
          >
            {panel}
          </Box>
        )}
      </Box>
      {panel && !wide && (
        <Drawer anchor="right" open onClose={close} slotProps={{ paper: { sx: { width: 'min(480px, 100vw)', p: 1 } } }}>
          {panel}
        </Drawer>
      )}
    </>
  );
}

export default DashboardPage;
