import { useCallback, useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Link as MuiLink,
  MenuItem,
  Skeleton,
  TableCell,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { alpha } from '@mui/material/styles';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { format } from 'date-fns';
import { ja } from 'date-fns/locale/ja';
import { Title, useNotify } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { tokyoToday, weekday } from '../../../contract/dates';
import { errorMessages } from '../../../contract/messages';
import {
  externalDayMarks,
  syncCheckMonthChoices,
  syncCheckMessages,
  syncCheckStatusLabels,
  syncResultLabels,
  type ChecksAnswer,
  type SyncCheckDisplayStatus,
} from '../../../contract/syncCheck';
import { useAccommodations } from '../../../dataProvider/accommodations';
import { failureMessage } from '../../../dataProvider/apiErrors';
import { HttpError } from '../../../dataProvider/http';
import { useApiQuery } from '../../../src/hooks/useApiQuery';
import { useAppDataProvider } from '../../../dataProvider/useAppDataProvider';
import { formatDateTime } from '../../../i18n/formats';
import type { AppMessageKey } from '../../../i18n/ja';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { PlainTable } from '../../../src/components/PlainTable';
import { useHolidays } from '../../../src/hooks/useHolidays';
import { links } from '../../../src/routes';
import { NotFoundPage } from '../../../src/components/MessagePage';
import { syncCheckView, type SyncCheckDay } from './syncCheckModel';

const COLUMNS: { key: AppMessageKey; align?: 'right' | 'center' }[] = [
  { key: 'app.sync_check.col_date' },
  { key: 'app.sync_check.col_ours', align: 'right' },
  { key: 'app.sync_check.col_site', align: 'center' },
  { key: 'app.sync_check.col_result' },
];

const STATUS_COLOR: Record<SyncCheckDisplayStatus, 'success' | 'error' | 'warning' | 'default'> = {
  ok: 'success',
  ng: 'error',
  error: 'warning',
  unknown: 'default',
  unreadable: 'warning',
};

/** The red of Sundays and holidays, as the calendar draws them (calendarCss.ts). */
const HOLIDAY_RED = '#c62828';

/** 'M/d(曜)' of a yyyy-MM-dd date. */
function shortDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return format(new Date(y, m - 1, d), 'M/d(E)', { locale: ja });
}

type Loaded =
  | { status: 'loading' }
  | { status: 'not_found' }
  | { status: 'failed'; message: string }
  | {
      status: 'ready';
      year: number;
      month: number;
      answer: ChecksAnswer;
      site: string | null;
      siteError: string | null;
    };

/**
 * .../plan/{plan_id}/sync/check (spec 2 "Sync check"): a month among the next 6 starting next
 * month, チェック recomputes it on the server, and the days of the plan's room type: our bookings
 * and rooms left, the site's status for the plan (the ikuyu call, spec 4 mapping), the result and
 * a link to the day's schedule for an error day. The days are listed by the spec's row rule
 * (contract showSyncCheckRows); otherwise the page says all is well.
 */
