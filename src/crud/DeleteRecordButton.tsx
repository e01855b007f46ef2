import { useState, type ReactNode } from 'react';
import { Button } from '@mui/material';
import { useDelete, useNotify, useRecordContext, type RaRecord } from 'react-admin';
import type { AnyEntity } from '../../contract/entity';
import { errorMessages } from '../../contract/messages';
import { HttpError } from '../../dataProvider/http';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { useCallMeta } from './CallMeta';
import { useEntityText } from './entityText';
import { DeleteRefusedDialog } from './DeleteRefusedDialog';
import { refusalMessage } from './formErrors';

/** What an entity offers when its delete is refused: `done` closes the refusal. */
export type DeleteRefusedAction = (record: RaRecord, done: () => void) => ReactNode;

/**
 * 削除 of a list row: asks first (spec 8), then deletes and says so. A refusal (409: bookings or
 * options still use the row) stays on screen in its own dialog with the server's count and list,
 * and the entity's way out (`refusedAction`); the row stays. The list refreshes through
 * react-admin's cache.
 */
export function DeleteRecordButton({
  entity,
  onDeleted,
  refusedAction,
}: {
  entity: AnyEntity;
  onDeleted?: (record: RaRecord) => void;
  refusedAction?: DeleteRefusedAction;
}) {
  const record = useRecordContext<RaRecord>();
  const meta = useCallMeta();
  const notify = useNotify();
  const { text, translate } = useEntityText(entity);
  const [asking, setAsking] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [remove, { isPending }] = useDelete();
  if (!record) return null;
  const name = String(record[entity.recordRepresentation] ?? '');

  const confirm = () =>
    remove(
      entity.resource,
      { id: record.id, previousData: record, meta },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setAsking(false);
          notify(text('messages.deleted'), { type: 'success' });
          onDeleted?.(record);
        },
        onError: (error) => {
          const message = refusalMessage(error, errorMessages.deleteFailed);
          if (!(error instanceof HttpError && error.status === 409)) return notify(message, { type: 'error' });
          setAsking(false);
          setRefusal(message);
        },
      },
    );

  return (
    <>
      <Button
        size="small"
        color="error"
        onClick={(e) => {
          e.stopPropagation();
          setAsking(true);
        }}
      >
        {translate('app.crud.delete')}
      </Button>
      <ConfirmDialog
        open={asking}
        content={text('messages.delete_confirm', { name })}
        loading={isPending}
        onConfirm={() => void confirm()}
        onClose={() => setAsking(false)}
      />
      <DeleteRefusedDialog
        message={refusal}
        onClose={() => setRefusal(null)}
        action={refusedAction?.(record, () => setRefusal(null))}
      />
    </>
  );
}
