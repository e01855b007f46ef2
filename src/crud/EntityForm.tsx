import type { ComponentType, ReactNode } from 'react';
import { Box } from '@mui/material';
import { fieldEntries, type AnyEntity } from '../../contract/entity';
import { maxLengthOf } from '../../contract/fieldRules';
import { EntityInput, type EntityInputProps } from './EntityInput';
import { useEntityText } from './entityText';

/** An entity's own input for one field (a plan's icon list), given what a generated one gets; null: none. */
export type InputOverride = ComponentType<EntityInputProps> | null;
export type InputOverrides = Readonly<Record<string, InputOverride>>;

export interface EntityInputsProps {
  entity: AnyEntity;
  mode: 'create' | 'edit';
  /** Inputs in place of generated ones (a plan's icon list); null leaves the field out. */
  inputs?: InputOverrides;
  /** See EntityInput: an existing record's panel saves a field when it is final. */
  onCommit?: (source: string) => void;
  /** After the inputs: what only this entity shows (a room's attached plans). */
  children?: ReactNode;
}

/**
 * The inputs of an entity's create or edit form, in the description's order: labels from
 * `resources.<resource>.fields`, create-only fields (a new user's password) left out of the edit.
 */
export function EntityInputs({ entity, mode, inputs = {}, onCommit, children }: EntityInputsProps) {
  const { label } = useEntityText(entity);
  // The body the form sends says how long each text may be: the update's for an existing record.
  const body = mode === 'edit' ? entity.update : entity.create;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 1.5, width: '100%' }}>
      {fieldEntries(entity).map(([source, field]) => {
        if ((mode === 'edit' && field.createOnly) || field.listOnly) return null;
        const Input = source in inputs ? inputs[source] : EntityInput;
        if (!Input) return null;
        return (
          <Box key={source} sx={{ gridColumn: field.half ? 'span 1' : '1 / -1', minWidth: 0 }}>
            <Input
              source={source}
              field={field}
              label={label(source)}
              editing={mode === 'edit'}
              onCommit={onCommit}
              maxLength={maxLengthOf(body, source) ?? maxLengthOf(entity.create, source)}
            />
          </Box>
        );
      })}
      <Box sx={{ gridColumn: '1 / -1' }}>{children}</Box>
    </Box>
  );
}
