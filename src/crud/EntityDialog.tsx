import type { ReactNode } from 'react';
import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { CreateBase, Form, useEditContext, useNotify, type Identifier, type RaRecord } from 'react-admin';
import { useFormState } from 'react-hook-form';
import { createDefaults, fieldEntries, fieldErrors, type AnyEntity } from '../../contract/entity';
import { SubmitButton } from '../components/SubmitButton';
import { useCallMeta } from './CallMeta';
import { EditRecord } from './EditRecord';
import { EntityInputs, type InputOverrides } from './EntityForm';
import { useEntityText } from './entityText';
import { refusalMessage, useNotifyFirstError } from './formErrors';

export interface EntityDialogProps {
  entity: AnyEntity;
  /** null: a new record. */
  id: Identifier | null;
  onClose: () => void;
  /** The entity's own inputs in place of generated ones (see EntityInputs). */
  inputs?: InputOverrides;
  /** Values of a new record beyond the description's defaults (the list's current filter). */
  defaults?: Record<string, unknown>;
  /** Texts other than the conventional ones (the FAQ overlay is titled FAQ in both modes). */
  titles?: { create?: string; edit?: string };
  submitLabels?: { create?: string; update?: string };
  /** Under a new record's inputs (what happens after the add: a sender address's code). */
  createNote?: ReactNode;
}

/**
 * The create/edit overlay of a record (partners, options, FAQ): the generated inputs, validated
 * with the entity's create or update schema before anything is sent; a refusal of the server
 * lands on its fields, what was typed stays, and the overlay stays open.
 */
export function EntityDialog({
  entity,
  id,
  onClose,
  inputs,
  defaults,
  titles,
  submitLabels,
  createNote,
}: EntityDialogProps) {
  const meta = useCallMeta();
  const notify = useNotify();
  const { text } = useEntityText(entity);
  const isNew = id === null;
  const done = (message: string) => () => {
    notify(message, { type: 'success' });
    onClose();
  };
  const onError = (error: unknown) => notify(refusalMessage(error), { type: 'error' });
  const form = (
    <DialogForm
      entity={entity}
      mode={isNew ? 'create' : 'edit'}
      title={isNew ? (titles?.create ?? text('titles.create')) : (titles?.edit ?? text('titles.edit'))}
      submitLabel={
        isNew ? (submitLabels?.create ?? text('actions.create')) : (submitLabels?.update ?? text('actions.update'))
      }
      inputs={inputs}
      defaults={isNew ? { ...createDefaults(entity), ...defaults } : undefined}
      note={isNew ? createNote : undefined}
      onClose={onClose}
    />
  );
  return (
    <Dialog open onClose={onClose} aria-labelledby={`${entity.resource}-dialog-title`} maxWidth="sm" fullWidth>
      {isNew ? (
        <CreateBase
          resource={entity.resource}
          redirect={false}
          mutationOptions={{ meta, onSuccess: done(text('messages.created')), onError }}
        >
          {form}
        </CreateBase>
      ) : (
        <EditRecord entity={entity} id={id} onSaved={done(text('messages.updated'))} onError={onError}>
          <WhenLoaded entity={entity} onClose={onClose}>
            {form}
          </WhenLoaded>
        </EditRecord>
      )}
    </Dialog>
  );
}

/** The edit overlay's record: a spinner while it loads, a sentence when it is gone. */
function WhenLoaded({ entity, onClose, children }: { entity: AnyEntity; onClose: () => void; children: ReactNode }) {
  const { isPending, error } = useEditContext();
  const { translate } = useEntityText(entity);
  if (isPending) {
    return (
      <DialogContent>
        <CircularProgress size={28} aria-label={translate('app.crud.loading')} />
      </DialogContent>
    );
  }
  if (error) {
    return (
      <>
        <DialogContent>
          <Alert severity="warning">{translate('app.crud.not_found')}</Alert>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('app.action.close')}</Button>
        </DialogActions>
      </>
    );
  }
  return <>{children}</>;
}

interface DialogFormProps {
  entity: AnyEntity;
  mode: 'create' | 'edit';
  title: string;
  submitLabel: string;
  inputs?: InputOverrides;
  defaults?: Record<string, unknown>;
  note?: ReactNode;
  onClose: () => void;
}

function DialogForm({ entity, mode, title, submitLabel, inputs, defaults, note, onClose }: DialogFormProps) {
  const schema = mode === 'create' ? entity.create : entity.update;
  return (
    <Form<RaRecord>
      defaultValues={defaults}
      validate={(values) => fieldErrors(schema, values)}
      disableInvalidFormNotification
      noValidate
    >
      <DialogTitle id={`${entity.resource}-dialog-title`}>{title}</DialogTitle>
      <DialogContent>
        <EntityInputs entity={entity} mode={mode} inputs={inputs} />
        {note && <Alert severity="info">{note}</Alert>}
      </DialogContent>
      <DialogFormActions entity={entity} submitLabel={submitLabel} onClose={onClose} />
    </Form>
  );
}

function DialogFormActions({
  entity,
  submitLabel,
  onClose,
}: {
  entity: AnyEntity;
  submitLabel: string;
  onClose: () => void;
}) {
  const { translate } = useEntityText(entity);
  const { isSubmitting } = useFormState();
  useNotifyFirstError(fieldEntries(entity).map(([name]) => name));
  return (
    <DialogActions>
      <Button onClick={onClose} disabled={isSubmitting}>
        {translate('app.action.cancel')}
      </Button>
      <SubmitButton busy={isSubmitting}>{submitLabel}</SubmitButton>
    </DialogActions>
  );
}
