import { useState } from 'react';
import { useNotify } from 'react-admin';
import { failureMessage, fieldErrorsOf } from '../../dataProvider/apiErrors';

/** What follows a petty cash call: the sentence said once it succeeded, and what else is done then or on a refusal. */
export interface LedgerSaveOutcome {
  saved: string;
  onSaved: () => void;
  onRefused?: (error: unknown) => void;
}

/**
 * The save of a petty cash popup (追加, 訂正): the contract's refusals go on the fields before
 * anything is sent; busy while the call runs (`dialogProps`); its success is said in a notice; a refusal puts
 * the server's messages of the popup's fields on them (under the popup's names) and says the first,
 * else the failure's own sentence, else `failed`. The popup stays open with what was typed.
 */
export function useLedgerSave({
  fields,
  failed,
}: {
  /** The server's field names (`reentry.amount`) onto the popup's (`amount`); any other is not shown on a field. */
  fields: Readonly<Record<string, string>>;
  failed: string;
}) {
  const notify = useNotify();
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  /** The field was changed: its message goes. */
  const clear = (field: string) => setErrors(({ [field]: _gone, ...rest }) => rest);

  /** The contract's messages by field: on the fields, true when there are any (nothing is to be sent). */
  const refused = (problems: Record<string, string>) => {
    if (Object.keys(problems).length === 0) return false;
    setErrors(problems);
    return true;
  };

  const send = async (call: () => Promise<unknown>, { saved, onSaved, onRefused }: LedgerSaveOutcome) => {
    setSaving(true);
    try {
      await call();
      notify(saved, { type: 'success' });
      onSaved();
    } catch (error) {
      const onFields: Record<string, string> = {};
      for (const [key, message] of Object.entries(fieldErrorsOf(error))) {
        const field = fields[key];
        if (field) onFields[field] = message;
      }
      setErrors(onFields);
      notify(Object.values(onFields)[0] ?? failureMessage(error, failed), { type: 'error' });
      onRefused?.(error);
    } finally {
      setSaving(false);
    }
  };

  /** FormDialog's onClose, onSubmit and busy for this save. */
  const dialogProps = (onClose: () => void, onSubmit: () => void | Promise<void>) => ({
    onClose,
    onSubmit,
    busy: saving,
  });

  return { errors, clear, refused, send, dialogProps };
}
