import { useCallback, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import type { Booking } from '../../contract/booking';
import { errorMessages } from '../../contract/messages';
import type { PlanSummary } from '../../contract/plan';
import type { Room } from '../../contract/room';
import { HttpError } from '../../dataProvider/http';
import { todayInTokyo } from '../../i18n/formats';
import { failureMessage, fieldErrorsOf } from '../../dataProvider/apiErrors';
import { refusalMessage } from '../../src/crud/formErrors';
import { SAVED_NOTICE_MS } from '../../src/crud/useFieldAutosave';
import {
  bookingToForm,
  emptyBookingForm,
  fieldPatch,
  isFieldChanged,
  patchError,
  type BookingField,
  type BookingFieldErrors,
  type BookingFormValues,
} from './bookingModel';
import type { NewStay } from './newStay';
import { useAppDataProvider } from '../../dataProvider/useAppDataProvider';
import { useAccommodationList } from '../../src/crud/useAccommodationList';
import { useApiQuery } from '../../src/hooks/useApiQuery';
import { bookingPanelKey } from './panelQuery';

const NONE: never[] = [];

interface PanelState {
  status: 'loading' | 'ready' | 'missing';
  booking: Booking | null;
  /** What the server holds (existing booking) — the base of "changed". */
  saved: BookingFormValues;
  /** What the inputs show. */
  form: BookingFormValues;
}

function initialState(bookId: number, stay?: NewStay | null): PanelState {
  const empty = emptyBookingForm(todayInTokyo());
  if (stay) Object.assign(empty, { start_date: stay.start_date, days: String(stay.days) });
  return { status: bookId === 0 ? 'ready' : 'loading', booking: null, saved: empty, form: empty };
}

/**
 * The booking as the server now holds it: the first load fills the form; a later one moves every
 * field not being edited (its input still shows what was saved) and keeps what is being typed.
 */
function followServer(s: PanelState, booking: Booking): PanelState {
  const values = bookingToForm(booking);
  if (s.status !== 'ready' || !s.booking) return { status: 'ready', booking, saved: values, form: values };
  const form = { ...s.form };
  for (const f of Object.keys(form) as BookingField[]) if (form[f] === s.saved[f]) form[f] = values[f];
  return { status: 'ready', booking, saved: values, form };
}

/** After a save: the saved field and every field not being edited show what the server now holds. */
function follow(s: PanelState, values: BookingFormValues, field: BookingField): BookingFormValues {
  const form = { ...s.form };
  for (const f of Object.keys(form) as BookingField[]) {
    if (f === field || form[f] === s.saved[f]) form[f] = values[f];
  }
  return form;
}

/** A booking the API no longer answers. */
const isGone = (error: unknown) => error instanceof HttpError && error.status === 404;

/** Fields whose refused value is put back; text keeps what the user typed so it can be retried. */
const RESTORED_ON_FAILURE: readonly BookingField[] = [
  'start_date',
  'days',
  'person_number',
  'room_id',
  'plan_id',
  'job',
];

/**
 * The panel's data: the booking (or a new form when bookId is 0), rooms and plans of the
 * accommodation, and the field saves of an existing booking. Mount it with a key per booking.
 */
export function useBookingPanel(
  accommodationId: number,
  bookId: number,
  onChanged?: () => void,
  /** A new booking's stay chosen on the calendar. */
  newStay?: NewStay | null,
) {
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const [state, setState] = useState<PanelState>(() => initialState(bookId, newStay));
  // Refused fields, each marked with its message until it is changed or saved.
  const [errors, setErrors] = useState<BookingFieldErrors>({});
  const mark = useCallback((field: BookingField, message: string | null) => {
    setErrors((e) => {
      if (!message && !(field in e)) return e;
      const next = { ...e };
      if (message) next[field] = message;
      else delete next[field];
      return next;
    });
  }, []);
  // Like the plan and room panels: a discreet 保存しました after each field saved.
  const notifySaved = useCallback(
    () => notify('app.crud.saved', { type: 'success', autoHideDuration: SAVED_NOTICE_MS }),
    [notify],
  );
  const rooms = useAccommodationList<Room>('rooms', accommodationId).data ?? NONE;
  const plans = useAccommodationList<PlanSummary>('plans', accommodationId).data ?? NONE;

  // The booking, loaded through the query client like every screen's data (src/hooks/useApiQuery):
  // react-admin's refresh reloads it too, and a field being typed into keeps what the user typed. Not
  // under 'books': the panel's own saves, which refresh every list of bookings, answer the booking.
  const queryClient = useQueryClient();
  const bookingKey = useMemo(() => bookingPanelKey(bookId), [bookId]);
  const loadBooking = useCallback(() => dataProvider.getBook(bookId), [dataProvider, bookId]);
  const loaded = useApiQuery(bookingKey, loadBooking, { enabled: bookId !== 0, keepPrevious: false });
  const loadedBooking = loaded.status === 'ready' ? loaded.data : undefined;
  const loadError = loaded.status === 'failed' ? loaded.error : undefined;
  // Each new answer (or failure) is taken once, while rendering (React's "adjusting state when a
  // prop changes"): the form follows the server; a booking shown stays on a failed reload unless gone.
  const [taken, setTaken] = useState<{ booking?: Booking; error?: unknown }>({});
  if (loadedBooking !== taken.booking || loadError !== taken.error) {
    setTaken({ booking: loadedBooking, error: loadError });
    if (loadedBooking) setState((s) => followServer(s, loadedBooking));
    if (loadError !== undefined)
      setState((s) => (s.status === 'ready' && !isGone(loadError) ? s : { ...s, status: 'missing' }));
  }

  /**
   * Fetches the booking again (after a cancellation, a payment or an option was written); a failure
   * other than the booking being gone is said, and the booking shown stays.
   */
  const refresh = useCallback(async () => {
    if (bookId === 0) return;
    try {
      await queryClient.fetchQuery({ queryKey: bookingKey, queryFn: loadBooking, staleTime: 0, retry: false });
    } catch (error) {
      if (!isGone(error)) notify(failureMessage(error, errorMessages.generic), { type: 'error' });
    }
  }, [queryClient, bookingKey, loadBooking, bookId, notify]);

  /** What a save answered: the panel and the query's cache both hold it. */
  const takeSaved = useCallback(
    (updated: Booking, field: BookingField) => {
      const values = bookingToForm(updated);
      setState((s) => ({ ...s, booking: updated, saved: values, form: follow(s, values, field) }));
      queryClient.setQueryData(bookingKey, updated);
    },
    [queryClient, bookingKey],
  );

  const setField = useCallback(
    (field: BookingField, value: string) => {
      setState((s) => ({ ...s, form: { ...s.form, [field]: value } }));
      // Being fixed: the mark comes back on the next check (leaving the field, 予約する) if still wrong.
      mark(field, null);
    },
    [mark],
  );

  /** Sends one field of an existing booking when its value changed; `value` overrides the form's. */
  const save = useCallback(
    async (field: BookingField, value?: string) => {
      const { booking, saved, form } = state;
      if (!booking) return;
      const current = { ...form, [field]: value ?? form[field] };
      if (!isFieldChanged(field, saved, current)) {
        mark(field, null);
        return;
      }
      const patch = fieldPatch(field, current[field]);
      const restore = () => setState((s) => ({ ...s, form: { ...s.form, [field]: s.saved[field] } }));
      if (!patch) {
        restore();
        return;
      }
      // The contract's rule first: a refused value stays as typed, marked with its reason.
      const problem = patchError(patch);
      if (problem) {
        mark(field, problem);
        notify(problem, { type: 'error' });
        return;
      }
      try {
        takeSaved(await dataProvider.updateBook(booking.id, patch), field);
        mark(field, null);
        notifySaved();
        onChanged?.();
      } catch (error) {
        // The refused field's own sentence (a character it does not take), else the server's.
        const message = fieldErrorsOf(error)[field] ?? refusalMessage(error, errorMessages.bookingUpdateFailed);
        notify(message, { type: 'error' });
        // A stay the server refused (full) comes back as it was; text stays as typed, marked.
        if (RESTORED_ON_FAILURE.includes(field)) restore();
        else mark(field, message);
      }
    },
    [dataProvider, state, notify, notifySaved, mark, onChanged, takeSaved],
  );

  /**
   * Leaves the plan with the total given (the plan's total no longer applies): one PATCH with
   * plan_id null and price_sub. Refused, the form keeps the plan it had.
   */
  const leavePlan = useCallback(
    async (total: number): Promise<boolean> => {
      const { booking } = state;
      if (!booking) return false;
      try {
        takeSaved(await dataProvider.updateBook(booking.id, { plan_id: null, price_sub: total }), 'plan_id');
        notifySaved();
        onChanged?.();
        return true;
      } catch (error) {
        notify(failureMessage(error, errorMessages.bookingUpdateFailed), { type: 'error' });
        return false;
      }
    },
    [dataProvider, state, notify, notifySaved, onChanged, takeSaved],
  );

  /** A select: fills the form, and on an existing booking is sent at once. */
  const choose = useCallback(
    (field: BookingField, value: string) => {
      setField(field, value);
      if (state.booking) void save(field, value);
    },
    [setField, save, state.booking],
  );

  return { ...state, errors, setErrors, rooms, plans, setField, save, choose, leavePlan, refresh };
}
