import { lazy, Suspense, useState } from 'react';
import { Alert, Button, Chip, LinearProgress, Stack, Tab, TableCell, TableRow, Tabs, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Title, useDelete, useGetList, useNotify, usePermissions, type RaRecord } from 'react-admin';
import { Link } from 'react-router-dom';
import { tokyoToday } from '../../contract/dates';
import { infoMessages } from '../../contract/messages';
import { timesheetGroupEntity, type TimesheetGroup } from '../../contract/timesheetGroup';
import type { Permissions } from '../../dataProvider/authProvider';
import { formatDate } from '../../i18n/formats';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { ConfirmDialog } from '../../src/components/ConfirmDialog';
import { wrappingCardHeaderSx } from '../../src/components/phoneSx';
import { EntityDialog } from '../../src/crud/EntityDialog';
import { refusalMessage } from '../../src/crud/formErrors';
import { links } from '../../src/routes';
import { ScrollTable } from '../../src/components/ScrollTable';
import { PageCard } from '../../src/components/PageCard';

type Row = TimesheetGroup & RaRecord;

// The month of one's own shifts (react-big-calendar and its styles) loads only when its tab is chosen.
const MyShiftCalendar = lazy(() => import('./MyShiftCalendar'));

/** 公開済み, 受付中 or, past the deadline and not released, 締切（未公開）. */
export function groupState(group: TimesheetGroup, today: string): 'released' | 'open' | 'closed' {
  if (group.release_flg === 1) return 'released';
  return today <= group.end_at ? 'open' : 'closed';
}

/**
 * /m/timesheet: the shift groups (period, registration deadline, staff not yet registered, release
 * state; 編集 while not released, else 表示; 削除 with its confirmation for administrators, which for a
 * released group says its released shifts go too; 新規作成
 * opens the generated create overlay) and, on the tab 自分のシフト, one's own released shifts.
 */
export default function TimesheetList() {
  const translate = useAppTranslate();
  const { permissions } = usePermissions<Permissions>();
  const isAdmin = Boolean(permissions?.isAdmin);
  const [tab, setTab] = useState<'groups' | 'mine'>('groups');
  const [creating, setCreating] = useState(false);
  const title = translate('resources.timesheets.titles.list');
  return (
    <Stack sx={{ gap: 2, mt: 1, minWidth: 0 }}>
      <Title title={title} preferenceKey={false} />
      <Tabs value={tab} onChange={(_e, v: 'groups' | 'mine') => setTab(v)} aria-label={title}>
        <Tab value="groups" label={translate('app.timesheet.tab_groups')} data-testid="tab-groups" />
        <Tab value="mine" label={translate('app.timesheet.tab_mine')} data-testid="tab-mine" />
      </Tabs>
      {tab === 'mine' ? (
        <Suspense fallback={<LinearProgress />}>
          <MyShiftCalendar />
        </Suspense>
      ) : (
        <PageCard
          sx={{ minWidth: 0, width: '100%' }}
          data-testid="timesheets-list"
          title={title}
          headerSx={wrappingCardHeaderSx}
          action={
            isAdmin ? (
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
                {translate('resources.timesheets.actions.new')}
              </Button>
            ) : undefined
          }
        >
          <GroupTable isAdmin={isAdmin} />
        </PageCard>
      )}
      {creating && <EntityDialog entity={timesheetGroupEntity} id={null} onClose={() => setCreating(false)} />}
    </Stack>
  );
}

function GroupTable({ isAdmin }: { isAdmin: boolean }) {
  const translate = useAppTranslate();
  const notify = useNotify();
  const today = tokyoToday();
  const { data, isPending, error } = useGetList<Row>('timesheets', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: '', order: 'ASC' },
  });
  const [deleting, setDeleting] = useState<Row | null>(null);
  const [remove, { isPending: removing }] = useDelete();

  if (isPending) return <LinearProgress />;
  if (error) return <Alert severity="error">{translate('resources.timesheets.messages.load_failed')}</Alert>;
  if (!data || data.length === 0) {
    return <Typography color="text.secondary">{translate('resources.timesheets.messages.empty')}</Typography>;
  }

  const confirmDelete = () => {
    if (!deleting) return;
    void remove(
      'timesheets',
      { id: deleting.id, previousData: deleting },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setDeleting(null);
          notify(infoMessages.shiftGroupDeleted, { type: 'success' });
        },
        onError: (failure) => {
          setDeleting(null);
          notify(refusalMessage(failure), { type: 'error' });
        },
      },
    );
  };

  const stateChip = (group: Row) => {
    const state = groupState(group, today);
    return (
      <Chip
        size="small"
        color={state === 'released' ? 'success' : state === 'open' ? 'primary' : 'default'}
        label={translate(`app.timesheet.${state}`)}
      />
    );
  };

  return (
    <>
      <ScrollTable
        sx={{ '& th': { whiteSpace: 'nowrap', fontWeight: 700 } }}
        data-testid="timesheets-table"
        head={
          <TableRow>
            <TableCell>{translate('app.timesheet.period')}</TableCell>
            <TableCell>{translate('app.timesheet.deadline')}</TableCell>
            <TableCell>{translate('app.timesheet.unregistered')}</TableCell>
            <TableCell>{translate('app.timesheet.state')}</TableCell>
            <TableCell>{translate('app.crud.actions')}</TableCell>
          </TableRow>
        }
      >
        {data.map((group) => (
          <TableRow key={group.id} data-testid="timesheet-row" data-id={group.id}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              {translate('app.timesheet.period_value', {
                start: formatDate(group.start_date),
                end: formatDate(group.end_date),
              })}
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(group.end_at)}</TableCell>
            <TableCell sx={{ minWidth: 140 }}>
              {group.user_no_record.length === 0
                ? translate('app.timesheet.none_unregistered')
                : group.user_no_record.map((u) => u.name).join('、')}
            </TableCell>
            <TableCell>{stateChip(group)}</TableCell>
            <TableCell>
              <Stack direction="row" sx={{ gap: 1 }}>
                <Button
                  size="small"
                  variant="outlined"
                  component={Link}
                  to={links.timesheet(group.id)}
                  sx={{ whiteSpace: 'nowrap' }}
                >
                  {translate(group.release_flg === 1 ? 'app.timesheet.view' : 'app.timesheet.edit')}
                </Button>
                {isAdmin && (
                  <Button size="small" color="error" onClick={() => setDeleting(group)} sx={{ whiteSpace: 'nowrap' }}>
                    {translate('app.crud.delete')}
                  </Button>
                )}
              </Stack>
            </TableCell>
          </TableRow>
        ))}
      </ScrollTable>
      <ConfirmDialog
        open={deleting !== null}
        content={translate(
          deleting?.release_flg === 1
            ? 'resources.timesheets.messages.delete_confirm_released'
            : 'resources.timesheets.messages.delete_confirm',
          { name: deleting ? formatDate(deleting.start_date) : '' },
        )}
        loading={removing}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
