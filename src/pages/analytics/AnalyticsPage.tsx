import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Box, Button, Card, CardContent, Skeleton, TableCell, TableRow, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { Title } from 'react-admin';
import { useParams } from 'react-router-dom';
import {
  ANALYTICS_TOTAL_LABEL,
  analyticsColumns,
  analyticsDefinitions,
  type AnalyticsAnswer,
} from '../../../contract/analytics';
import { failureMessage } from '../../../dataProvider/apiErrors';
import { useApiQuery } from '../../hooks/useApiQuery';
import { useAppDataProvider } from '../../../dataProvider/useAppDataProvider';
import { formatDate, formatYen, formatYenAxis } from '../../../i18n/formats';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { PlainTable } from '../../components/PlainTable';
import { DatePickerJa } from '../../components/DatePickerJa';
import { FacilityIcon, normalizeColor } from '../../components/FacilityIcon';
import { CsvDownloadButton } from '../../components/CsvDownloadButton';
import { NotFoundPage } from '../../components/MessagePage';
import {
  figureCells,
  initialRange,
  percentText,
  rangeDates,
  rangeErrors,
  shortDate,
  type Range,
} from './analyticsModel';
import { fieldMark } from '../../crud/formErrors';

const CHART_HEIGHT = 280;
/** Room for a line of Japanese type under the axis: at the default height its tick labels are cut to nothing. */
const AXIS_HEIGHT = 34;

type Loaded =
  | { status: 'loading'; request: Request }
  | { status: 'failed'; request: Request; message: string }
  | { status: 'ready'; request: Request; answer: AnalyticsAnswer };

const columns = [
  { key: 'icon', header: '' },
  ...analyticsColumns.map((c) => ({
    key: c.key,
    header: c.screen,
    align: c.key === 'name' ? undefined : ('right' as const),
  })),
];

/**
 * /m/analitcs and /m/analitcs/{year}/{month} (spec 2 "Guest analysis", 9; issue 22): a range of stay
 * dates (next month by default, or the month of the address), 表示, the table of the facilities the
 * user reaches with its totals row and the three extra figures, the server's CSV, and beside the
 * table (below it on a phone) the occupancy of each day per facility and the amounts per facility.
 */
export default function AnalyticsPage() {
  const { year, month } = useParams<{ year?: string; month?: string }>();
  const opened = useMemo(() => initialRange({ year, month }), [year, month]);
  if (!opened) return <NotFoundPage />;
  // Another month's address opens that month afresh.
  return <AnalyticsView key={`${opened.start}/${opened.end}`} opened={opened} />;
}

/** One call asked for: a range and the press of 表示 that asked (the same range may be asked again). */
interface Request {
  range: Range;
  n: number;
}

function AnalyticsView({ opened }: { opened: Range }) {
  const translate = useAppTranslate();
  const dataProvider = useAppDataProvider();
  const [start, setStart] = useState<string | null>(opened.start);
  const [end, setEnd] = useState<string | null>(opened.end);
  const [request, setRequest] = useState<Request>({ range: opened, n: 0 });
  const [errors, setErrors] = useState<ReturnType<typeof rangeErrors>>(null);
  const shown = request.range;
  const loadFailed = translate('app.analytics.load_failed');

  const asked = useApiQuery(
    ['analytics', request.range.start, request.range.end, request.n],
    (signal) => dataProvider.getAnalytics(request.range.start, request.range.end, signal),
    { keepPrevious: false },
  );
  const loaded: Loaded =
    asked.status === 'ready'
      ? { status: 'ready', request, answer: asked.data }
      : asked.status === 'failed'
        ? { status: 'failed', request, message: failureMessage(asked.error, loadFailed) }
        : { status: 'loading', request };

  const show = () => {
    const found = rangeErrors(start, end);
    setErrors(found);
    if (found || !start || !end) return;
    setRequest((r) => ({ range: { start, end }, n: r.n + 1 }));
  };

  const ready = loaded.status === 'ready' ? loaded : null;
  const title = translate('app.page.analytics');

  return (
    <>
      <Title title={title} preferenceKey={false} />
      <Card sx={{ mt: 1 }}>
        <CardContent>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
            {title}
          </Typography>
          <Box
            component="form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              show();
            }}
            sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2, mb: 2 }}
          >
            <DatePickerJa
              label={translate('app.analytics.start')}
              name="start_date"
              value={start}
              onChange={(date) => setStart(date)}
              {...fieldMark(errors?.start_date)}
            />
            <DatePickerJa
              label={translate('app.analytics.end')}
              name="end_date"
              value={end}
              onChange={(date) => setEnd(date)}
              {...fieldMark(errors?.end_date)}
            />
            <Button type="submit" variant="contained" sx={{ mt: 1 }} data-testid="analytics-show">
              {translate('app.analytics.show')}
            </Button>
            <CsvDownloadButton
              load={() => dataProvider.downloadAnalyticsCsv(shown.start, shown.end)}
              failed={translate('app.analytics.download_failed')}
              disabled={!ready}
              data-testid="analytics-csv"
              sx={{ mt: 1 }}
            >
              {translate('app.analytics.csv')}
            </CsvDownloadButton>
          </Box>
          {
            <Typography color="text.secondary" sx={{ mb: 2 }} data-testid="analytics-period">
              {translate('app.analytics.period', {
                start: formatDate(loaded.request.range.start),
                end: formatDate(loaded.request.range.end),
              })}
            </Typography>
          }
          {loaded.status === 'failed' && <Alert severity="error">{loaded.message}</Alert>}
          {loaded.status === 'loading' && <Skeleton variant="rounded" height={240} />}
          {ready && ready.answer.rows.length === 0 && <Alert severity="info">{translate('app.analytics.empty')}</Alert>}
          {ready && ready.answer.rows.length > 0 && <AnalyticsBody answer={ready.answer} range={ready.request.range} />}
        </CardContent>
      </Card>
    </>
  );
}

