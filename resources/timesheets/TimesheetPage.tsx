import { Fragment, useState } from 'react';
import { Alert, Box, Button, Chip, LinearProgress, Stack, TableCell, TableRow, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { format } from 'date-fns';
import { ja } from 'date-fns/locale/ja';
import { Title, useGetIdentity, useNotify, usePermissions } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { dateRange, tokyoToday, weekday } from '../../contract/dates';
import { infoMessages } from '../../contract/messages';
import { dayCovered, type TimesheetEntry } from '../../contract/timesheetGroup';
import type { Permissions } from '../../dataProvider/authProvider';
import { HttpError } from '../../dataProvider/http';
import { useAppDataProvider } from '../../dataProvider/useAppDataProvider';
import { formatDate } from '../../i18n/formats';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { groupState } from './TimesheetList';
import { ConfirmDialog } from '../../src/components/ConfirmDialog';
import { FacilityIcon } from '../../src/components/FacilityIcon';
import { wrappingCardHeaderSx } from '../../src/components/phoneSx';
import { refusalMessage } from '../../src/crud/formErrors';
import { useHolidays } from '../../src/hooks/useHolidays';
import { links } from '../../src/routes';
import { NotFoundPage } from '../../src/components/MessagePage';
import { ScrollTable } from '../../src/components/ScrollTable';
import { PageCard } from '../../src/components/PageCard';

/** The red of Sundays and holidays, as the calendar draws them. */
const HOLIDAY_RED = '#c62828';

/** 'M/d(曜)' of a yyyy-MM-dd date. */
function shortDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return format(new Date(y, m - 1, d), 'M/d(E)', { locale: ja });
}

const slotKey = (userId: number, date: string, accommodationId: number) => `${userId}/${date}/${accommodationId}`;

/**
 * /m/timesheet/{id}: the shift calendar of a group. The header holds the staff-type users (never
 * administrators), each over the icons of the facilities the viewer reaches; one row per day from
 * start to end (M/d with the weekday, Sundays and holidays in red), and whether every facility has
 * someone assigned that day (shown to staff once released: until then they get only their own
 * marks). A member of staff presses the cells of their own column to mark the days and facilities
 * they can work until the deadline (again to withdraw); an administrator presses a marked cell (○)
 * to assign (◎) and releases the group. Released, everything is read-only.
 */
