import { useState } from 'react';
import { MenuItem, Stack, TableCell, TableRow, TextField } from '@mui/material';
import { tokyoToday } from '../../../contract/dates';
import type { DailyReport } from '../../../contract/dailyReport';
import { INVOICE_TITLES } from '../../../contract/invoice';
import { useAppDataProvider } from '../../../dataProvider/useAppDataProvider';
import { formatYen } from '../../../i18n/formats';
import type { appMessages } from '../../../i18n/ja';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { CsvDownloadButton } from '../../../src/components/CsvDownloadButton';
import { DatePickerJa } from '../../../src/components/DatePickerJa';
import { ListStatus } from '../../../src/components/ListStatus';
import { PageCard } from '../../../src/components/PageCard';
import { PlainTable } from '../../../src/components/PlainTable';
import { useApiQuery } from '../../../src/hooks/useApiQuery';
import { MonthSelect } from './MonthSelect';

type Key = keyof typeof appMessages.app.daily_report;

/** The report's rows as the table shows them: class, item, amount. */
function rowsOf(
  r: DailyReport,
  t: (key: Key, options?: Record<string, unknown>) => string,
): [string, string, number][] {
  return [
    [t('sales'), t('rate10'), r.sales['10'].amount],
    [t('sales'), t('rate10_tax'), r.sales['10'].tax],
    [t('sales'), t('rate8'), r.sales['8'].amount],
    [t('sales'), t('rate8_tax'), r.sales['8'].tax],
    [t('sales'), t('exempt'), r.sales.exempt],
    [t('sales'), t('total'), r.sales.total],
    [t('held'), t('accommodation_tax'), r.taxes.accommodation],
    [t('held'), t('bathing_tax'), r.taxes.bathing],
    ...r.payments.map((p): [string, string, number] => [
      t('payments'),
      t('count', { label: p.label, count: p.count }),
      p.amount,
    ]),
    [t('refunds'), t('count', { label: t('refunds'), count: r.refunds.count }), r.refunds.amount],
    ...r.documents.map((d): [string, string, number] => [
      t('documents'),
      t('count', { label: INVOICE_TITLES[d.kind], count: d.count }) +
        (d.voided ? t('voided', { count: d.voided }) : ''),
      d.amount,
    ]),
  ];
}

/**
 * 日計表・月計表 under the facility's register (issue 31): a day or a month, its sales by rate with
 * their tax, the taxes collected apart, the payments by pay type, the refunds and the documents
 * issued, and the same as CSV or PDF.
 */
export function DailyReportCard({ accommodationId }: { accommodationId: number }) {
  const translate = useAppTranslate();
  const t = (key: Key, options?: Record<string, unknown>) => translate(`app.daily_report.${key}`, options);
  const dataProvider = useAppDataProvider();
  const today = tokyoToday();
  const [span, setSpan] = useState<'day' | 'month'>('day');
  const [date, setDate] = useState(today);
  const [month, setMonth] = useState(today.slice(0, 7));
  const period = span === 'day' ? { date } : { month };
  const report = useApiQuery(['books', 'daily-report', { accommodationId, ...period }], (signal) =>
    dataProvider.getDailyReport(accommodationId, period, signal),
  );
  const data = report.status === 'ready' ? report.data : null;
  return (
    <PageCard title={t('title')} sx={{ mt: 2 }} data-testid="daily-report">
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}>
        <TextField
          select
          size="small"
          label={t('period')}
          value={span}
          onChange={(e) => setSpan(e.target.value as 'day' | 'month')}
          sx={{ width: 180 }}
        >
          <MenuItem value="day">{t('day')}</MenuItem>
          <MenuItem value="month">{t('month')}</MenuItem>
        </TextField>
        {span === 'day' ? (
          <DatePickerJa label={t('date')} name="date" value={date} onChange={(d) => d && setDate(d)} />
        ) : (
          <MonthSelect label={t('month_of')} value={month} onChange={setMonth} ahead={1} />
        )}
        {(['csv', 'pdf'] as const).map((format) => (
          <CsvDownloadButton
            key={format}
            load={() => dataProvider.downloadDailyReport(accommodationId, period, format)}
            failed={t('download_failed')}
            disabled={!data}
          >
            {format.toUpperCase()}
          </CsvDownloadButton>
        ))}
      </Stack>
      <ListStatus
        status={report.status}
        count={1}
        loadingLabel={t('title')}
        failedText={t('load_failed')}
        emptyText=""
      />
      {data && (
        <PlainTable
          columns={[
            { key: 'class', header: t('class') },
            { key: 'item', header: t('item') },
            { key: 'amount', header: t('amount'), align: 'right' },
          ]}
          testId="daily-report-table"
        >
          {rowsOf(data, t).map(([group, item, amount], i) => (
            <TableRow key={i}>
              <TableCell>{group}</TableCell>
              <TableCell>{item}</TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatYen(amount)}
              </TableCell>
            </TableRow>
          ))}
        </PlainTable>
      )}
    </PageCard>
  );
}
