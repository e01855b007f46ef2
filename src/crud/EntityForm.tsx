import type { ReactNode } from 'react';
import { Stack } from '@mui/material';
import { fieldEntries, type AnyEntity } from '../../contract/entity';
import { EntityInput } from './EntityInput';
import { useEntityText } from './entityText';

export interface EntityInputsProps {
  entity: AnyEntity;
  mode: 'create' | 'edit';
  /** An entity's own input in place of the generated one (a plan's icon list); null leaves the field out. */
  inputs?: Readonly<Record<string, ReactNode>>;
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
  return (
    <Stack sx={{ gap: 0.5, width: '100%' }}>
      {fieldEntries(entity).map(([source, field]) => {
        if (mode === 'edit' && field.createOnly) return null;
        if (source in inputs) return inputs[source] ? <Stack key={source}>{inputs[source]}</Stack> : null;
        return (
          <EntityInput
            key={source}
            source={source}
            field={field}
            label={label(source)}
            editing={mode === 'edit'}
            onCommit={onCommit}
          />
        );
      })}
      {children}
    </Stack>
  );
}
