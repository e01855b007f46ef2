import { Alert, Button, Stack } from '@mui/material';
import { useRecordContext, type RaRecord } from 'react-admin';
import { useFormContext, useFormState } from 'react-hook-form';
import { fieldEntries, type AnyEntity } from '../../contract/entity';
import { useEntityText } from './entityText';

/**
 * Under an autosaving form: each field whose value was refused, with a button that puts back what
 * is saved. The refused value is never reverted behind the user's back; they fix it or undo it.
 */
export function UndoFieldButtons({ entity }: { entity: AnyEntity }) {
  const record = useRecordContext<RaRecord>();
  const { errors } = useFormState();
  const { resetField, clearErrors } = useFormContext();
  const { label, translate } = useEntityText(entity);
  const refused = fieldEntries(entity)
    .map(([name]) => name)
    .filter((name) => errors[name]);
  if (!record || refused.length === 0) return null;
  return (
    <Alert severity="warning" sx={{ mt: 1 }} data-testid="unsaved-fields">
      {translate('app.crud.not_saved')}
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mt: 0.5 }}>
        {refused.map((name) => (
          <Button
            key={name}
            size="small"
            variant="outlined"
            color="inherit"
            onClick={() => {
              resetField(name, { defaultValue: record[name] });
              clearErrors(name);
            }}
          >
            {translate('app.crud.undo_field', { field: label(name) })}
          </Button>
        ))}
      </Stack>
    </Alert>
  );
}
