import { Button } from '@mui/material';
import { useNotify, useUpdate, type RaRecord } from 'react-admin';
import type { PlanListItem } from '../../contract/plan';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { useCallMeta } from '../../src/crud/CallMeta';
import { refusalMessage } from '../../src/crud/formErrors';

/**
 * The way out of a refused delete of a plan that bookings use: unpublish it (is_active 0), which
 * stops selling it and leaves every booking as it is. Shown only while the plan is published.
 */
export function StopSellingButton({ record, done }: { record: RaRecord; done: () => void }) {
  const plan = record as unknown as PlanListItem;
  const translate = useAppTranslate();
  const notify = useNotify();
  const meta = useCallMeta();
  const [update, { isPending }] = useUpdate();
  if (plan.is_active !== 1) return null;
  const stop = () =>
    update(
      'plans',
      { id: plan.id, data: { is_active: 0 }, previousData: plan, meta },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(translate('resources.plans.stopped_selling', { name: plan.name }), { type: 'success' });
          done();
        },
        onError: (error) => notify(refusalMessage(error), { type: 'error' }),
      },
    );
  return (
    <Button variant="contained" onClick={() => void stop()} disabled={isPending}>
      {translate('resources.plans.stop_selling')}
    </Button>
  );
}
