import { useEffect, useState, type FormEvent } from 'react';
import { useNotify } from 'react-admin';
import { errorMessages } from '../../contract/messages';
import type { AppMessageKey } from '../../i18n/ja';
import { failureMessage, fieldErrorsOf } from '../../dataProvider/apiErrors';

type FieldErrors<F extends string> = Partial<Record<F, string>>;

/**
 * The pure rules of one settings form (from the resource's model): how a record becomes the
 * inputs' values and how values become API bodies. A module constant: it never changes.
 */
export interface AutosaveFormModel<R, V, F extends keyof V & string, Patch, Body> {
  /** The fields a refused call may name in its `errors` (and the ones the form shows). */
  fields: readonly F[];
  empty: () => V;
  toForm: (record: R) => V;
  /** Whether the value the server would store differs: two inputs storing the same are no change. */
  isChanged: (field: F, before: V, after: V) => boolean;
  /** The broken rule that stops one field of an existing record from being saved, or null. */
  fieldError: (field: F, form: V) => string | null;
  /** The PATCH body of one field, or null when it cannot be sent. */
  fieldPatch: (field: F, form: V) => Patch | null;
  /** The POST body of a new record, or the broken rules by field. */
  prepareCreate: (form: V) => { errors: FieldErrors<F>; body?: undefined } | { errors?: undefined; body: Body };
  /** The info message once a new record is created (spec section 8). */
  createdMessage: AppMessageKey;
  /** Fields checked together with the saved one (a period's two dates): a stored value clears their errors. */
  errorsClearedOnSave?: (field: F) => readonly F[];
  calls: AutosaveFormCalls<R, Patch, Body>;
}

/** The record's calls under an accommodation (the catalogue API's functions) and what the panel is told. */
export interface AutosaveFormCalls<R, Patch, Body> {
  get: (accommodationId: number, id: number) => Promise<R>;
  update: (accommodationId: number, id: number, patch: Patch) => Promise<R>;
  create: (accommodationId: number, body: Body) => Promise<R>;
}

export interface AutosaveFormTarget<R> {
  accommodationId: number;
  /** 0: a new record, sent by the create button only. */
  id: number;
  /** After a create or a save: the list beside the panel reloads. */
  onChanged: () => void;
  /** A new record was created: the caller shows it (its panel remounts with the new id). */
  onCreated: (record: R) => void;
}

export type AutosaveStatus = 'loading' | 'ready' | 'missing';

/** The field messages a refused call carries (`errors: { field: 日本語 }`) for the form's fields. */
function formFieldErrors<F extends string>(error: unknown, fields: readonly F[]): FieldErrors<F> {
  const all = fieldErrorsOf(error);
  const out: FieldErrors<F> = {};
  for (const f of fields) if (typeof all[f] === 'string') out[f] = all[f];
  return out;
}

/**
 * A settings panel's form (rooms, plans): an existing record is loaded and each changed field is
 * saved on its own (PATCH of that field only) when it is left or chosen; a new record is sent by
 * the create button after the model's rules. A refused value stays as typed, with the rule or the
 * server's field message under it and the call's message in the message box.
 *
 * The panel is mounted with a key per record, so that one record's typing never shows under another.
 */
export function useAutosaveForm<R extends { id: number }, V, F extends keyof V & string, Patch, Body>(
  model: AutosaveFormModel<R, V, F, Patch, Body>,
  { accommodationId, id, onChanged, onCreated }: AutosaveFormTarget<R>,
) {
  const notify = useNotify();
  const { calls } = model;
  const isNew = id === 0;
  const [status, setStatus] = useState<AutosaveStatus>(isNew ? 'ready' : 'loading');
  const [record, setRecord] = useState<R | null>(null);
  /** What the server holds: the base of "changed". */
  const [saved, setSaved] = useState<V>(model.empty);
  /** What the inputs show. */
  const [form, setForm] = useState<V>(model.empty);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (isNew) return undefined;
    let alive = true;
    model.calls.get(accommodationId, id).then(
      (r) => {
        if (!alive) return;
        setRecord(r);
        setSaved(model.toForm(r));
        setForm(model.toForm(r));
        setStatus('ready');
      },
      () => alive && setStatus('missing'),
    );
    return () => {
      alive = false;
    };
  }, [accommodationId, id, isNew, model]);

  /** Fetches the record again after a change made beside the form; the inputs keep what they show. */
  const refresh = async () => {
    if (isNew) return;
    try {
      setRecord(await calls.get(accommodationId, id));
    } catch (error) {
      notify(failureMessage(error, errorMessages.generic), { type: 'error' });
    }
  };

  const clearError = (field: F) => {
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const change = (field: F, value: V[F]) => {
    setForm((f) => ({ ...f, [field]: value }));
    clearError(field);
  };

  /** An existing record saves one field when it changed; `current` is the form to read (default: the inputs'). */
  const save = async (field: F, current: V = form) => {
    if (isNew || !record) return;
    if (!model.isChanged(field, saved, current)) return;
    const problem = model.fieldError(field, current);
    if (problem) {
      setErrors((e) => ({ ...e, [field]: problem }));
      notify(problem, { type: 'error' });
      return;
    }
    const patch = model.fieldPatch(field, current);
    if (!patch) return;
    try {
      const updated = await calls.update(accommodationId, record.id, patch);
      const values = model.toForm(updated);
      setRecord(updated);
      setSaved(values);
      setForm((f) => ({ ...f, [field]: values[field] }));
      const cleared = model.errorsClearedOnSave?.(field) ?? [];
      if (cleared.length > 0) setErrors((e) => ({ ...e, ...Object.fromEntries(cleared.map((f) => [f, undefined])) }));
      onChanged();
    } catch (error) {
      setErrors((e) => ({ ...e, ...formFieldErrors(error, model.fields) }));
      notify(failureMessage(error, errorMessages.bookingUpdateFailed), { type: 'error' });
    }
  };

  /** A switch, select or checkbox: fills the form and, on an existing record, is saved at once. */
  const choose = (field: F, value: V[F]) => {
    const next = { ...form, [field]: value };
    setForm(next);
    clearError(field);
    void save(field, next);
  };

  /** The create button of a new record. */
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const prepared = model.prepareCreate(form);
    if (prepared.errors) {
      setErrors(prepared.errors);
      notify(Object.values<string | undefined>(prepared.errors)[0]!, { type: 'error' });
      return;
    }
    // No broken rule: the model gave the body (TypeScript does not narrow a union over a type parameter).
    const body = prepared.body as Body;
    setBusy(true);
    try {
      const created = await calls.create(accommodationId, body);
      notify(model.createdMessage, { type: 'info' });
      onChanged();
      onCreated(created);
    } catch (error) {
      setErrors(formFieldErrors(error, model.fields));
      notify(failureMessage(error, errorMessages.generic), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return { isNew, status, record, form, errors, busy, change, save, choose, submit, refresh };
}
