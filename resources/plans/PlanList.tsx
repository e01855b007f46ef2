import { useEffect, useState } from 'react';
import { Button, Link as MuiLink, Stack, Switch } from '@mui/material';
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
import { SettingsList, useSettingsList, type SettingsListColumn } from '../../src/components/SettingsList';
import { links } from '../../src/routes';
import { failureMessage } from '../../dataProvider/apiErrors';
import { PlanIcon } from './planIcons';
import { PlanPanel } from './PlanPanel';

const COLUMNS = [
  'name',
  'start_at',
  'end_at',
  'is_active',
  'sync_check',
  'settings',
  'price_settings',
  'delete',
] as const;
/** The columns drawn here: 設定 and 削除 are the shared list's. */
type Column = Exclude<(typeof COLUMNS)[number], 'settings' | 'delete'>;

/** The plan list of an accommodation with its settings panel (spec section 2 "Plans"). */
export function PlanList({ accommodationId }: { accommodationId: number }) {
  const translate = useAppTranslate();
  const notify = useNotify();
  const list = useSettingsList(accommodationId, listPlans, deletePlan, 'app.message.info.planDeleted');
  const { selected, reload } = list;
  const [paymentMethods, setPaymentMethods] = useState<PaymentMethod[]>([]);
  /** Bumped when the list changes the open plan (公開), so that the panel shows it. */
  const [panelVersion, setPanelVersion] = useState(0);
  const [toggling, setToggling] = useState<number | null>(null);

  useEffect(() => {
    listPaymentMethods().then(setPaymentMethods, () => undefined);
  }, [accommodationId]);

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

  const columns: SettingsListColumn<Column>[] = COLUMNS.map((c) => ({
    key: c,
    header: translate(`resources.plans.fields.${c}` as AppMessageKey),
    sx: c === 'name' ? { minWidth: 200 } : { whiteSpace: 'nowrap' },
  }));
  const cell = (c: Column, p: PlanListItem) => {
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
      case 'price_settings':
        return (
          <Button size="small" component={Link} to={links.prices(accommodationId, p.id)}>
            {translate('app.plan.price_settings')}
          </Button>
        );
    }
  };

  return (
    <SettingsList
      state={list}
      resource="plan"
      besideFrom="xl"
      columns={columns}
      cell={cell}
      panel={(id, links) => <PlanPanel key={panelVersion} {...links} planId={id} paymentMethods={paymentMethods} />}
    />
  );
}