export default function SyncCheckPage() {
  const translate = useAppTranslate();
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const holidays = useHolidays();
  const params = useParams();
  const accommodationId = Number(params.id);
  const planId = Number(params.planId);
  const valid = Number.isInteger(accommodationId) && accommodationId > 0 && Number.isInteger(planId) && planId > 0;
  const { accommodations } = useAccommodations();
  const accommodation = accommodations.find((a) => a.id === accommodationId);
  const [today] = useState(() => tokyoToday());
  const choices = useMemo(() => syncCheckMonthChoices(today), [today]);
  const [offset, setOffset] = useState(1);
  const chosen = choices.find((c) => c.offset === offset) ?? choices[0]!;
  const [version, setVersion] = useState(0);
  const [running, setRunning] = useState(false);
  const [runError, setRunError] = useState<string | null>(null);

  const asked = useApiQuery(
    ['sync_checks', accommodationId, planId, chosen.year, chosen.month, version],
    async (signal) => {
      const checks = dataProvider.listSyncChecks(
        accommodationId,
        { year: chosen.year, month: chosen.month, plan_id: planId },
        signal,
      );
      // The site's status may fail alone: the page then says why beside our figures.
      const site = dataProvider
        .getIkuyuStatus(accommodationId, planId, chosen.year, chosen.month, signal)
        .then((status) => ({ status, error: null }))
        .catch((e: unknown) => ({ status: null, error: failureMessage(e, errorMessages.syncFailed) }));
      const [answer, s] = await Promise.all([checks, site]);
      return { year: chosen.year, month: chosen.month, answer, site: s.status, siteError: s.error };
    },
    { enabled: valid },
  );
  const loaded: Loaded =
    asked.status === 'ready'
      ? { status: 'ready', ...asked.data }
      : asked.status === 'loading'
        ? { status: 'loading' }
        : asked.error instanceof HttpError && asked.error.status === 404
          ? { status: 'not_found' }
          : { status: 'failed', message: failureMessage(asked.error, errorMessages.generic) };

  const run = useCallback(async () => {
    setRunning(true);
    setRunError(null);
    try {
      const answer = await dataProvider.runSyncCheck(accommodationId, chosen.offset);
      if (answer.error_message) {
        setRunError(answer.error_message);
        notify(answer.error_message, { type: 'error' });
      } else {
        notify(translate('app.sync_check.done', { month: chosen.label }), { type: 'success' });
      }
    } catch (e) {
      const message = failureMessage(e, errorMessages.syncFailed);
      setRunError(message);
      notify(message, { type: 'error' });
    } finally {
      setRunning(false);
      setVersion((v) => v + 1);
    }
  }, [dataProvider, accommodationId, chosen, notify, translate]);

  if (!valid || loaded.status === 'not_found') return <NotFoundPage />;

  // A month just chosen shows its skeleton until its answer is there (a reload keeps the rows shown).
  const ready =
    loaded.status === 'ready' && loaded.year === chosen.year && loaded.month === chosen.month ? loaded : null;
  // The site unread (its status now, or the check just run): the stored result is not called 正常.
  const siteFailed = Boolean(ready?.siteError || runError);
  const view = ready ? syncCheckView(ready.answer, ready.site, chosen.year, chosen.month, today, siteFailed) : null;
  const room = view?.roomId != null ? ready!.answer.rooms.find((r) => r.id === view.roomId) : undefined;
  const plan = ready?.answer.plan;
  const noIkyu = plan !== undefined && !plan.ikyu_id?.trim();

  return (
    <>
      <Title title={translate('app.page.sync_check')} preferenceKey={false} />
      <Card sx={{ mt: 1 }}>
        <CardContent>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 1, mb: 2 }}>
            <Button component={Link} to={links.plans(accommodationId)} startIcon={<ArrowBackIcon />} size="small">
              {translate('app.sync_check.back')}
            </Button>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
              {plan ? translate('app.sync_check.heading', { name: plan.name }) : translate('app.page.sync_check')}
            </Typography>
            {accommodation && <Typography color="text.secondary">{accommodation.name}</Typography>}
          </Box>

          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
            <TextField
              select
              size="small"
              label={translate('app.sync_check.month')}
              value={chosen.offset}
              onChange={(e) => {
                setOffset(Number(e.target.value));
                setRunError(null);
              }}
              fullWidth={false}
              sx={{ width: 200 }}
              slotProps={{ select: { inputProps: { 'data-testid': 'sync-check-month' } } }}
            >
              {choices.map((c) => (
                <MenuItem key={c.offset} value={c.offset}>
                  {c.label}
                </MenuItem>
              ))}
            </TextField>
            <Button
              variant="contained"
              onClick={() => void run()}
              disabled={running || !ready || view?.roomId == null}
              startIcon={running ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              {translate(running ? 'app.sync_check.running' : 'app.sync_check.run')}
            </Button>
          </Box>

          {loaded.status === 'failed' && <Alert severity="error">{loaded.message}</Alert>}
          {loaded.status !== 'failed' && !ready && <Skeleton variant="rounded" height={160} />}
          {ready && view && (
            <>
              {noIkyu ? (
                <Alert severity="info">{syncCheckMessages.noIkyuId}</Alert>
              ) : view.roomId === null ? (
                <Alert severity="info">{translate('app.sync_check.no_room')}</Alert>
              ) : (
                <Box
                  sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 1, mb: 2 }}
                  data-testid="sync-check-summary"
                >
                  <Typography>
                    {translate('app.sync_check.room')}: {room?.name}
                    {room?.channel_code && (
                      <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                        {translate('app.sync_check.room_code', { code: room.channel_code })}
                      </Typography>
                    )}
                  </Typography>
                  <Chip
                    size="small"
                    color={STATUS_COLOR[view.status]}
                    label={`${translate('app.sync_check.status')}: ${syncCheckStatusLabels[view.status]}`}
                    data-testid="sync-check-status"
                  />
                  {view.check && (
                    <Typography variant="body2" color="text.secondary">
                      {translate('app.sync_check.checked_at', { at: formatDateTime(view.check.created_at) })}
                    </Typography>
                  )}
                </Box>
              )}
              {runError && (
                <Alert severity="error" sx={{ mb: 2 }}>
                  {runError}
                </Alert>
              )}
              {!runError && view.status === 'error' && (
                <Alert severity="error" sx={{ mb: 2 }}>
                  {syncCheckMessages.checkFailed}
                </Alert>
              )}
              {ready.siteError && !noIkyu && (
                <Alert severity="warning" sx={{ mb: 2 }}>
                  {translate('app.sync_check.site_failed', { message: ready.siteError })}
                </Alert>
              )}
              {view.roomId !== null && !view.check && (
                <Alert severity="info" sx={{ mb: 2 }}>
                  {translate('app.sync_check.not_checked')}
                </Alert>
              )}
              {view.roomId !== null &&
                (view.showRows ? (
                  <>
                    <DayList accommodationId={accommodationId} days={view.days} holidays={holidays} />
                    <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                      {translate('app.sync_check.legend')}
                    </Typography>
                  </>
                ) : (
                  view.check &&
                  !view.unreadable && (
                    <Alert severity="success" data-testid="sync-check-fine">
                      {translate(view.hasErrors ? 'app.sync_check.past_only' : 'app.sync_check.all_fine')}
                    </Alert>
                  )
                ))}
            </>
          )}
        </CardContent>
      </Card>
    </>
  );
}

