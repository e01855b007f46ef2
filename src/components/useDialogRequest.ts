import { useState } from 'react';
import { failureMessage } from '../../dataProvider/apiErrors';

/**
 * The request of a form popup (FormDialog): busy while it runs (the buttons wait, the popup stays),
 * the failure's sentence shown above the fields (the server's own Japanese message, else `fallback`).
 * `props(submit)` are FormDialog's onClose, onSubmit, busy and problem.
 */
export function useDialogRequest(onClose: () => void, fallback: string) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  /** Runs the call; a failure becomes the problem, and `onError` may put its field errors on the fields. */
  const run = async (action: () => Promise<void>, onError?: (error: unknown) => void) => {
    setBusy(true);
    setProblem(null);
    try {
      await action();
    } catch (error) {
      onError?.(error);
      setProblem(failureMessage(error, fallback));
    } finally {
      setBusy(false);
    }
  };

  const props = (onSubmit: () => void | Promise<void>) => ({ onClose, onSubmit, busy, problem });
  return { busy, problem, setProblem, run, props };
}
