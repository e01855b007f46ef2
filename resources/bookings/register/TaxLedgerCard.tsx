import { useState } from 'react';
import { MenuItem, Stack, TableCell, TableRow, TextField } from '@mui/material';
import { tokyoToday } from '../../../contract/dates';
import { EXEMPT_REASON_LABELS, TAX_KIND_LABELS, TAX_KINDS, type TaxKind } from '../../../contract/tax';
import { useAppDataProvider } from '../../../dataProvider/useAppDataProvider';
import { formatYen } from '../../../i18n/formats';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import type { appMessages } from '../../../i18n/ja';
import { CsvDownloadButton } from '../../../src/components/CsvDownloadButton';
import { ListStatus } from '../../../src/components/ListStatus';
import { PageCard } from '../../../src/components/PageCard';
import { PlainTable } from '../../../src/components/PlainTable';
import { useApiQuery } from '../../../src/hooks/useApiQuery';
import { MonthSelect } from './MonthSelect';

const count = (n: number) => n.toLocaleString('ja-JP');

/**
 * 宿泊税・入湯税の月計表 under the facility's register (issue 31): a month and a tax, the guest-nights
 * and tax per jurisdiction and amount, the exempt guest-nights by reason, the total to file, and the
 * same as CSV or PDF for the office's file.
 */
export function TaxLedgerCard({ accommodationId }: { accommodationId: number }) {
  const translate = useAppTranslate();
  const t = (key: keyof typeof appMessages.app.tax_ledger, options?: Record<string, unknown>) =>
    translate(`app.tax_ledger.${key}`, options);
  const dataProvider = useAppDataProvider();
  const [month, setMonth] = useState(tokyoToday().slice(0, 7));
  const [kind, setKind] = useState<TaxKind>('accommodation');
  const ledger = useApiQuery(['books', 'tax-ledger', { accommodationId, month, kind }], (signal) =>
    dataProvider.getTaxLedger(accommodationId, month, kind, signal),
  );
  const columns = [
    { key: 'class', header: t('class') },
    { key: 'jurisdiction', header: t('jurisdiction') },
    { key: 'per_person', header: t('per_person'), align: 'right' as const },
    { key: 'guest_nights', header: t('guest_nights'), align: 'right' as const },
    { key: 'amount', header: t('amount'), align: 'right' as const },
  ];
  const data = ledger.status === 'ready' ? ledger.data : null;
  return (
    <PageCard title={t('title')} sx={{ mt: 2 }} data-testid="tax-ledger">
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}>
        <MonthSelect label={t('month')} value={month} onChange={setMonth} ahead={3} />
        <TextField
          select
          size="small"
          label={t('kind')}
          value={kind}
          onChange={(e) => setKind(e.target.value as TaxKind)}
          sx={{ width: 140 }}
        >
          {TAX_KINDS.map((k) => (
            <MenuItem key={k} value={k}>
              {TAX_KIND_LABELS[k]}
            </MenuItem>
          ))}
        </TextField>
        {(['csv', 'pdf'] as const).map((format) => (
          <CsvDownloadButton
            key={format}
            load={() => dataProvider.downloadTaxLedger(accommodationId, month, kind, format)}
            failed={t('download_failed')}
            disabled={!data}
          >
            {t(format)}
          </CsvDownloadButton>
        ))}
      </Stack>
      <ListStatus
        status={ledger.status}
        count={data ? data.rows.length + data.exempt.length : 0}
        loadingLabel={t('title')}
        failedText={t('load_failed')}
        emptyText={t('empty')}
      />
      {data && data.rows.length + data.exempt.length > 0 && (
        <PlainTable columns={columns} testId="tax-ledger-table">
          {data.rows.map((r) => (
            <TableRow key={`${r.jurisdiction}-${r.amount_per_person}`}>
              <TableCell>{t('taxed')}</TableCell>
              <TableCell>{r.name}</TableCell>
              <TableCell align="right">{formatYen(r.amount_per_person)}</TableCell>
              <TableCell align="right">{count(r.guest_nights)}</TableCell>
              <TableCell align="right">{formatYen(r.amount)}</TableCell>
            </TableRow>
          ))}
          {data.exempt.map((e) => (
            <TableRow key={`${e.jurisdiction}-${e.reason}`}>
              <TableCell>{t('exempt', { reason: EXEMPT_REASON_LABELS[e.reason] })}</TableCell>
              <TableCell>{e.name}</TableCell>
              <TableCell />
              <TableCell align="right">{count(e.guest_nights)}</TableCell>
              <TableCell />
            </TableRow>
          ))}
          <TableRow>
            <TableCell sx={{ fontWeight: 700 }}>{t('total')}</TableCell>
            <TableCell />
            <TableCell />
            <TableCell align="right">{count(data.rows.reduce((s, r) => s + r.guest_nights, 0))}</TableCell>
            <TableCell align="right" sx={{ fontWeight: 700 }} data-testid="tax-ledger-total">
              {formatYen(data.total)}
            </TableCell>
          </TableRow>
        </PlainTable>
      )}
    </PageCard>
  );
}
