import { useState } from 'react';
import { failureMessage, fieldErrorsOf } from '../../dataProvider/apiErrors';

export interface FormProblem<F extends string> {
  message: string;
  /** The sentences to show beside their fields. */
  fields: Partial<Record<F, string>>;
}

/**
 * The request of a form popup: `busy` while it runs; when it fails, or a check refuses the form before
 * anything is sent, `problem` says why and the popup stays open with what was typed. `failed` is the
 * sentence of a failure the server did not word, or what makes the sentence of any failure.
 * `dialogProps(onClose, submit)` are FormDialog's onClose, onSubmit, busy and problem.
 */
export function useFormRequest<F extends string = string>(failed: string | ((error: unknown) => string)) {
  const [problem, setProblem] = useState<FormProblem<F> | null>(null);
  const [busy, setBusy] = useState(false);

  /** A check failed before sending: the sentence goes on top and beside its field. */
  const refuse = (field: F, message: string) =>
    setProblem({ message, fields: { [field]: message } as Partial<Record<F, string>> });

  /**
   * The field was changed: its sentence goes, and the one on top too when it was that field's
   * (a problem of the whole form, from the server, stays until the next try).
   */
  const clear = (field: F) =>
    setProblem((p) => {
      const cleared = p?.fields[field];
      if (!p || cleared === undefined) return p;
      const fields: Partial<Record<F, string>> = { ...p.fields };
      delete fields[field];
      if (p.message !== cleared) return { ...p, fields };
      const next = Object.values<string | undefined>(fields).find(Boolean);
      return next ? { message: next, fields } : null;
    });

  /** Runs the request (and what follows its success); the server's sentences become the problem. */
  const send = async (request: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    try {
      await request();
    } catch (error) {
      setProblem({
        message: typeof failed === 'string' ? failureMessage(error, failed) : failed(error),
        fields: fieldErrorsOf(error) as Partial<Record<F, string>>,
      });
      setBusy(false);
    }
  };

  /** A problem of the whole form, not of one field (none to choose from, say). */
  const fail = (message: string) => setProblem({ message, fields: {} });

  const dialogProps = (onClose: () => void, onSubmit: () => void | Promise<void>) => ({
    onClose,
    onSubmit,
    busy,
    problem: problem?.message ?? null,
  });

  return { problem, busy, refuse, fail, send, clear, setProblem, dialogProps };
}
