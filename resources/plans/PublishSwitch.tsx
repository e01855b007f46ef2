import { Switch } from '@mui/material';
import { useNotify, useUpdate, type RaRecord } from 'react-admin';
import type { PlanListItem } from '../../contract/plan';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { useCallMeta } from '../../src/crud/CallMeta';
import { refusalMessage } from '../../src/crud/formErrors';

/** 公開 of a plan in the list: saved at once (spec 4); the switch follows what the server stored. */
export function PublishSwitch({ record }: { record: RaRecord }) {
  const plan = record as unknown as PlanListItem;
  const translate = useAppTranslate();
  const notify = useNotify();
  const meta = useCallMeta();
  const [update, { isPending }] = useUpdate();
  return (
    <Switch
      checked={plan.is_active === 1}
      disabled={isPending}
      onChange={(e) =>
        update(
          'plans',
          { id: plan.id, data: { is_active: e.target.checked ? 1 : 0 }, previousData: plan, meta },
          {
            mutationMode: 'pessimistic',
            onSuccess: () => notify('app.crud.saved', { type: 'success', autoHideDuration: 2000 }),
            onError: (error) => notify(refusalMessage(error), { type: 'error' }),
          },
        )
      }
      slotProps={{ input: { 'aria-label': translate('resources.plans.publish', { name: plan.name }) } }}
    />
  );
}
