import { Button, Link as MuiLink, Stack } from '@mui/material';
import type { RaRecord } from 'react-admin';
import { Link } from 'react-router-dom';
import { planEntity, type PlanListItem } from '../../contract/plan';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { EntityList } from '../../src/crud/EntityList';
import { ForAccommodation } from '../../src/crud/ForAccommodation';
import { links } from '../../src/routes';
import { PlanIcon } from './planIcons';
import { PlanIconInput } from './PlanIconInput';
import { PublishSwitch } from './PublishSwitch';
import { StopSellingButton } from './StopSellingButton';
import { SyncItemsSection } from '../sync/shared';

const planOf = (record: RaRecord) => record as unknown as PlanListItem;

/**
 * The rate plans of an accommodation (spec 2 "Plans", /m/accommodation/{id}/plan), generated from
 * their description: name with its icon, start, end, 公開 (saved at once), the sync-check link when
 * ikyu_id is set, 設定 (the settings panel: existing plans save each field as it is left), 料金設定
 * and 削除 (refused while bookings use the plan: then 非公開にして販売を止める is offered).
 */
export default function PlanList() {
  const translate = useAppTranslate();
  return (
    <ForAccommodation link={links.plans}>
      {(accommodationId) => (
        <EntityList
          entity={planEntity}
          form="panel"
          meta={{ accommodationId }}
          cells={{
            name: (record) => (
              <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
                <PlanIcon name={planOf(record).icon} />
                <span>{planOf(record).name}</span>
              </Stack>
            ),
            is_active: (record) => <PublishSwitch record={record} />,
          }}
          extraColumns={[
            {
              name: 'sync_check',
              label: translate('resources.plans.fields.sync_check'),
              render: (record) =>
                planOf(record).ikyu_id ? (
                  <MuiLink component={Link} to={links.syncCheck(accommodationId, record.id)}>
                    {translate('resources.plans.links.sync_check')}
                  </MuiLink>
                ) : null,
            },
            {
              name: 'price_settings',
              label: translate('resources.plans.fields.price_settings'),
              afterEdit: true,
              render: (record) => (
                <Button size="small" component={Link} to={links.prices(accommodationId, record.id)}>
                  {translate('resources.plans.links.price_settings')}
                </Button>
              ),
            },
          ]}
          inputs={{ icon: PlanIconInput }}
          panelChildren={<SyncItemsSection targetType={2} />}
          deleteRefusedAction={(record, done) => <StopSellingButton record={record} done={done} />}
        />
      )}
    </ForAccommodation>
  );
}
