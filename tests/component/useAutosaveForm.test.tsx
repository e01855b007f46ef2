import type { FormEvent } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../dataProvider/http';
import { useAutosaveForm, type AutosaveFormModel } from '../../src/hooks/useAutosaveForm';

const notify = vi.fn();
vi.mock('react-admin', () => ({ useNotify: () => notify }));

interface Shelf {
  id: number;
  name: string;
  size: number;
}
interface ShelfForm {
  name: string;
  size: string;
}
type ShelfField = keyof ShelfForm;
type ShelfBody = Omit<Shelf, 'id'>;

const calls = {
  get: vi.fn<(accommodationId: number, id: number) => Promise<Shelf>>(),
  update: vi.fn<(accommodationId: number, id: number, patch: Partial<ShelfBody>) => Promise<Shelf>>(),
  create: vi.fn<(accommodationId: number, body: ShelfBody) => Promise<Shelf>>(),
};

const nameRule = (form: ShelfForm) => (form.name.trim() === '' ? '名前を入力してください。' : null);

/** A small model with the shape of the room and plan models: the hook knows nothing else. */
const shelfForm: AutosaveFormModel<Shelf, ShelfForm, ShelfField, Partial<ShelfBody>, ShelfBody> = {
  fields: ['name', 'size'],
  empty: () => ({ name: '', size: '' }),
  toForm: (s) => ({ name: s.name, size: String(s.size) }),
  isChanged: (field, before, after) => before[field].trim() !== after[field].trim(),
  fieldError: (field, form) => (field === 'name' ? nameRule(form) : null),
  fieldPatch: (field, form) => (field === 'name' ? { name: form.name.trim() } : { size: Number(form.size) }),
  prepareCreate: (form) => {
    const problem = nameRule(form);
    return problem ? { errors: { name: problem } } : { body: { name: form.name.trim(), size: Number(form.size) } };
  },
  createdMessage: 'app.message.info.roomCreated',
  errorsClearedOnSave: (field) => (field === 'size' ? ['name', 'size'] : []),
  calls,
};

const oak: Shelf = { id: 7, name: '樫', size: 3 };
const refused = new HttpError('入力内容に誤りがあります。', 400, {
  code: 'validation',
  message: '入力内容に誤りがあります。',
  errors: { name: '同じ名前があります。', other: '無関係' },
});
const submitEvent = () => ({ preventDefault: vi.fn() }) as unknown as FormEvent;

function renderForm(id: number) {
  const onChanged = vi.fn();
  const onCreated = vi.fn();
  const hook = renderHook(() => useAutosaveForm(shelfForm, { accommodationId: 1, id, onChanged, onCreated }));
  return { ...hook, onChanged, onCreated };
}

beforeEach(() => {
  vi.clearAllMocks();
  calls.get.mockResolvedValue(oak);
  calls.update.mockImplementation(async (_a, id, patch) => ({ ...oak, id, ...patch }));
});

describe('useAutosaveForm', () => {
  it('loads an existing record into the form', async () => {
    const { result } = renderForm(7);
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(calls.get).toHaveBeenCalledWith(1, 7);
    expect(result.current.record).toEqual(oak);
    expect(result.current.form).toEqual({ name: '樫', size: '3' });
  });

  it('says the record is missing when it cannot be loaded', async () => {
    calls.get.mockRejectedValue(new HttpError('見つかりません。', 404, null));
    const { result } = renderForm(7);
    await waitFor(() => expect(result.current.status).toBe('missing'));
  });

  it('sends nothing for an unchanged field, then only the changed field', async () => {
    const { result, onChanged } = renderForm(7);
    await waitFor(() => expect(result.current.status).toBe('ready'));
    await act(() => result.current.save('name'));
    expect(calls.update).not.toHaveBeenCalled();

    act(() => result.current.change('size', '5'));
    await act(() => result.current.save('size'));
    expect(calls.update).toHaveBeenCalledExactlyOnceWith(1, 7, { size: 5 });
    expect(result.current.record).toEqual({ ...oak, size: 5 });
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('keeps a value that breaks a rule, says why and sends nothing', async () => {
    const { result } = renderForm(7);
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => result.current.change('name', ' '));
    await act(() => result.current.save('name'));
    expect(calls.update).not.toHaveBeenCalled();
    expect(result.current.form.name).toBe(' ');
    expect(result.current.errors).toEqual({ name: '名前を入力してください。' });
    expect(notify).toHaveBeenCalledWith('名前を入力してください。', { type: 'error' });
    // Typing again clears the field's error.
    act(() => result.current.change('name', '楢'));
    expect(result.current.errors.name).toBeUndefined();
  });

  it('shows the field messages of a refused save and keeps what was typed', async () => {
    calls.update.mockRejectedValue(refused);
    const { result, onChanged } = renderForm(7);
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => result.current.change('name', '楢'));
    await act(() => result.current.save('name'));
    expect(result.current.errors).toEqual({ name: '同じ名前があります。' });
    expect(result.current.form.name).toBe('楢');
    expect(notify).toHaveBeenCalledWith('入力内容に誤りがあります。', { type: 'error' });
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('clears the errors of the fields saved together once one is stored', async () => {
    calls.update.mockRejectedValueOnce(refused);
    const { result } = renderForm(7);
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => result.current.change('name', '楢'));
    await act(() => result.current.save('name'));
    expect(result.current.errors.name).toBe('同じ名前があります。');
    // A choice is saved at once, from the value chosen.
    await act(async () => result.current.choose('size', '4'));
    await waitFor(() => expect(calls.update).toHaveBeenLastCalledWith(1, 7, { size: 4 }));
    await waitFor(() => expect(result.current.errors.name).toBeUndefined());
  });

  it('saves nothing of a new record until it is created', async () => {
    const { result } = renderForm(0);
    expect(result.current.status).toBe('ready');
    expect(result.current.isNew).toBe(true);
    act(() => result.current.change('size', '2'));
    await act(() => result.current.save('size'));
    expect(calls.get).not.toHaveBeenCalled();
    expect(calls.update).not.toHaveBeenCalled();
  });

  it('refuses to create a record that breaks a rule', async () => {
    const { result } = renderForm(0);
    await act(() => result.current.submit(submitEvent()));
    expect(calls.create).not.toHaveBeenCalled();
    expect(result.current.errors).toEqual({ name: '名前を入力してください。' });
    expect(notify).toHaveBeenCalledWith('名前を入力してください。', { type: 'error' });
  });

  it('creates a record, says so and hands it over', async () => {
    const created: Shelf = { id: 9, name: '桐', size: 2 };
    calls.create.mockResolvedValue(created);
    const { result, onChanged, onCreated } = renderForm(0);
    act(() => result.current.change('name', ' 桐 '));
    act(() => result.current.change('size', '2'));
    await act(() => result.current.submit(submitEvent()));
    expect(calls.create).toHaveBeenCalledExactlyOnceWith(1, { name: '桐', size: 2 });
    expect(notify).toHaveBeenCalledWith('app.message.info.roomCreated', { type: 'info' });
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(onCreated).toHaveBeenCalledWith(created);
    expect(result.current.busy).toBe(false);
  });

  it('shows the field messages of a refused create', async () => {
    calls.create.mockRejectedValue(refused);
    const { result, onCreated } = renderForm(0);
    act(() => result.current.change('name', '樫'));
    await act(() => result.current.submit(submitEvent()));
    expect(result.current.errors).toEqual({ name: '同じ名前があります。' });
    expect(notify).toHaveBeenCalledWith('入力内容に誤りがあります。', { type: 'error' });
    expect(onCreated).not.toHaveBeenCalled();
  });
});
