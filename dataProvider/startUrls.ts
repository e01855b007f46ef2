import { apiUrl } from './config';
import { withQuery } from './httpClient';

/**
 * The addresses of the first calls of a signed-in page (who am I, my accommodations, the
 * calendar's first window), built in one place: the dataProvider's methods ask
 * them, and the entry chunk sends them early with the same text (dataProvider/earlyCalls.ts).
 */
export const calendarBooksUrl = (accommodationId: number, from: string, to: string) =>
  withQuery(apiUrl('/admin/books'), {
    accommodation_id: accommodationId,
    stay_start_date: from,
    stay_end_date: to,
    with_consecutive: 'true',
  });

export const calendarCommentsUrl = (accommodationId: number, from: string, to: string) =>
  withQuery(apiUrl(`/admin/accommodations/${accommodationId}/calendar/comments`), { start_date: from, end_date: to });

/** What the dataProvider's getList asks for the room types (a test holds the two together). */
export const roomsUrl = (accommodationId: number) => apiUrl(`/accommodations/${accommodationId}/rooms`);

export const meUrl = () => apiUrl('/me');
export const accommodationsUrl = () => apiUrl('/accommodations');
