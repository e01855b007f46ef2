import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Stack,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Title } from 'react-admin';
import { defaultPettyCashRange, pettyCashListQuerySchema, type PettyCashList } from '../../contract/pettyCash';
import { failureMessage } from '../../dataProvider/apiErrors';
import { useAppDataProvider } from '../../dataProvider/useAppDataProvider';
import { formatDate, formatYen } from '../../i18n/formats';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { PlainTable } from '../../src/components/PlainTable';
import { DatePickerJa } from '../../src/components/DatePickerJa';
import { ForAccommodation } from '../../src/crud/ForAccommodation';
import { links } from '../../src/routes';
import { CsvDownloadButton } from '../../src/components/CsvDownloadButton';
import { PettyCashEntryDialog } from './PettyCashEntryDialog';
import { pettyCashRows, pettyCashTotals } from './pettyCashModel';

interface Range {
  start_date: string;
  end_date: string;
}

/** react-admin's `cashes` keys: a created entry invalidates ['cashes'] and the ledger reads again. */
const ledgerKey = (accommodationId: number, range: Range) => ['cashes', 'ledger', { accommodationId, ...range }];

/**
 * Petty cash of a facility (spec 2 "Detailed settings and petty cash", /m/accommodation/{id}/cash):
 * the range (next month by default, spec 9), 表示, the CSV of the range, and 追加 with the
 * direction; the table starts with the balance carried into the range, then each entry's money in
 * or out and the balance after it.
 */
export default function PettyCashPage() {
  const translate = useAppTranslate();
  return (
    <ForAccommodation link={links.cash}>
      {(accommodationId) => (
        <>
          <Title title={translate('app.page.cash')} preferenceKey={false} />
          <PettyCashLedger accommodationId={accommodationId} />
        </>
      )}
    </ForAccommodation>
  );
}

function PettyCashLedger({ accommodationId }: { accommodationId: number }) {
  const translate = useAppTranslate();
  const dataProvider = useAppDataProvider();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<{ start_date: string | null; end_date: string | null }>(defaultPettyCashRange);
  const [range, setRange] = useState<Range>(defaultPettyCashRange);
  const [adding, setAdding] = useState(false);

  const ledger = useQuery({
    queryKey: ledgerKey(accommodationId, range),
    queryFn: ({ signal }) => dataProvider.listPettyCash(accommodationId, range, signal),
  });

  // The range as the server would check it (end before start, over a year), said on the end date.
  const draftError =
    draft.start_date && draft.end_date
      ? pettyCashListQuerySchema.safeParse(draft).error?.issues[0]?.message
      : undefined;
  const draftReady = Boolean(draft.start_date && draft.end_date && !draftError);
  const show = () => {
    if (!draftReady) return;
    const next = { start_date: draft.start_date!, end_date: draft.end_date! };
    if (next.start_date === range.start_date && next.end_date === range.end_date) void ledger.refetch();
    else setRange(next);
  };

  return (
    <Card sx={{ mt: 1 }} data-testid="cash-page">
      <CardContent>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
          {translate('app.page.cash')}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start', mb: 2 }}>
          <DatePickerJa
            label={translate('resources.cashes.range.start')}
            name="start_date"
            value={draft.start_date}
            onChange={(date) => setDraft((d) => ({ ...d, start_date: date }))}
          />
          <DatePickerJa
            label={translate('resources.cashes.range.end')}
            name="end_date"
            value={draft.end_date}
            onChange={(date) => setDraft((d) => ({ ...d, end_date: date }))}
            error={Boolean(draftError)}
            helperText={draftError}
          />
          <Button variant="contained" onClick={show} disabled={!draftReady} data-testid="cash-show" sx={{ mt: 0.5 }}>
            {translate('resources.cashes.range.show')}
          </Button>
          <CsvDownloadButton
            load={() => dataProvider.downloadPettyCashCsv(accommodationId, range)}
            failed={translate('resources.cashes.messages.csv_failed')}
            disabled={!ledger.data}
            data-testid="cash-csv"
            sx={{ mt: 0.5 }}
          >
            {translate('resources.cashes.range.csv')}
          </CsvDownloadButton>
          <Box sx={{ flexGrow: 1 }} />
          <Button
            variant="contained"
            color="secondary"
            startIcon={<AddIcon />}
            onClick={() => setAdding(true)}
            data-testid="cash-add"
            sx={{ mt: 0.5 }}
          >
            {translate('resources.cashes.actions.new')}
          </Button>
        </Stack>
        {ledger.isPending ? (
          <CircularProgress sx={{ m: 2 }} />
        ) : ledger.isError ? (
          <Alert severity="error">
            {failureMessage(ledger.error, translate('resources.cashes.messages.load_failed'))}
          </Alert>
        ) : (
          <LedgerTable list={ledger.data} />
        )}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {translate('resources.cashes.correction_hint')}
        </Typography>
      </CardContent>
      {adding && (
        <PettyCashEntryDialog
          accommodationId={accommodationId}
          onClose={() => setAdding(false)}
          onCreated={() => {
            setAdding(false);
            void queryClient.invalidateQueries({ queryKey: ['cashes'] });
          }}
        />
      )}
    </Card>
  );
}