export default function TimesheetPage() {
  const { id } = useParams<{ id: string }>();
  const groupId = Number(id);
  const translate = useAppTranslate();
  const notify = useNotify();
  const dataProvider = useAppDataProvider();
  const queryClient = useQueryClient();
  const holidays = useHolidays();
  const { identity } = useGetIdentity();
  const { permissions } = usePermissions<Permissions>();
  const isAdmin = Boolean(permissions?.isAdmin);
  const me = identity ? Number(identity.id) : null;
  const [busy, setBusy] = useState<string | null>(null);
  const [releasing, setReleasing] = useState(false);
  const [releaseBusy, setReleaseBusy] = useState(false);
  const validId = Number.isInteger(groupId) && groupId > 0;
  const sheetKey = ['timesheets', 'sheet', groupId];
  const query = useQuery({
    queryKey: sheetKey,
    queryFn: ({ signal }) => dataProvider.getTimesheetSheet(groupId, signal),
    enabled: validId,
    retry: false,
  });
  const load = () => query.refetch();
  /** The group list and the own shifts read again; this sheet is kept as it was just set. */
  const refreshOthers = () =>
    queryClient.invalidateQueries({ queryKey: ['timesheets'], predicate: (q) => q.queryKey[1] !== 'sheet' });

  const title = translate('app.page.timesheet_detail');
  if (!validId || (query.error instanceof HttpError && query.error.status === 404)) return <NotFoundPage />;
  if (query.error) {
    return <Alert severity="error">{refusalMessage(query.error, translate('app.timesheet.load_failed'))}</Alert>;
  }
  if (!query.data) return <LinearProgress />;

  const sheet = query.data;
  const { group, users, accommodations, entries } = sheet;
  const bySlot = new Map<string, TimesheetEntry>(
    entries.map((e) => [slotKey(e.user_id, e.target_date, e.accommodation_id), e]),
  );
  const days = dateRange(group.start_date, group.end_date);
  const state = groupState(group, tokyoToday());

  const replaceEntries = (next: TimesheetEntry[]) => queryClient.setQueryData(sheetKey, { ...sheet, entries: next });

  const press = async (userId: number, date: string, accommodationId: number) => {
    const key = slotKey(userId, date, accommodationId);
    const entry = bySlot.get(key);
    const name = users.find((u) => u.id === userId)?.name ?? '';
    setBusy(key);
    try {
      if (sheet.can_assign) {
        if (!entry) return;
        const assigned = entry.assigned !== 1;
        await dataProvider.assignShift(groupId, {
          user_id: userId,
          target_date: date,
          accommodation_id: accommodationId,
          assigned,
        });
        replaceEntries(entries.map((e) => (e === entry ? { ...e, assigned: assigned ? 1 : 0 } : e)));
        notify(translate(assigned ? 'app.timesheet.assigned_done' : 'app.timesheet.unassigned_done', { name }), {
          type: 'success',
        });
      } else if (sheet.can_mark && userId === me) {
        const marked = !entry;
        await dataProvider.markShift(groupId, { target_date: date, accommodation_id: accommodationId, marked });
        replaceEntries(
          marked
            ? [...entries, { user_id: userId, target_date: date, accommodation_id: accommodationId, assigned: 0 }]
            : entries.filter((e) => e !== entry),
        );
        notify(marked ? translate('app.timesheet.marked_done') : infoMessages.shiftRequestDeleted, { type: 'success' });
      }
      void refreshOthers();
    } catch (failure) {
      notify(refusalMessage(failure), { type: 'error' });
      await load();
    } finally {
      setBusy(null);
    }
  };

  const release = async () => {
    setReleaseBusy(true);
    try {
      await dataProvider.update('timesheets', { id: groupId, data: { release_flg: 1 }, previousData: group });
      notify(translate('app.timesheet.released_done'), { type: 'success' });
      setReleasing(false);
      void refreshOthers();
      await load();
    } catch (failure) {
      notify(refusalMessage(failure), { type: 'error' });
      setReleasing(false);
    } finally {
      setReleaseBusy(false);
    }
  };

  const cellAction = (userId: number, entry: TimesheetEntry | undefined) =>
    (sheet.can_assign && entry !== undefined) || (sheet.can_mark && userId === me);
  const readOnly = !sheet.can_assign && !sheet.can_mark;
  // Staff get only their own marks until the release, so a day's coverage would mislead them.
  const showCoverage = isAdmin || state === 'released';

  return (
    <Stack sx={{ gap: 2, mt: 1, minWidth: 0 }}>
      <Title title={title} preferenceKey={false} />
      <PageCard
        sx={{ minWidth: 0, width: '100%' }}
        data-testid="timesheet-sheet"
        data-state={state}
        headerSx={wrappingCardHeaderSx}
        title={title}
        subheader={
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center', mt: 0.5 }}>
            <Typography variant="body2" component="span">
              {translate('app.timesheet.period')}:{' '}
              {translate('app.timesheet.period_value', {
                start: formatDate(group.start_date),
                end: formatDate(group.end_date),
              })}
            </Typography>
            <Typography variant="body2" component="span">
              {translate('app.timesheet.deadline')}: {formatDate(group.end_at)}
            </Typography>
            <Chip
              size="small"
              color={state === 'released' ? 'success' : state === 'open' ? 'primary' : 'default'}
              label={translate(`app.timesheet.${state}`)}
              data-testid="timesheet-state"
            />
          </Stack>
        }
        action={
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            <Button component={Link} to={links.timesheets()} startIcon={<ArrowBackIcon />}>
              {translate('app.timesheet.back')}
            </Button>
            {sheet.can_assign && (
              <Button variant="contained" onClick={() => setReleasing(true)} data-testid="timesheet-release">
                {translate('app.timesheet.release')}
              </Button>
            )}
          </Stack>
        }
      >
        {state === 'released' && (
          <Alert severity="info" sx={{ mb: 1 }} data-testid="timesheet-read-only">
            {translate('app.timesheet.read_only')}
          </Alert>
        )}
        {state !== 'released' && !isAdmin && !sheet.can_mark && (
          <Alert severity="warning" sx={{ mb: 1 }}>
            {translate('app.timesheet.deadline_passed')}
          </Alert>
        )}
        {!readOnly && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {translate(sheet.can_assign ? 'app.timesheet.admin_hint' : 'app.timesheet.staff_hint')}
          </Typography>
        )}
        {users.length === 0 ? (
          <Typography color="text.secondary">{translate('app.timesheet.no_staff')}</Typography>
        ) : (
          <ScrollTable
            data-testid="timesheet-grid"
            sx={{
              '& th, & td': {
                px: 0.5,
                py: 0.25,
                textAlign: 'center',
                borderRight: '1px solid',
                borderColor: 'divider',
              },
              '& th': { fontWeight: 700, whiteSpace: 'nowrap' },
            }}
            head={
              <>
                <TableRow>
                  <TableCell rowSpan={2} sx={stickySx}>
                    {translate('app.timesheet.date')}
                  </TableCell>
                  {users.map((u) => (
                    <TableCell
                      key={u.id}
                      colSpan={Math.max(1, accommodations.length)}
                      data-testid="timesheet-user"
                      sx={u.id === me ? { bgcolor: '#e3f2fd', color: 'primary.dark' } : undefined}
                    >
                      {u.name}
                    </TableCell>
                  ))}
                  {showCoverage && <TableCell rowSpan={2}>{translate('app.timesheet.coverage')}</TableCell>}
                </TableRow>
                <TableRow>
                  {users.map((u) =>
                    accommodations.map((a) => (
                      <TableCell key={`${u.id}-${a.id}`}>
                        <Box sx={{ display: 'flex', justifyContent: 'center' }}>
                          <FacilityIcon color={a.color} shortName={a.short_name} size={24} title={a.name} />
                        </Box>
                      </TableCell>
                    )),
                  )}
                </TableRow>
              </>
            }
          >
            {days.map((date) => {
              const red = weekday(date) === 0 || holidays.has(date);
              // The facilities nobody is placed at that day (issue 32: 未配置 said nothing of which).
              const uncovered = accommodations.filter((a) => !dayCovered(entries, date, [a.id]));
              const covered = uncovered.length === 0;
              return (
                <TableRow key={date} data-testid="timesheet-day" data-date={date}>
                  <TableCell
                    sx={{ ...stickySx, whiteSpace: 'nowrap', color: red ? HOLIDAY_RED : undefined }}
                    title={holidays.get(date)}
                    data-holiday={red ? 'true' : undefined}
                  >
                    {shortDay(date)}
                  </TableCell>
                  {users.map((u) => (
                    <Fragment key={u.id}>
                      {accommodations.map((a) => {
                        const key = slotKey(u.id, date, a.id);
                        const entry = bySlot.get(key);
                        const active = cellAction(u.id, entry);
                        const mark = entry ? (entry.assigned === 1 ? '◎' : '○') : '';
                        const label = translate('app.timesheet.cell_label', {
                          date: shortDay(date),
                          user: u.name,
                          facility: a.name,
                        });
                        return (
                          <TableCell
                            key={a.id}
                            data-testid="timesheet-cell"
                            data-user={u.id}
                            data-accommodation={a.id}
                            data-state={entry ? (entry.assigned === 1 ? 'assigned' : 'marked') : 'none'}
                            sx={{
                              minWidth: 32,
                              p: '0 !important',
                              bgcolor: entry?.assigned === 1 ? '#c8e6c9' : entry ? '#e3f2fd' : undefined,
                            }}
                          >
                            {active ? (
                              <Box
                                component="button"
                                type="button"
                                aria-label={label}
                                aria-pressed={entry !== undefined && (sheet.can_mark || entry.assigned === 1)}
                                disabled={busy !== null}
                                onClick={() => void press(u.id, date, a.id)}
                                sx={{
                                  width: '100%',
                                  minHeight: 32,
                                  border: 0,
                                  bgcolor: 'transparent',
                                  cursor: 'pointer',
                                  fontSize: 16,
                                  '&:hover': { bgcolor: 'action.hover' },
                                  '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
                                }}
                              >
                                {busy === key ? '…' : mark}
                              </Box>
                            ) : (
                              <Box aria-label={mark ? label : undefined} sx={{ minHeight: 32, lineHeight: '32px' }}>
                                {mark}
                              </Box>
                            )}
                          </TableCell>
                        );
                      })}
                    </Fragment>
                  ))}
                  {showCoverage && (
                    <TableCell
                      data-testid="timesheet-coverage"
                      data-uncovered={uncovered.map((a) => a.id).join(',')}
                      sx={{
                        whiteSpace: 'nowrap',
                        color: covered ? 'success.main' : 'warning.dark',
                        fontWeight: 700,
                      }}
                    >
                      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                        {translate(covered ? 'app.timesheet.covered' : 'app.timesheet.uncovered')}
                        {uncovered.map((a) => (
                          <FacilityIcon
                            key={a.id}
                            color={a.color}
                            shortName={a.short_name}
                            size={20}
                            title={translate('app.timesheet.uncovered_at', { name: a.name })}
                          />
                        ))}
                      </Box>
                    </TableCell>
                  )}
                </TableRow>
              );
            })}
          </ScrollTable>
        )}
      </PageCard>
      <ConfirmDialog
        open={releasing}
        title={translate('app.timesheet.release_title')}
        content={translate('app.timesheet.release_confirm')}
        confirmColor="primary"
        loading={releaseBusy}
        onConfirm={() => void release()}
        onClose={() => setReleasing(false)}
      />
    </Stack>
  );
}

const stickySx = { position: 'sticky', left: 0, zIndex: 1, bgcolor: 'background.paper' } as const;
