import { useState } from 'react';
import { Box, Button, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useCreate, useDelete, useEditContext, useGetList, useNotify, useUpdate, type RaRecord } from 'react-admin';
import { fieldErrors } from '../../../contract/entity';
import {
  syncItemCreateSchema,
  syncItemUpdateSchema,
  type SyncItem,
  type SyncTargetType,
} from '../../../contract/syncItem';
import { fieldErrorsOf } from '../../../dataProvider/apiErrors';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { ConfirmDialog } from '../../../src/components/ConfirmDialog';
import { refusalMessage } from '../../../src/crud/formErrors';

/** One name: shown, or typed with its save and cancel. */
function NameInput({
  initial,
  busy,
  submitLabel,
  onSubmit,
  onCancel,
  error,
  hint,
}: {
  initial: string;
  busy: boolean;
  submitLabel: string;
  onSubmit: (name: string) => void;
  onCancel?: () => void;
  error: string | undefined;
  hint: string;
}) {
  const translate = useAppTranslate();
  const [name, setName] = useState(initial);
  return (
    // No <form>: the panel's own form holds this section, and a submit would reach it.
    <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-start' }}>
      <TextField
        size="small"
        fullWidth
        label={translate('resources.sync_items.fields.target_name')}
        value={name}
        onChange={(e) => setName(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
          e.preventDefault();
          e.stopPropagation();
          onSubmit(name);
        }}
        error={error !== undefined}
        helperText={error ?? hint}
        slotProps={{ htmlInput: { 'data-testid': 'sync-item-name' } }}
      />
      <Button
        variant="outlined"
        disabled={busy}
        onClick={() => onSubmit(name)}
        sx={{ whiteSpace: 'nowrap', flexShrink: 0, mt: 0.25 }}
      >
        {submitLabel}
      </Button>
      {onCancel && (
        <Button onClick={onCancel} disabled={busy} sx={{ whiteSpace: 'nowrap', flexShrink: 0, mt: 0.25 }}>
          {translate('app.action.cancel')}
        </Button>
      )}
    </Stack>
  );
}

/**
 * The names of a room type (target_type 1) or plan (2) on the external channel, in its settings
 * panel (spec 2, issue 21): the item is listed with 名前を変更 and 削除 (which asks first, spec 8
 * "sync info"); without one, a name is typed and 追加 registers it. A room type's name is its
 * room_code on the site; a plan's plan_code is its ikyu_id.
 */
export function SyncItemsSection({ targetType }: { targetType: SyncTargetType }) {
  const translate = useAppTranslate();
  const notify = useNotify();
  const { record } = useEditContext();
  const targetId = record?.id as number | undefined;
  const { data: items = [], refetch } = useGetList<SyncItem & RaRecord>(
    'sync_items',
    { filter: { target_type: targetType, target_id: targetId }, pagination: { page: 1, perPage: 100 } },
    { enabled: targetId !== undefined },
  );
  const [create] = useCreate();
  const [update] = useUpdate();
  const [remove] = useDelete();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<SyncItem | null>(null);
  const [formKey, setFormKey] = useState(0);
  if (targetId === undefined) return null;
  const hint = translate(targetType === 1 ? 'resources.sync_items.hints.room' : 'resources.sync_items.hints.plan');

  const run = async (task: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await task();
      setError(undefined);
      setEditing(null);
      setFormKey((k) => k + 1);
      await refetch();
      notify(done, { type: 'success' });
      return true;
    } catch (failure) {
      setError(fieldErrorsOf(failure).target_name);
      notify(refusalMessage(failure), { type: 'error' });
      return false;
    } finally {
      setBusy(false);
    }
  };

  const add = (name: string) => {
    const data = { service: 1, target_type: targetType, target_id: targetId, target_name: name };
    const refused = fieldErrors(syncItemCreateSchema, data).target_name;
    if (refused) return setError(refused);
    void run(
      () => create('sync_items', { data: { ...data, target_name: name.trim() } }, { returnPromise: true }),
      translate('resources.sync_items.messages.created'),
    );
  };
  const rename = (item: SyncItem, name: string) => {
    const refused = fieldErrors(syncItemUpdateSchema, { target_name: name }).target_name;
    if (refused) return setError(refused);
    void run(
      () =>
        update(
          'sync_items',
          { id: item.id, data: { target_name: name.trim() }, previousData: item },
          { mutationMode: 'pessimistic', returnPromise: true },
        ),
      translate('resources.sync_items.messages.updated'),
    );
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    const item = deleting;
    await run(
      () =>
        remove('sync_items', { id: item.id, previousData: item }, { mutationMode: 'pessimistic', returnPromise: true }),
      translate('resources.sync_items.messages.deleted'),
    );
    setDeleting(null);
  };

  return (
    <Box sx={{ mt: 2 }} data-testid="sync-items">
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1, fontWeight: 700 }}>
        {translate('resources.sync_items.title')}
      </Typography>
      {items.map((item) =>
        editing === item.id ? (
          <NameInput
            key={`${item.id}-${formKey}`}
            initial={item.target_name}
            busy={busy}
            submitLabel={translate('resources.sync_items.save')}
            onSubmit={(name) => rename(item, name)}
            onCancel={() => {
              setEditing(null);
              setError(undefined);
            }}
            error={error}
            hint={hint}
          />
        ) : (
          <Stack key={item.id} direction="row" sx={{ alignItems: 'center', gap: 1 }} data-testid="sync-item">
            <Typography variant="body2" color="text.secondary">
              {translate('resources.sync_items.fields.target_name')}:
            </Typography>
            <Typography sx={{ fontWeight: 700, wordBreak: 'break-all' }}>{item.target_name}</Typography>
            <Tooltip title={translate('resources.sync_items.edit')}>
              <IconButton
                size="small"
                aria-label={translate('resources.sync_items.edit')}
                onClick={() => {
                  setError(undefined);
                  setEditing(item.id);
                }}
                disabled={busy}
              >
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title={translate('resources.sync_items.delete')}>
              <IconButton
                size="small"
                color="error"
                aria-label={translate('resources.sync_items.delete')}
                onClick={() => setDeleting(item)}
                disabled={busy}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Stack>
        ),
      )}
      {items.length === 0 && (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {translate('resources.sync_items.none')}
          </Typography>
          <NameInput
            key={formKey}
            initial=""
            busy={busy}
            submitLabel={translate('resources.sync_items.add')}
            onSubmit={add}
            error={error}
            hint={hint}
          />
        </>
      )}
      <ConfirmDialog
        open={deleting !== null}
        content={translate('resources.sync_items.messages.delete_confirm', { name: deleting?.target_name ?? '' })}
        loading={busy}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
