import type { ReactNode } from 'react';
import { Alert, Box, CircularProgress, Drawer, IconButton, Portal, Stack, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { CreateBase, Form, useEditContext, useNotify, type Identifier, type RaRecord } from 'react-admin';
import { useFormState } from 'react-hook-form';
import { createDefaults, fieldEntries, fieldErrors, type AnyEntity } from '../../contract/entity';
import { SubmitButton } from '../components/SubmitButton';
import { useCallMeta } from './CallMeta';
import { EditRecord } from './EditRecord';
import { EntityInputs, type InputOverrides } from './EntityForm';
import { useEntityText } from './entityText';
import { refusalMessage, useNotifyFirstError } from './formErrors';
import { UndoFieldButtons } from './UndoFieldButtons';
import { useFieldAutosave } from './useFieldAutosave';

/** The sheet's width from a tablet up: the inputs in two columns. */
const PANEL_WIDTH = 520;

export interface EntityPanelProps {
  entity: AnyEntity;
  /** 0: a new record. */
  id: Identifier;
  onClose: () => void;
  /** A new record was created: the list shows it selected (its panel is then an edit). */
  onCreated: (record: RaRecord) => void;
  inputs?: InputOverrides;
  /** After an existing record's inputs: what only this entity shows (a room's plans). */
  children?: ReactNode;
  /** Under a new record's inputs (plans can be attached once the room exists). */
  createNote?: ReactNode;
}

/**
 * The settings panel of a list (rooms, plans, users): a sheet from the right that lies over the
 * list, so the list keeps its columns at every width (it never squeezes them nor falls below the
 * list out of view); the whole screen on a phone. An existing record saves each field as it is left
 * or chosen; a new one is sent by the create button after the entity's rules.
 */
export function EntityPanel({ entity, id, onClose, onCreated, inputs, children, createNote }: EntityPanelProps) {
  const meta = useCallMeta();
  const notify = useNotify();
  const { text, translate } = useEntityText(entity);
  const isNew = id === 0;
  const title = text(isNew ? 'titles.create' : 'titles.edit');

  return (
    // In the page's body: inside react-admin's content area the sticky header would cover its top.
    <Portal>
      <Drawer
        anchor="right"
        // Persistent: no backdrop, the list stays usable (another row's 設定 opens that record here).
        variant="persistent"
        open
        sx={{ '& .MuiDrawer-paper': { width: { xs: '100%', sm: PANEL_WIDTH }, boxShadow: 8 } }}
      >
        <Box component="section" aria-label={title} data-testid={`${entity.resource}-panel`} sx={{ p: 2 }}>
          <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
            <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
              {title}
            </Typography>
            <IconButton aria-label={translate('app.action.close')} onClick={onClose} sx={{ ml: 'auto' }}>
              <CloseIcon />
            </IconButton>
          </Stack>
          {isNew ? (
            <CreateBase
              resource={entity.resource}
              redirect={false}
              mutationOptions={{
                meta,
                onSuccess: (created: RaRecord) => {
                  notify(text('messages.created'), { type: 'success' });
                  onCreated(created);
                },
                onError: (error: unknown) => notify(refusalMessage(error), { type: 'error' }),
              }}
            >
              <Form<RaRecord>
                defaultValues={createDefaults(entity)}
                validate={(values) => fieldErrors(entity.create, values)}
                disableInvalidFormNotification
                noValidate
              >
                <EntityInputs entity={entity} mode="create" inputs={inputs}>
                  {createNote}
                </EntityInputs>
                <CreateButton entity={entity} />
              </Form>
            </CreateBase>
          ) : (
            <EditRecord entity={entity} id={id}>
              <AutosaveForm entity={entity} inputs={inputs}>
                {children}
              </AutosaveForm>
            </EditRecord>
          )}
        </Box>
      </Drawer>
    </Portal>
  );
}

// Refused values and the fields being typed in keep what the user sees when the record is read again.
const KEEP_TYPED = { keepDirtyValues: true, keepErrors: true } as const;

function AutosaveForm({
  entity,
  inputs,
  children,
}: {
  entity: AnyEntity;
  inputs?: InputOverrides;
  children?: ReactNode;
}) {
  const { record, isPending, error } = useEditContext();
  const { translate } = useEntityText(entity);
  if (isPending) return <CircularProgress size={28} aria-label={translate('app.crud.loading')} />;
  if (error || !record) return <Alert severity="warning">{translate('app.crud.not_found')}</Alert>;
  return (
    <Form<RaRecord> resetOptions={KEEP_TYPED} disableInvalidFormNotification noValidate>
      <AutosaveInputs entity={entity} inputs={inputs} />
      {children}
    </Form>
  );
}

function AutosaveInputs({ entity, inputs }: { entity: AnyEntity; inputs?: InputOverrides }) {
  const save = useFieldAutosave(entity);
  const { translate } = useEntityText(entity);
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('app.crud.autosave')}
      </Typography>
      <EntityInputs entity={entity} mode="edit" inputs={inputs} onCommit={(source) => void save(source)} />
      <UndoFieldButtons entity={entity} />
    </>
  );
}

function CreateButton({ entity }: { entity: AnyEntity }) {
  const { text } = useEntityText(entity);
  const { isSubmitting } = useFormState();
  useNotifyFirstError(fieldEntries(entity).map(([name]) => name));
  return (
    <Box sx={{ mt: 1 }}>
      <SubmitButton busy={isSubmitting}>{text('actions.create')}</SubmitButton>
    </Box>
  );
}
