import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Title } from 'react-admin';
import { defaultPettyCashRange, pettyCashListQuerySchema, type PettyCash } from '../../contract/pettyCash';
import { failureMessage } from '../../dataProvider/apiErrors';
import { useAppDataProvider } from '../../dataProvider/useAppDataProvider';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { DatePickerJa } from '../../src/components/DatePickerJa';
import { ForAccommodation } from '../../src/crud/ForAccommodation';
import { links } from '../../src/routes';
import { CsvDownloadButton } from '../../src/components/CsvDownloadButton';
import { PettyCashCorrectionDialog } from './PettyCashCorrectionDialog';
import { PettyCashEntryDialog } from './PettyCashEntryDialog';
import { LedgerTable } from './PettyCashLedgerTable';

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
 * or out and the balance after it. Each ordinary entry has 訂正 (issue 32): a reversing entry with
 * its reason; the pair is shown together (訂正済み on the entry, No.12 の訂正：理由 on its reversal).
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
  const [correcting, setCorrecting] = useState<PettyCash | null>(null);
  const reload = () => void queryClient.invalidateQueries({ queryKey: ['cashes'] });

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
          <LedgerTable list={ledger.data} onCorrect={setCorrecting} />
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
            reload();
          }}
        />
      )}
      {correcting && (
        <PettyCashCorrectionDialog
          accommodationId={accommodationId}
          entry={correcting}
          onClose={() => setCorrecting(null)}
          onCorrected={() => {
            setCorrecting(null);
            reload();
          }}
          onStale={reload}
        />
      )}
    </Card>
  );
}
