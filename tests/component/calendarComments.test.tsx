import { fireEvent, screen, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { beforeEach, describe, expect, it } from 'vitest';
import { Notification } from 'react-admin';
import type { CalendarComment } from '../../contract/booking';
import { VIEW_COOKIE } from '../../resources/bookings/calendar/calendarConstants';
import { buildBooking } from './BookingPanel.fixtures';
import { day, findChips, renderCalendar as renderCalendarAt, stubCalendar } from './calendarHarness';

const mocked = stubCalendar();

const rooms = [{ id: 1, name: '和室', max_num: 3, plans: [] }];
const books = [
  buildBooking({
    id: 1,
    accommodation_id: 2,
    start_date: '2026-04-10',
    end_date: '2026-04-12',
    room_id: 1,
    name: '客1',
    room_name: '和室',
  }),
];
const comment = (id: number, target_date: string, text: string): CalendarComment => ({
  id,
  accommodation_id: 2,
  target_date,
  comment: text,
});
const comments = [
  comment(11, '2026-04-10', '団体様 到着 17時予定\n夕食は18時半から'),
  comment(12, '2026-04-10', '送迎あり'),
  comment(13, '2026-04-15', '館内点検'),
  // A comment emptied on the day schedule shows nothing.
  comment(14, '2026-04-16', '  '),
];

const renderCalendar = () => renderCalendarAt(undefined, <Notification />);
const findNote = (name: string | RegExp) => screen.findByRole('note', { name }, { timeout: 8000 });

/** A promise the test settles itself. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

beforeEach(() => {
  mocked.listCalendarBooks.mockResolvedValue(books);
  mocked.listRooms.mockResolvedValue(rooms);
  mocked.listComments.mockResolvedValue(comments);
});

describe('calendar comments', () => {
  it('asks for the comments of the same 15 weeks as the bookings, beside them', async () => {
    renderCalendar();
    await findChips();
    expect(mocked.listComments).toHaveBeenCalledTimes(1);
    expect(mocked.listComments).toHaveBeenCalledWith(2, '2026-03-29', '2026-07-11', expect.any(AbortSignal));
    expect(mocked.listCalendarBooks).toHaveBeenCalledWith(2, '2026-03-29', '2026-07-11', expect.any(AbortSignal));
  });

  it("shows a day's comment in the grid: its first line, the whole as title and name; nothing on other days", async () => {
    renderCalendar();
    const note = await findNote('コメント: 団体様 到着 17時予定\n夕食は18時半から\n送迎あり');
    expect(day('2026-04-10')).toContainElement(note);
    expect(note).toHaveTextContent(/^団体様 到着 17時予定$/);
    expect(note).toHaveAttribute('title', '団体様 到着 17時予定\n夕食は18時半から\n送迎あり');
    expect(within(day('2026-04-15')).getByRole('note')).toHaveTextContent('館内点検');
    // The other nights of the stay, a blank comment and a day without any: no marker.
    expect(within(day('2026-04-11')).queryByRole('note')).toBeNull();
    expect(within(day('2026-04-16')).queryByRole('note')).toBeNull();
    expect(within(day('2026-04-17')).queryByRole('note')).toBeNull();
    expect(screen.getAllByRole('note')).toHaveLength(2);
  });

  it('shows the comment under the date in the list view, in full', async () => {
    Cookies.set(VIEW_COOKIE, 'column', { path: '/' });
    renderCalendar();
    const note = await findNote(/^コメント: 団体様/);
    const row = day('2026-04-10');
    expect(within(screen.getByTestId('calendar-list')).getAllByRole('note')).toHaveLength(2);
    expect(row).toHaveTextContent('4月10日(金)');
    expect(note.textContent).toBe('団体様 到着 17時予定\n夕食は18時半から\n送迎あり');
    // Under the date: in the same column as the date, before the bookings.
    expect(row.querySelector('.cal-day-side')).toContainElement(note);
    expect(row.querySelector('.cal-day-side')).toContainElement(within(row).getByText('4月10日(金)'));
    expect(within(day('2026-04-11')).queryByRole('note')).toBeNull();
  });

  it('opens the day schedule when the comment is clicked, as a click on the day does', async () => {
    renderCalendar();
    fireEvent.click(await findNote('コメント: 館内点検'));
    expect(screen.getByTestId('location').textContent).toBe('/m/accommodation/2/book/2026/4/15');
  });

  it('paints the bookings without waiting for the comments, then adds them', async () => {
    const late = deferred<CalendarComment[]>();
    mocked.listComments.mockReturnValue(late.promise);
    renderCalendar();
    await findChips();
    expect(screen.queryByRole('note')).toBeNull();
    late.resolve(comments);
    expect(day('2026-04-15')).toContainElement(await findNote('コメント: 館内点検'));
  });

  it('loads the comments of the added weeks only and keeps the ones held', async () => {
    mocked.listComments.mockResolvedValueOnce(comments).mockResolvedValueOnce([comment(21, '2026-07-20', '花火大会')]);
    renderCalendar();
    await findNote('コメント: 館内点検');
    const area = screen.getByTestId('calendar-scroll');
    // jsdom has no layout: give the area a size.
    Object.defineProperty(area, 'clientHeight', { configurable: true, value: 500 });
    Object.defineProperty(area, 'scrollHeight', { configurable: true, value: 2000 });
    area.scrollTop = 1400;
    fireEvent.scroll(area);
    const note = await findNote('コメント: 花火大会');
    expect(day('2026-07-20')).toContainElement(note);
    // The added weeks alone. (The fixed geometry still reads "near the end" after it, so a loaded
    // machine may add the weeks after them too before this line: they are the third call.)
    expect(mocked.listComments).toHaveBeenNthCalledWith(2, 2, '2026-07-12', '2026-08-15', expect.any(AbortSignal));
    expect(within(day('2026-04-15')).getByRole('note')).toHaveTextContent('館内点検');
  });

  it('shows the current comments when the calendar is opened again (after the day schedule changed them)', async () => {
    const first = renderCalendar();
    await findNote('コメント: 館内点検');
    first.unmount();
    mocked.listComments.mockResolvedValue([comment(13, '2026-04-15', '館内点検 10時から')]);
    renderCalendar();
    await findNote('コメント: 館内点検 10時から');
    expect(within(day('2026-04-10')).queryByRole('note')).toBeNull();
    expect(mocked.listComments).toHaveBeenCalledTimes(2);
  });

  it('keeps the bookings and says so when the comments cannot be loaded', async () => {
    mocked.listComments.mockRejectedValue(new Error('network'));
    renderCalendar();
    await findChips();
    expect(
      await screen.findByText('この期間のコメントを読み込めませんでした。ページを再読み込みしてください。'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('note')).toBeNull();
  });
});
