import { useState } from 'react';
import { Checkbox, FormControlLabel, FormGroup, InputAdornment, MenuItem, Stack, TextField } from '@mui/material';
import { useNotify } from 'react-admin';
import { errorMessages } from '../../contract/messages';
import { optionMessages, type AccommodationOption } from '../../contract/option';
import type { Room } from '../../contract/room';
import type { Supplier } from '../../contract/supplier';
import { createOption, updateOption } from '../../dataProvider/optionsApi';
import type { AppMessageKey } from '../../i18n/ja';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { failureMessage, fieldErrorsOf } from '../../dataProvider/apiErrors';
import { FormDialog } from '../../src/components/FormDialog';
import { formErrorsOf, optionBody, optionFormOf, type OptionFormField, type OptionFormValues } from './optionModel';

export interface OptionDialogProps {
  accommodationId: number;
  /** null: a new option. */
  option: AccommodationOption | null;
  rooms: readonly Pick<Room, 'id' | 'name'>[];
  suppliers: readonly Pick<Supplier, 'id' | 'name'>[];
  onClose: () => void;
  /** After a create or a save: the list reloads. */
  onSaved: () => void;
}

const FLAGS = ['user_selection', 'is_stay_type', 'notice'] as const;

/**
 * The create/edit overlay of an option (spec 2 "Options"): in edit mode partner and room are
 * read-only. Opened with `key` set to the option, so that it starts from that option's values.
 */
export function OptionDialog({ accommodationId, option, rooms, suppliers, onClose, onSaved }: OptionDialogProps) {
  const translate = useAppTranslate();
  const notify = useNotify();
  const editing = option !== null;
  const [form, setForm] = useState<OptionFormValues>(() => optionFormOf(option));
  const [errors, setErrors] = useState<Partial<Record<OptionFormField, string>>>({});
  const [sending, setSending] = useState(false);

  // Partner or room no longer in the lists (or the lists failed to load): still show the option's own.
  const supplierChoices =
    option?.supplier_id && !suppliers.some((s) => s.id === option.supplier_id)
      ? [...suppliers, { id: option.supplier_id, name: option.supplier ?? '' }]
      : suppliers;
  const roomChoices =
    option?.room_id && !rooms.some((r) => r.id === option.room_id)
      ? [...rooms, { id: option.room_id, name: option.room_name ?? '' }]
      : rooms;

  const set = <K extends OptionFormField>(field: K, value: OptionFormValues[K]) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const label = (field: string) => translate(`app.options.fields.${field}` as AppMessageKey);
  const textProps = (field: OptionFormField) => ({
    id: `option-${field}`,
    value: form[field] as string,
    onChange: (e: { target: { value: string } }) => set(field, e.target.value),
    error: errors[field] !== undefined,
    helperText: errors[field],
    fullWidth: true,
    size: 'small' as const,
  });

  const submit = async () => {
    const result = optionBody(form, editing);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setSending(true);
    try {
      if (option) await updateOption(accommodationId, option.id, result.body);
      else await createOption(accommodationId, result.body);
      notify(editing ? 'app.options.updated' : 'app.options.created', { type: 'info' });
      onSaved();
    } catch (error) {
      // What was typed stays; the server's sentences go beside their fields.
      setErrors(formErrorsOf(fieldErrorsOf(error)));
      notify(failureMessage(error, errorMessages.bookingUpdateFailed), { type: 'error' });
    } finally {
      setSending(false);
    }
  };

  return (
    <FormDialog
      title={translate(editing ? 'app.options.title_edit' : 'app.options.title_new')}
      titleId="option-dialog-title"
      onClose={onClose}
      onSubmit={submit}
      busy={sending}
      submitLabel={translate('app.options.send')}
      maxWidth="sm"
    >
      <Stack sx={{ gap: 2, pt: 1 }}>
        <TextField {...textProps('name')} label={label('name')} required autoFocus />
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
          <TextField
            {...textProps('price')}
            label={label('price')}
            required
            type="number"
            slotProps={{
              htmlInput: { min: 0, step: 1 },
              input: {
                endAdornment: <InputAdornment position="end">{translate('app.options.yen')}</InputAdornment>,
              },
            }}
          />
          <TextField
            {...textProps('unit')}
            label={label('unit')}
            required
            helperText={errors.unit ?? translate('app.options.unit_hint')}
          />
          <TextField
            {...textProps('unit_max')}
            label={label('unit_max')}
            type="number"
            helperText={errors.unit_max ?? translate('app.options.unit_max_hint')}
            slotProps={{ htmlInput: { min: 1, step: 1 } }}
          />
        </Stack>
        <TextField {...textProps('description')} label={label('description')} multiline minRows={3} />
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
          <TextField
            {...textProps('supplier_id')}
            select
            label={label('supplier')}
            disabled={editing}
            helperText={errors.supplier_id ?? (editing ? optionMessages.fixedOnEdit : undefined)}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{translate('app.options.official')}</MenuItem>
            {supplierChoices.map((s) => (
              <MenuItem key={s.id} value={String(s.id)}>
                {s.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            {...textProps('room_id')}
            select
            label={label('room')}
            disabled={editing}
            helperText={errors.room_id ?? (editing ? optionMessages.fixedOnEdit : undefined)}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{translate('app.options.all_rooms_choice')}</MenuItem>
            {roomChoices.map((r) => (
              <MenuItem key={r.id} value={String(r.id)}>
                {r.name}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <FormGroup>
          {FLAGS.map((flag) => (
            <FormControlLabel
              key={flag}
              control={<Checkbox checked={form[flag]} onChange={(e) => set(flag, e.target.checked)} />}
              label={translate(`app.options.flags.${flag}`)}
            />
          ))}
        </FormGroup>
      </Stack>
    </FormDialog>
  );
}
