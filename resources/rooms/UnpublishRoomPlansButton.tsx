import { useState } from 'react';
import { Button } from '@mui/material';
import { useDataProvider, useNotify, type RaRecord } from 'react-admin';
import type { Plan } from '../../contract/plan';
import type { Room } from '../../contract/room';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { ConfirmDialog } from '../../src/components/ConfirmDialog';
import { useCallMeta } from '../../src/crud/CallMeta';
import { refusalMessage } from '../../src/crud/formErrors';

/**
 * The way out of a refused delete of a room type that bookings use (issue 19): room types have no
 * publish flag, so its plans stop selling instead. After a confirmation that names them, each
 * published plan linked to the room type is unpublished through the plan's own update (PATCH
 * is_active 0), so each leaves its audit row; the bookings stay as they are. Shown only while the
 * room type sells plans.
 */
export function UnpublishRoomPlansButton({ record, done }: { record: RaRecord; done: () => void }) {
  const room = record as unknown as Room;
  const translate = useAppTranslate();
  const notify = useNotify();
  const meta = useCallMeta();
  const dataProvider = useDataProvider();
  const [asking, setAsking] = useState(false);
  const [pending, setPending] = useState(false);
  if (room.plans.length === 0) return null;

  const unpublish = async () => {
    setPending(true);
    let unpublished = 0;
    try {
      const { data } = await dataProvider.getMany<Plan & RaRecord>('plans', {
        ids: room.plans.map((p) => p.id),
        meta,
      });
      for (const plan of data.filter((p) => p.is_active === 1)) {
        await dataProvider.update('plans', { id: plan.id, data: { is_active: 0 }, previousData: plan, meta });
        unpublished += 1;
      }
      notify(translate('resources.rooms.unpublish_plans.done', { name: room.name, count: unpublished }), {
        type: 'success',
      });
      setAsking(false);
      done();
    } catch (error) {
      // What was unpublished before the failure stays so: say how many, then why.
      const reason = refusalMessage(error);
      notify(
        unpublished > 0 ? translate('resources.rooms.unpublish_plans.partly', { count: unpublished, reason }) : reason,
        { type: 'error' },
      );
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <Button variant="contained" onClick={() => setAsking(true)} disabled={pending}>
        {translate('resources.rooms.unpublish_plans.action')}
      </Button>
      <ConfirmDialog
        open={asking}
        title={translate('resources.rooms.unpublish_plans.confirm_title')}
        content={translate('resources.rooms.unpublish_plans.confirm', {
          name: room.name,
          count: room.plans.length,
          plans: room.plans.map((p) => `「${p.name}」`).join(''),
        })}
        confirmColor="primary"
        loading={pending}
        onConfirm={() => void unpublish()}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
