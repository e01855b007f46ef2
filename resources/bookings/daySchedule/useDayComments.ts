import { useCallback, useEffect, useRef, useState } from 'react';
import { useNotify } from 'react-admin';
import { errorMessages } from '../../../contract/messages';
import { useAppDataProvider } from '../../../dataProvider/useAppDataProvider';

/** A comment as the page holds it: `id` null until the server has it; `saved` is the server's text. */
export interface DraftComment {
  key: string;
  id: number | null;
  text: string;
  saved: string;
}

let nextKey = 0;
const draft = (id: number | null = null, text = ''): DraftComment => ({ key: `c${++nextKey}`, id, text, saved: text });

/**
 * The comments of one day (spec section 4 "Calendar comment"): none shown when the day has none;
 * コメントを追加 gives an empty one (or the empty one already there), and leaving a comment's field
 * creates it (POST) or updates it (PATCH); a new one left empty goes away.
 */
export function useDayComments(accommodationId: number, date: string) {
  const dataProvider = useAppDataProvider();
  const [comments, setComments] = useState<DraftComment[] | null>(null);
  const notify = useNotify();
  /** Comments whose create or update is on its way: a second blur meanwhile must not create a twin. */
  const saving = useRef(new Set<string>());
  const fail = useCallback(
    (e: unknown, fallback: string = errorMessages.generic) =>
      notify(e instanceof Error && e.message ? e.message : fallback, { type: 'error' }),
    [notify],
  );

  useEffect(() => {
    let live = true;
    dataProvider
      .listComments(accommodationId, date, date)
      .then((list) => {
        if (!live) return;
        const mine = list.filter((c) => c.target_date === date).map((c) => draft(c.id, c.comment));
        setComments(mine);
      })
      .catch((e: unknown) => {
        if (!live) return;
        fail(e);
        setComments([]);
      });
    return () => {
      live = false;
    };
  }, [dataProvider, accommodationId, date, fail]);

  const patch = (key: string, change: Partial<DraftComment>) =>
    setComments((list) => list?.map((c) => (c.key === key ? { ...c, ...change } : c)) ?? list);

  const edit = (key: string, text: string) => patch(key, { text });

  /** On blur: nothing when unchanged; a new comment is created only once it has text. What was typed stays on failure. */
  const save = async (c: DraftComment) => {
    if (c.id === null && c.text.trim() === '' && !saving.current.has(c.key)) {
      setComments((list) => list?.filter((x) => x.key !== c.key) ?? list);
      return;
    }
    if (c.text === c.saved || (c.id === null && c.text.trim() === '') || saving.current.has(c.key)) return;
    saving.current.add(c.key);
    try {
      const answer =
        c.id === null
          ? await dataProvider.createComment(accommodationId, date, c.text)
          : await dataProvider.updateComment(accommodationId, c.id, c.text);
      patch(c.key, { id: answer.id, saved: c.text });
    } catch (e) {
      fail(e, errorMessages.bookingUpdateFailed);
    } finally {
      saving.current.delete(c.key);
    }
  };

  /** A comment to type in; its key (the field to focus): the empty one already waiting, else a new one. */
  const add = (): string => {
    const waiting = comments?.find((c) => c.id === null && c.text.trim() === '');
    if (waiting) return waiting.key;
    const fresh = draft();
    setComments((list) => [...(list ?? []), fresh]);
    return fresh.key;
  };

  /** Deletes on the server when stored there; a day may be left with none. */
  const remove = async (c: DraftComment) => {
    try {
      if (c.id !== null) await dataProvider.deleteComment(accommodationId, c.id);
      setComments((list) => (list ?? []).filter((x) => x.key !== c.key));
      return true;
    } catch (e) {
      fail(e, errorMessages.deleteFailed);
      return false;
    }
  };

  return { comments, edit, save, add, remove };
}
