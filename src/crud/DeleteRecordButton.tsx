import { useState } from 'react';
import { Button } from '@mui/material';
import { useDelete, useNotify, useRecordContext, type RaRecord } from 'react-admin';
import type { AnyEntity } from '../../contract/entity';
import { errorMessages } from '../../contract/messages';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { useCallMeta } from './CallMeta';
import { useEntityText } from './entityText';
import { refusalMessage } from './formErrors';

/**
 * 削除 of a list row: asks first (spec 8), then deletes and says so; a refusal (a partner that
 * options still name) is said and the row stays. The list refreshes through react-admin's cache.
 */
export function DeleteRecordButton({
  entity,
  onDeleted,
}: {
  entity: AnyEntity;
  onDeleted?: (record: RaRecord) => void;
}) {
  const record = useRecordContext<RaRecord>();
  const meta = useCallMeta();
  const notify = useNotify();
  const { text, translate } = useEntityText(entity);
  const [asking, setAsking] = useState(false);
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
          notify(text('messages.deleted'), { type: 'info' });
          onDeleted?.(record);
        },
        onError: (error) => notify(refusalMessage(error, errorMessages.deleteFailed), { type: 'error' }),
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
    </>
  );
}
