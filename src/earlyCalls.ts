import { tokyoToday } from '../contract/dates';
import { startEarly } from '../dataProvider/earlyCalls';
import { accommodationsUrl, calendarBooksUrl, calendarCommentsUrl, meUrl, roomsUrl } from '../dataProvider/startUrls';
import { getAccessToken, hasStoredMe } from '../dataProvider/tokenStore';
import { calendarAccommodationOf, dateFromQuery } from '../resources/bookings/calendar/calendarAddress';
import { readCalendarView } from '../resources/bookings/calendar/calendarStorage';
import { initialWindow } from '../resources/bookings/calendar/calendarWindow';

/**
 * Run by the entry chunk before anything renders. A page under /m/ opened with a session asks
 * at once what it will need first, instead of after react-admin, the page's chunk and the calls
 * before them have loaded (the waterfall of issue 12): who the user is and their accommodations,
 * and on a calendar in the grid or list view its room types and its first window of bookings and
 * comments (the date of the address, else today). The page's own calls then take these answers (earlyCalls.ts).
 */
export function startEarlyCalls(location: Pick<Location, 'pathname' | 'search'>): void {
  const token = getAccessToken();
  if (!token || !location.pathname.startsWith('/m/')) return;
  // Who the user is was kept at sign-in: asked only when this tab holds no copy (a new tab).
  if (!hasStoredMe()) startEarly(meUrl(), token);
  startEarly(accommodationsUrl(), token);
  const accommodationId = calendarAccommodationOf(location.pathname);
  if (accommodationId === null || readCalendarView() === 'month') return;
  const { from, to } = initialWindow(dateFromQuery(new URLSearchParams(location.search)) ?? tokyoToday());
  startEarly(calendarBooksUrl(accommodationId, from, to), token);
  startEarly(calendarCommentsUrl(accommodationId, from, to), token);
  startEarly(roomsUrl(accommodationId), token);
}
