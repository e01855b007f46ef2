import { apiPath } from '../contract/apiPaths';
import { fillApiPath, resourceApi } from '../contract/resourceApi';
import { apiUrl } from './config';
import { withQuery } from './httpClient';

/**
 * The addresses of the first calls of a signed-in page (who am I, my accommodations, the
 * calendar's room types and first window), built in one place from the API's map: the
 * dataProvider asks them, and the entry chunk sends them early with the same text
 * (dataProvider/earlyCalls.ts).
 */
export const calendarBooksUrl = (accommodationId: number, from: string, to: string) =>
  withQuery(apiUrl(resourceApi.books.path), {
    accommodation_id: accommodationId,
    stay_start_date: from,
    stay_end_date: to,
    with_consecutive: 'true',
  });

export const calendarCommentsUrl = (accommodationId: number, from: string, to: string) =>
  withQuery(apiUrl(apiPath('calendarComments', { id: accommodationId })), { start_date: from, end_date: to });

/** What the dataProvider's getList('rooms') asks: the resource's path for that accommodation. */
export const roomsUrl = (accommodationId: number) => apiUrl(fillApiPath(resourceApi.rooms.path, accommodationId));

export const meUrl = () => apiUrl(apiPath('me'));
export const accommodationsUrl = () => apiUrl(resourceApi.accommodations.path);
