import { useCallback, useEffect, useState } from 'react';
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

function readyState(booking: Booking): PanelState {
  const values = bookingToForm(booking);
  return { status: 'ready', booking, saved: values, form: values };
}

/** After a save: the saved field and every field not being edited show what the server now holds. */
function follow(s: PanelState, values: BookingFormValues, field: BookingField): BookingFormValues {
  const form = { ...s.form };
  for (const f of Object.keys(form) as BookingField[]) {
    if (f === field || form[f] === s.saved[f]) form[f] = values[f];
  }
  return form;
}

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

  /** Fetches the booking again (after a cancellation); the effect below does the first load. */
  const reload = useCallback(async () => {
    if (bookId === 0) return;
    await dataProvider.getBook(bookId).then(
      (booking) => setState(readyState(booking)),
      () => setState((s) => ({ ...s, status: 'missing' })),
    );
  }, [dataProvider, bookId]);

  /**
   * Fetches the booking again after a payment or an option was written: amounts and lists follow the
   * server, and an input being typed into keeps what the user typed.
   */
  const refresh = useCallback(async () => {
    if (bookId === 0) return;
    try {
      const booking = await dataProvider.getBook(bookId);
      const values = bookingToForm(booking);
      setState((s) => {
        const form = { ...s.form };
        for (const f of Object.keys(form) as BookingField[]) if (form[f] === s.saved[f]) form[f] = values[f];
        return { status: 'ready', booking, saved: values, form };
      });
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) setState((s) => ({ ...s, status: 'missing' }));
      else notify(failureMessage(error, errorMessages.generic), { type: 'error' });
    }
  }, [dataProvider, bookId, notify]);

  useEffect(() => {
    if (bookId === 0) return undefined;
    let alive = true;
    dataProvider.getBook(bookId).then(
      (booking) => alive && setState(readyState(booking)),
      () => alive && setState((s) => ({ ...s, status: 'missing' })),
    );
    return () => {
      alive = false;
    };
  }, [dataProvider, bookId]);

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
        const updated = await dataProvider.updateBook(booking.id, patch);
        const values = bookingToForm(updated);
        setState((s) => ({ ...s, booking: updated, saved: values, form: follow(s, values, field) }));
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
    [dataProvider, state, notify, notifySaved, mark, onChanged],
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
        const updated = await dataProvider.updateBook(booking.id, { plan_id: null, price_sub: total });
        const values = bookingToForm(updated);
        setState((s) => ({ ...s, booking: updated, saved: values, form: follow(s, values, 'plan_id') }));
        notifySaved();
        onChanged?.();
        return true;
      } catch (error) {
        notify(failureMessage(error, errorMessages.bookingUpdateFailed), { type: 'error' });
        return false;
      }
    },
    [dataProvider, state, notify, notifySaved, onChanged],
  );

  /** A select: fills the form, and on an existing booking is sent at once. */
  const choose = useCallback(
    (field: BookingField, value: string) => {
      setField(field, value);
      if (state.booking) void save(field, value);
    },
    [setField, save, state.booking],
  );

  return { ...state, errors, setErrors, rooms, plans, setField, save, choose, leavePlan, reload, refresh };
}
