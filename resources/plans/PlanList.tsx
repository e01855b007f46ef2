import { useCallback, useEffect, useState } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Link as MuiLink,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useNotify } from 'react-admin';
import { Link } from 'react-router-dom';
import { errorMessages } from '../../contract/messages';
import {
  deletePlan,
  listPaymentMethods,
  listPlans,
  updatePlan,
  type PaymentMethod,
  type PlanListItem,
} from '../../dataProvider/catalogueApi';
import { formatDate } from '../../i18n/formats';
import type { AppMessageKey } from '../../i18n/ja';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { ConfirmDialog } from '../../src/components/ConfirmDialog';
import { links } from '../../src/routes';
import { failureMessage } from '../bookings/bookingErrors';
import { PlanIcon } from './planIcons';
import { PlanPanel } from './PlanPanel';
import { ListStatus, tableScrollSx } from '../../src/components/ListStatus';

type Load = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; plans: PlanListItem[] };

const COLUMNS = ['name', 'start_at', 'end_at', 'is_active', 'sync_check', 'settings', 'price_settings', 'delete'];

/** The plan list of an accommodation with its settings panel (spec section 2 "Plans"). */
export function PlanList({ accommodationId }: { accommodationId: number }) {
  const translate = useAppTranslate();
  const notify = useNotify();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [paymentMethods, setPaymentMethods] = useState<PaymentMethod[]>([]);
  /** null: no panel; 0: a new plan. */
  const [selected, setSelected] = useState<number | null>(null);
  /** Bumped when the list changes the open plan (公開), so that the panel shows it. */
  const [panelVersion, setPanelVersion] = useState(0);
  const [toDelete, setToDelete] = useState<PlanListItem | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [toggling, setToggling] = useState<number | null>(null);

  const reload = useCallback(
    () =>
      listPlans(accommodationId).then(
        (plans) => setLoad({ status: 'ready', plans }),
        () => setLoad({ status: 'failed' }),
      ),
    [accommodationId],
  );

  useEffect(() => {
    void reload();
    listPaymentMethods().then(setPaymentMethods, () => undefined);
  }, [reload]);

  /** 公開 saves at once (spec section 4); the switch follows what the server stored. */
  const toggle = async (plan: PlanListItem, on: boolean) => {
    setToggling(plan.id);
    try {
      await updatePlan(accommodationId, plan.id, { is_active: on ? 1 : 0 });
      if (selected === plan.id) setPanelVersion((v) => v + 1);
      await reload();
    } catch (error) {
      notify(failureMessage(error, errorMessages.bookingUpdateFailed), { type: 'error' });
    } finally {
      setToggling(null);
    }
  };

  const remove = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await deletePlan(accommodationId, toDelete.id);
      notify('app.message.info.planDeleted', { type: 'info' });
      if (selected === toDelete.id) setSelected(null);
      setToDelete(null);
      await reload();
    } catch (error) {
      notify(failureMessage(error, errorMessages.deleteFailed), { type: 'error' });
    } finally {
      setDeleting(false);
    }
  };

  const plans = load.status === 'ready' ? load.plans : [];
  const cell = (c: string, p: PlanListItem) => {
    switch (c) {
      case 'name':
        return (
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
            <PlanIcon name={p.icon} />
            <span>{p.name}</span>
          </Stack>
        );
      case 'start_at':
        return p.start_at ? formatDate(p.start_at) : translate('app.plan.open_ended');
      case 'end_at':
        return p.end_at ? formatDate(p.end_at) : translate('app.plan.open_ended');
      case 'is_active':
        return (
          <Switch
            checked={p.is_active === 1}
            disabled={toggling === p.id}
            onChange={(e) => void toggle(p, e.target.checked)}
            slotProps={{ input: { 'aria-label': translate('app.plan.publish_label', { name: p.name }) } }}
          />
        );
      case 'sync_check':
        return p.ikyu_id ? (
          <MuiLink component={Link} to={links.syncCheck(accommodationId, p.id)}>
            {translate('app.plan.sync_check')}
          </MuiLink>
        ) : null;
      case 'settings':
        return (
          <Button size="small" variant="outlined" onClick={() => setSelected(p.id)}>
            {translate('app.plan.settings')}
          </Button>
        );
      case 'price_settings':
        return (
          <Button size="small" component={Link} to={links.prices(accommodationId, p.id)}>
            {translate('app.plan.price_settings')}
          </Button>
        );
      default:
        return (
          <Button size="small" color="error" onClick={() => setToDelete(p)}>
            {translate('app.plan.delete')}
          </Button>
        );
    }
  };

  return (
    <Stack direction={{ xs: 'column', xl: 'row' }} sx={{ gap: 2, alignItems: 'flex-start', mt: 1 }}>
      <Card sx={{ flex: 1, minWidth: 0, width: '100%' }} data-testid="plan-list">
        <CardHeader
          title={translate('app.page.plans')}
          slotProps={{ title: { component: 'h1', variant: 'h6', sx: { fontWeight: 700 } } }}
          action={
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setSelected(0)}>
              {translate('app.plan.new')}
            </Button>
          }
        />
        <CardContent sx={{ pt: 0 }}>
          <ListStatus
            status={load.status}
            count={plans.length}
            loadingLabel={translate('app.plan.loading')}
            failedText={translate('app.plan.load_failed')}
            emptyText={translate('app.plan.empty')}
          />
          {plans.length > 0 && (
            <Box sx={tableScrollSx}>
              <Table size="small">
                <TableHead>
                  <TableRow>
                    {COLUMNS.map((c) => (
                      <TableCell key={c} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                        {translate(`resources.plans.fields.${c}` as AppMessageKey)}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {plans.map((p) => (
                    <TableRow key={p.id} data-testid="plan-row" selected={selected === p.id}>
                      {COLUMNS.map((c) => (
                        <TableCell key={c} sx={c === 'name' ? { minWidth: 200 } : { whiteSpace: 'nowrap' }}>
                          {cell(c, p)}
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
        </CardContent>
      </Card>
      {selected !== null && (
        <PlanPanel
          key={panelVersion}
          accommodationId={accommodationId}
          planId={selected}
          paymentMethods={paymentMethods}
          onClose={() => setSelected(null)}
          onChanged={() => void reload()}
          onCreated={(plan) => setSelected(plan.id)}
        />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        content={toDelete ? translate('app.plan.delete_content', { name: toDelete.name }) : undefined}
        loading={deleting}
        onConfirm={() => void remove()}
        onClose={() => setToDelete(null)}
      />
    </Stack>
  );
}