function DayList({
  accommodationId,
  days,
  holidays,
}: {
  accommodationId: number;
  days: readonly SyncCheckDay[];
  holidays: ReadonlyMap<string, string>;
}) {
  const translate = useAppTranslate();
  const columns = COLUMNS.map((c) => ({
    key: c.key,
    // 外部サイト is サイト on a phone.
    header:
      c.key === 'app.sync_check.col_site' ? (
        <>
          <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
            {translate('app.sync_check.col_site_prefix')}
          </Box>
          {translate('app.sync_check.col_site_short')}
        </>
      ) : (
        translate(c.key)
      ),
    align: c.align,
  }));
  return (
    // Narrower cells on a phone: the four columns fit 390 px, the result wrapping under its link.
    <Box sx={{ '& .MuiTableCell-root': { px: { xs: 0.5, sm: 2 } } }}>
      <PlainTable columns={columns} testId="sync-check-days">
        {days.map((d) => {
          const red = weekday(d.date) === 0 || holidays.has(d.date);
          const error = d.result !== null && d.result !== 0;
          const mark = externalDayMarks[`${d.site}`];
          return (
            <TableRow
              key={d.date}
              data-date={d.date}
              data-result={d.result ?? ''}
              sx={
                error
                  ? { bgcolor: (t) => alpha(d.result === 1 ? t.palette.error.main : t.palette.warning.main, 0.1) }
                  : undefined
              }
            >
              <TableCell
                sx={{ whiteSpace: 'nowrap', color: red ? HOLIDAY_RED : undefined }}
                title={holidays.get(d.date)}
              >
                {shortDay(d.date)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {d.booked === null || d.left === null
                  ? '－'
                  : translate('app.sync_check.ours_value', { booked: d.booked, left: d.left })}
              </TableCell>
              <TableCell align="center" title={mark.label} aria-label={mark.label}>
                {mark.mark}
              </TableCell>
              <TableCell
                sx={{
                  minWidth: '7em',
                  color: error ? (d.result === 1 ? 'error.main' : 'warning.dark') : 'text.secondary',
                }}
              >
                <Box
                  component="span"
                  sx={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1.5 }}
                >
                  <span>{d.result === null ? '－' : syncResultLabels[d.result]}</span>
                  {error && (
                    <MuiLink
                      component={Link}
                      to={links.dayOf(accommodationId, d.date)}
                      sx={{ whiteSpace: 'nowrap', fontWeight: 700 }}
                    >
                      {translate('app.sync_check.needs_check')}
                    </MuiLink>
                  )}
                </Box>
              </TableCell>
            </TableRow>
          );
        })}
      </PlainTable>
    </Box>
  );
}
