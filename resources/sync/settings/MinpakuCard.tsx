import { Alert, Box, LinearProgress, Stack, Typography } from '@mui/material';
import { countryName } from '../../../contract/countries';
import { dateJa, tokyoToday } from '../../../contract/dates';
import { MINPAKU_DAY_LIMIT, MINPAKU_WARNING_DAYS, nextReportPeriod } from '../../../contract/minpaku';
import { useAppDataProvider } from '../../../dataProvider/useAppDataProvider';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { useApiQuery } from '../../../src/hooks/useApiQuery';

/** Under `register_settings`: saving the licence reloads it with the settings. */
const minpakuKey = (accommodationId: number, part: string) => ['register_settings', accommodationId, part] as const;

/**
 * A minpaku house's year and its next report (住宅宿泊事業法, issue 30): the days with guests of this
 * fiscal year of the 180 allowed (a warning from 150), and the figures of the report due next with
 * its due date.
 */
export function MinpakuCard({ accommodationId }: { accommodationId: number }) {
  const translate = useAppTranslate();
  const dataProvider = useAppDataProvider();
  const next = nextReportPeriod(tokyoToday());
  const days = useApiQuery(minpakuKey(accommodationId, 'days'), (signal) =>
    dataProvider.getMinpakuDays(accommodationId, signal),
  );
  const report = useApiQuery(minpakuKey(accommodationId, `report-${next.year}-${next.period}`), (signal) =>
    dataProvider.getMinpakuReport(accommodationId, next.year, next.period, signal),
  );
  if (days.status === 'failed' || report.status === 'failed') {
    return <Alert severity="error">{translate('app.setting_page.minpaku.load_failed')}</Alert>;
  }
  if (days.status !== 'ready' || report.status !== 'ready') return <LinearProgress />;
  const { days_used: used, fiscal_year: fiscalYear, remaining } = days.data;
  const r = report.data;
  const warning = used >= MINPAKU_WARNING_DAYS;
  const nationalities = Object.entries(r.by_nationality)
    .sort(([, a], [, b]) => b - a)
    .map(([code, n]) =>
      translate('app.setting_page.minpaku.nationality', {
        country: code === 'unknown' ? translate('app.setting_page.minpaku.unknown') : countryName(code),
        count: n,
      }),
    )
    .join('、');
  const lastMonth = ((r.period % 12) + 1).toString();

  return (
    <Stack spacing={2} data-testid="minpaku-card" sx={{ maxWidth: 640 }}>
      <Box>
        <Typography variant="subtitle2">
          {translate('app.setting_page.minpaku.days_title', { year: fiscalYear })}
        </Typography>
        <Typography variant="h6" data-testid="minpaku-days">
          {translate('app.setting_page.minpaku.days', { used, limit: MINPAKU_DAY_LIMIT, remaining })}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={Math.min(100, (used / MINPAKU_DAY_LIMIT) * 100)}
          color={warning ? 'warning' : 'primary'}
          aria-label={translate('app.setting_page.minpaku.days_title', { year: fiscalYear })}
          sx={{ height: 8, borderRadius: 4, mt: 0.5 }}
        />
        {warning && (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {translate('app.setting_page.minpaku.warning', { limit: MINPAKU_DAY_LIMIT })}
          </Alert>
        )}
      </Box>
      <Box data-testid="minpaku-report">
        <Typography variant="subtitle2">
          {translate('app.setting_page.minpaku.report_title', {
            year: r.year,
            from: r.period,
            to: lastMonth,
            date: dateJa(r.due_date),
          })}
        </Typography>
        <Typography variant="body2">
          {translate('app.setting_page.minpaku.report', {
            days: r.days,
            guests: r.guests,
            nights: r.guest_nights,
          })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {nationalities || translate('app.setting_page.minpaku.no_guests')}
        </Typography>
      </Box>
    </Stack>
  );
}
