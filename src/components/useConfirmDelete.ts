import { useState } from 'react';
import { useNotify } from 'react-admin';
import { errorMessages } from '../../contract/messages';
import { failureMessage } from '../../dataProvider/apiErrors';

/**
 * A delete asked for with the confirmation popup: `ask(row)` opens it (`ask(null)` closes it),
 * `confirm()` deletes, says `deletedMessage`, closes it and runs `after` (the list reloads); a refused
 * delete is said and the popup stays.
 */
export function useConfirmDelete<T>(
  remove: (row: T) => Promise<unknown>,
  deletedMessage: string,
  after: (row: T) => Promise<unknown>,
) {
  const notify = useNotify();
  const [toDelete, setToDelete] = useState<T | null>(null);
  const [deleting, setDeleting] = useState(false);

  const confirm = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await remove(toDelete);
      notify(deletedMessage, { type: 'info' });
      setToDelete(null);
      await after(toDelete);
    } catch (error) {
      notify(failureMessage(error, errorMessages.deleteFailed), { type: 'error' });
    } finally {
      setDeleting(false);
    }
  };

  return { toDelete, ask: setToDelete, deleting, confirm };
}