function AnalyticsBody({ answer, range }: { answer: AnalyticsAnswer; range: Range }) {
  const translate = useAppTranslate();
  const dates = useMemo(() => rangeDates(range).map(shortDate), [range]);
  const chartLocale = {
    loading: translate('app.analytics.chart_loading'),
    noData: translate('app.analytics.chart_no_data'),
  };
  const colorOf = (color: string) => `#${normalizeColor(color)}`;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        // The charts beside the table where the table fits whole (xl), below it otherwise.
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', xl: 'minmax(0, 1fr) 440px' },
        alignItems: 'start',
      }}
    >
      <Box>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
          {translate('app.analytics.table_title')}
        </Typography>
        <PlainTable columns={columns} testId="analytics-table">
          {answer.rows.map((row) => (
            <TableRow key={row.accommodation_id} data-testid="analytics-row">
              <TableCell sx={{ width: 40 }}>
                <FacilityIcon color={row.color} shortName={row.short_name} size={28} title={row.name} />
              </TableCell>
              <TableCell sx={{ minWidth: 120, overflowWrap: 'anywhere' }}>{row.name}</TableCell>
              {figureCells(row).map((cell, i) => (
                <TableCell key={i} align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {cell}
                </TableCell>
              ))}
            </TableRow>
          ))}
          <TableRow
            data-testid="analytics-total"
            sx={{ '& td': { fontWeight: 700, borderTop: 2, borderTopColor: 'divider' } }}
          >
            <TableCell />
            <TableCell>{ANALYTICS_TOTAL_LABEL}</TableCell>
            {figureCells(answer.total).map((cell, i) => (
              <TableCell key={i} align="right" sx={{ whiteSpace: 'nowrap' }}>
                {cell}
              </TableCell>
            ))}
          </TableRow>
        </PlainTable>
        <Box component="ul" data-testid="analytics-definitions" sx={{ m: 0, mt: 1, pl: 2.5, color: 'text.secondary' }}>
          {analyticsDefinitions.map((text) => (
            <Typography key={text} component="li" variant="caption" sx={{ display: 'list-item' }}>
              {text}
            </Typography>
          ))}
        </Box>
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          minWidth: 0,
          // Two charts side by side under the table on a laptop; one above the other on a phone and beside the table.
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))', xl: 'minmax(0, 1fr)' },
        }}
      >
        <ChartBox testId="analytics-occupancy-chart" title={translate('app.analytics.occupancy_chart')}>
          <LineChart
            height={CHART_HEIGHT}
            localeText={chartLocale}
            xAxis={[{ scaleType: 'point', data: dates, height: AXIS_HEIGHT }]}
            yAxis={[{ min: 0, max: 100, valueFormatter: (v: number) => `${v}%` }]}
            series={answer.rows.map((row) => ({
              id: `occupancy-${row.accommodation_id}`,
              label: row.short_name || row.name,
              data: row.days,
              color: colorOf(row.color),
              showMark: dates.length <= 14,
              curve: 'linear' as const,
              valueFormatter: (v: number | null) => percentText(v),
            }))}
          />
        </ChartBox>
        <ChartBox testId="analytics-amount-chart" title={translate('app.analytics.amount_chart')}>
          <BarChart
            height={CHART_HEIGHT}
            localeText={chartLocale}
            xAxis={[{ scaleType: 'band', data: answer.rows.map((r) => r.short_name || r.name), height: AXIS_HEIGHT }]}
            yAxis={[
              {
                width: 72,
                // The ticks in 万 (100万円): in full yen they were cut to 1,000,00…; the tooltip keeps every yen.
                valueFormatter: (v: number, context: { location: string }) =>
                  context.location === 'tick' ? formatYenAxis(v) : formatYen(v),
              },
            ]}
            series={[
              {
                id: 'stay',
                label: translate('app.analytics.stay_amount'),
                data: answer.rows.map((r) => r.stay_amount),
                valueFormatter: (v: number | null) => (v === null ? '' : formatYen(v)),
              },
              {
                id: 'option',
                label: translate('app.analytics.option_amount'),
                data: answer.rows.map((r) => r.option_amount),
                valueFormatter: (v: number | null) => (v === null ? '' : formatYen(v)),
              },
            ]}
          />
        </ChartBox>
      </Box>
    </Box>
  );
}

/** One chart under its title. */
function ChartBox({ testId, title, children }: { testId: string; title: string; children: ReactNode }) {
  return (
    <Box data-testid={testId}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