const money = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

function LedgerTable({ list }: { list: PettyCashList }) {
  const translate = useAppTranslate();
  const rows = pettyCashRows(list, translate('resources.cashes.carried'));
  const totals = pettyCashTotals(list);
  const columns = [
    { key: 'date', header: translate('resources.cashes.columns.date') },
    { key: 'incoming', header: translate('resources.cashes.columns.incoming'), align: 'right' as const },
    { key: 'outgoing', header: translate('resources.cashes.columns.outgoing'), align: 'right' as const },
    { key: 'balance', header: translate('resources.cashes.columns.balance'), align: 'right' as const },
    { key: 'use', header: translate('resources.cashes.columns.use') },
    { key: 'user', header: translate('resources.cashes.columns.user') },
  ];
  return (
    <>
      <Typography variant="subtitle2" sx={{ mb: 1 }} data-testid="cash-range">
        {formatDate(list.start_date)} 〜 {formatDate(list.end_date)}
      </Typography>
      <PlainTable columns={columns} testId="cash-table">
        {rows.map((row) => (
          <TableRow
            key={row.key}
            data-testid={row.kind === 'carried' ? 'cash-carried' : 'cash-row'}
            sx={row.kind === 'carried' ? { bgcolor: 'action.hover' } : undefined}
          >
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.date ? formatDate(row.date) : ''}</TableCell>
            <TableCell align="right" sx={money}>
              {row.incoming !== null ? formatYen(row.incoming) : ''}
            </TableCell>
            <TableCell align="right" sx={{ ...money, color: 'error.main' }}>
              {row.outgoing !== null ? formatYen(row.outgoing) : ''}
            </TableCell>
            <TableCell
              align="right"
              sx={{ ...money, fontWeight: 700, color: row.balance < 0 ? 'error.main' : undefined }}
            >
              {formatYen(row.balance)}
            </TableCell>
            <TableCell
              sx={row.kind === 'carried' ? { fontWeight: 700, whiteSpace: 'nowrap' } : { wordBreak: 'break-word' }}
            >
              {row.use}
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.user}</TableCell>
          </TableRow>
        ))}
        {list.cashes.length === 0 && (
          <TableRow>
            <TableCell colSpan={6} sx={{ color: 'text.secondary' }}>
              {translate('resources.cashes.messages.empty')}
            </TableCell>
          </TableRow>
        )}
        <TableRow data-testid="cash-closing" sx={{ '& td': { fontWeight: 700, borderTop: 2, borderColor: 'divider' } }}>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{translate('resources.cashes.closing')}</TableCell>
          <TableCell align="right" sx={money}>
            {formatYen(totals.incoming)}
          </TableCell>
          <TableCell align="right" sx={{ ...money, color: 'error.main' }}>
            {formatYen(totals.outgoing)}
          </TableCell>
          <TableCell align="right" sx={money}>
            {formatYen(list.balance)}
          </TableCell>
          <TableCell colSpan={2} />
        </TableRow>
      </PlainTable>
    </>
  );
}
