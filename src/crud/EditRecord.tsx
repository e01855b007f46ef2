import type { ReactNode } from 'react';
import { EditBase, type Identifier } from 'react-admin';
import type { AnyEntity } from '../../contract/entity';
import { useCallMeta } from './CallMeta';

/**
 * One existing record of an entity, read and saved through react-admin's EditBase the way every
 * generated view needs it: the call's meta (the accommodation), a save that waits for the server (so
 * its field messages land on the form), and no navigation after a save or a failed read.
 */
export function EditRecord({
  entity,
  id,
  onSaved,
  onError,
  children,
}: {
  entity: AnyEntity;
  id: Identifier;
  onSaved?: () => void;
  onError?: (error: unknown) => void;
  children: ReactNode;
}) {
  const meta = useCallMeta();
  return (
    <EditBase
      resource={entity.resource}
      id={id}
      redirect={false}
      redirectOnError={false}
      mutationMode="pessimistic"
      queryOptions={{ meta }}
      mutationOptions={{ meta, onSuccess: onSaved, onError }}
    >
      {children}
    </EditBase>
  );
}
