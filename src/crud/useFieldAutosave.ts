import { useCallback } from 'react';
import { useNotify, useRecordContext, useUpdate, type RaRecord } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { fieldErrors, type AnyEntity } from '../../contract/entity';
import { fieldErrorsOf } from '../../dataProvider/apiErrors';
import { useCallMeta } from './CallMeta';
import { refusalMessage } from './formErrors';

/** Two values the server stores the same way: '' and null are both "empty". */
function sameValue(a: unknown, b: unknown): boolean {
  const empty = (v: unknown) => v === null || v === undefined || v === '';
  if (empty(a) && empty(b)) return true;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** How long the discreet 保存しました stays (the booking panel's too). */
export const SAVED_NOTICE_MS = 2000;

/**
 * An existing record's form that saves each field on its own (rooms, plans, users; spec 2 "existing
 * ones autosave"): when a field is final and differs from the record, it is checked with the
 * entity's update schema (with the record's other values, so rules across fields apply) and sent
 * alone. A refused value stays as typed, marked with its reason (the client's rule or the server's
 * field message) until it is fixed or undone; a saved one says 保存しました discreetly.
 */
export function useFieldAutosave(entity: AnyEntity) {
  const record = useRecordContext<RaRecord>();
  const meta = useCallMeta();
  const notify = useNotify();
  const [update] = useUpdate();
  const { getValues, setError, clearErrors, resetField } = useFormContext();

  return useCallback(
    async (source: string) => {
      if (!record) return;
      const value: unknown = getValues(source);
      if (sameValue(value, record[source])) {
        clearErrors(source);
        return;
      }
      const problem = Object.values(fieldErrors(entity.update, { ...record, [source]: value }))[0];
      if (problem) {
        setError(source, { type: 'validate', message: problem });
        notify(problem, { type: 'error' });
        return;
      }
      try {
        const saved = (await update(
          entity.resource,
          { id: record.id, data: { [source]: value }, previousData: record, meta },
          { mutationMode: 'pessimistic', returnPromise: true },
        )) as RaRecord;
        clearErrors(source);
        // What the server stored (a trimmed name) becomes the field's value and its saved state.
        resetField(source, { defaultValue: saved[source] });
        notify('app.crud.saved', { type: 'success', autoHideDuration: SAVED_NOTICE_MS });
      } catch (error) {
        const message = fieldErrorsOf(error)[source] ?? refusalMessage(error);
        setError(source, { type: 'server', message });
        notify(message, { type: 'error' });
      }
    },
    [record, entity, meta, notify, update, getValues, setError, clearErrors, resetField],
  );
}
