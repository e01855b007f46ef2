import type {
  Booking,
  BookingCreateInput,
  BookingListQuery,
  BookingUpdate,
  CalendarComment,
} from '../contract/booking';
import type { PlanSummary } from '../contract/plan';
import type { Room } from '../contract/room';
import { apiUrl } from './config';
import { httpClient, type QueryValue } from './httpClient';

/**
 * The booking calls of spec section 7, typed by the contract. Screens call these (through
 * react-query where they cache) rather than building paths themselves.
 */

/** The list query as the API reads it: dates yyyy-MM-dd, flags 'true', sync '0'/'1'. */
export type BookListParams = {
  [K in keyof BookingListQuery]?: BookingListQuery[K] extends boolean | undefined ? boolean : string | number;
};

function query(params: BookListParams): Record<string, QueryValue> {
  const out: Record<string, QueryValue> = {};
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === '') continue;
    out[k] = typeof v === 'boolean' ? (v ? 'true' : 'false') : v;
  }
  return out;
}

export async function listBooks(params: BookListParams, signal?: AbortSignal): Promise<Booking[]> {
  const { json } = await httpClient<{ books: Booking[] }>(apiUrl('/admin/books'), { query: query(params), signal });
  return json.books;
}

/** The calendar's window of one accommodation: every stay that touches [from, to]. */
export function listCalendarBooks(accommodationId: number, from: string, to: string, signal?: AbortSignal) {
  return listBooks(
    { accommodation_id: accommodationId, stay_start_date: from, stay_end_date: to, with_consecutive: true },
    signal,
  );
}

export async function getBook(id: number): Promise<Booking> {
  return (await httpClient<Booking>(apiUrl(`/admin/books/${id}`))).json;
}

export async function createBook(input: BookingCreateInput): Promise<Booking> {
  return (await httpClient<Booking>(apiUrl('/admin/books'), { method: 'POST', body: { ...input, via: 101 } })).json;
}

/** Partial update; a lone room_id or plan_id is how the panel applies those at once. */
export async function updateBook(id: number, patch: BookingUpdate): Promise<Booking> {
  return (await httpClient<Booking>(apiUrl(`/admin/books/${id}`), { method: 'PATCH', body: patch })).json;
}

/** Cancels (delete_flg 1). `mail` asks for the cancel mail; `cancelFee` records the fee chosen. */
export async function cancelBook(id: number, options: { mail: boolean; cancelFee?: number | null }): Promise<void> {
  await httpClient(apiUrl(`/admin/books/${id}`), {
    method: 'DELETE',
    query: { mail: options.mail ? 1 : 0, cancel_fee: options.cancelFee ?? undefined },
  });
}

export interface DayStatus {
  date: string;
  rooms: {
    accommodation_id: number;
    room_id: number;
    room_name: string;
    capacity: number;
    booked: number;
    over: boolean;
  }[];
}

export async function getDayStatus(date: string, accommodationId: number): Promise<DayStatus> {
  return (
    await httpClient<DayStatus>(apiUrl(`/admin/books/date/${date}`), { query: { accommodation_id: accommodationId } })
  ).json;
}

const commentsPath = (accommodationId: number) => `/admin/accommodations/${accommodationId}/calendar/comments`;

/** The comments of the days from `from` to `to`, both included, by date then id. */
export async function listComments(
  accommodationId: number,
  from: string,
  to: string,
  signal?: AbortSignal,
): Promise<CalendarComment[]> {
  const { json } = await httpClient<{ comments: CalendarComment[] }>(apiUrl(commentsPath(accommodationId)), {
    query: { start_date: from, end_date: to },
    signal,
  });
  return json.comments;
}

export async function createComment(accommodationId: number, targetDate: string, comment: string) {
  return (
    await httpClient<CalendarComment>(apiUrl(commentsPath(accommodationId)), {
      method: 'POST',
      body: { target_date: targetDate, comment },
    })
  ).json;
}

export async function updateComment(accommodationId: number, id: number, comment: string) {
  return (
    await httpClient<CalendarComment>(apiUrl(`${commentsPath(accommodationId)}/${id}`), {
      method: 'PATCH',
      body: { comment },
    })
  ).json;
}

export async function deleteComment(accommodationId: number, id: number): Promise<void> {
  await httpClient(apiUrl(`${commentsPath(accommodationId)}/${id}`), { method: 'DELETE' });
}

export async function listRooms(accommodationId: number): Promise<Room[]> {
  return (await httpClient<{ rooms: Room[] }>(apiUrl(`/accommodations/${accommodationId}/rooms`))).json.rooms;
}

export async function listPlans(accommodationId: number): Promise<PlanSummary[]> {
  return (await httpClient<{ plans: PlanSummary[] }>(apiUrl(`/accommodations/${accommodationId}/plans`))).json.plans;
}
