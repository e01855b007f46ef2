import { Box, useMediaQuery, type Theme } from '@mui/material';
import type { AppMessageKey } from '../../../i18n/ja';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { PlainTable } from '../../components/PlainTable';
import { ListStatus } from '../../components/ListStatus';
import { RefundItem, RefundRow } from './RefundRow';
import { SectionCard } from '../../components/SectionCard';
import { rowsOf, useApiQuery } from '../../hooks/useApiQuery';
import { useAppDataProvider } from '../../../dataProvider/useAppDataProvider';

const COLUMNS: AppMessageKey[] = [
  'app.dashboard.refund.col_facility',
  'app.dashboard.refund.col_guest',
  'app.dashboard.refund.col_stay',
  'app.dashboard.refund.col_paid',
  'app.dashboard.refund.col_cancel_fee',
  'app.dashboard.refund.col_amount',
];
const RIGHT = new Set<AppMessageKey>([
  'app.dashboard.refund.col_paid',
  'app.dashboard.refund.col_cancel_fee',
  'app.dashboard.refund.col_amount',
]);

/**
 * Cancelled bookings that still hold money (GET /admin/books/deleted/paid): one compact line each, the
 * most it may get back, and 返金 opening its refund in a popup.
 */
export function RefundList({ version, onRefunded }: { version: number; onRefunded: () => void }) {
  const translate = useAppTranslate();
  const dataProvider = useAppDataProvider();
  const columns = [
    ...COLUMNS.map((key) => ({ key, header: translate(key), align: RIGHT.has(key) ? 'right' : 'left' }) as const),
    // 返金, which opens the refund popup: no heading of its own.
    { key: 'action', header: '' },
  ];
  const state = useApiQuery(['books', 'refunds-needed', version], () => dataProvider.listRefundsNeeded());
  const books = rowsOf(state);
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));

  return (
    <SectionCard title={translate('app.dashboard.refund.title')} count={books.length} testId="refunds-needed">
      <ListStatus
        status={state.status}
        count={books.length}
        loadingLabel={translate('app.dashboard.loading')}
        failedText={translate('app.dashboard.load_failed')}
        emptyText={translate('app.dashboard.refund.empty')}
      />
      {books.length > 0 && narrow && (
        <Box component="ul" sx={{ m: 0, p: 0 }}>
          {books.map((b) => (
            <RefundItem key={`${b.id}:${b.price}`} booking={b} onRefunded={onRefunded} />
          ))}
        </Box>
      )}
      {books.length > 0 && !narrow && (
        <PlainTable columns={columns}>
          {books.map((b) => (
            // A new paid amount is a new row: a fresh default amount and a fresh operation key.
            <RefundRow key={`${b.id}:${b.price}`} booking={b} onRefunded={onRefunded} />
          ))}
        </PlainTable>
      )}
    </SectionCard>
  );
}
