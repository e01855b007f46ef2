import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import MonthView from '../../resources/bookings/calendar/MonthView';
import { memoryProvider, renderView } from './crudHarness';

const stay = (id: number, start: string, end: string, extra: Record<string, unknown> = {}) => ({
  id,
  accommodation_id: 1,
  room_id: 1,
  room_name: '和室8畳',
  name: `宿泊者${id}`,
  person_number: 2,
  start_date: start,
  end_date: end,
  price: 30000,
  price_sub: 30000,
  delete_flg: 0,
  ...extra,
});

// react-big-calendar's day selection asks where the pointer is; jsdom lays nothing out.
beforeAll(() => {
  document.elementFromPoint = () => null;
});

describe('the month view of stays (react-big-calendar)', () => {
  it('reads the month’s weeks of one accommodation and shows each live stay by room, guest and party', async () => {
    const db = memoryProvider({
      books: [
        stay(1, '2026-12-24', '2026-12-26'),
        stay(2, '2026-12-10', '2026-12-11', { delete_flg: 1 }),
        stay(3, '2026-12-30', '2027-01-02', { price: 0 }),
      ],
    });
    renderView(
      <MonthView accommodationId={1} today="2026-12-05" onOpenBooking={vi.fn()} onOpenDay={vi.fn()} />,
      db.provider,
    );
    expect(await screen.findByText('2026年12月')).toBeInTheDocument();
    expect(await screen.findByText('和室8畳 宿泊者1様 2名')).toBeInTheDocument();
    expect(screen.getByText('和室8畳 宿泊者3様 2名')).toBeInTheDocument();
    expect(screen.queryByText('和室8畳 宿泊者2様 2名')).not.toBeInTheDocument();
    expect(db.callsOf('getList', 'books')[0]!.params.filter).toEqual({
      accommodation_id: 1,
      stay_start_date: '2026-11-29',
      stay_end_date: '2027-01-02',
      with_consecutive: true,
    });
  });

  it('opens a stay’s booking panel and moves by month', async () => {
    const db = memoryProvider({ books: [stay(1, '2026-12-24', '2026-12-26')] });
    const onOpenBooking = vi.fn();
    const user = userEvent.setup();
    renderView(
      <MonthView accommodationId={1} today="2026-12-05" onOpenBooking={onOpenBooking} onOpenDay={vi.fn()} />,
      db.provider,
    );
    await user.click(await screen.findByText('和室8畳 宿泊者1様 2名'));
    expect(onOpenBooking).toHaveBeenCalledWith(1);
    await user.click(screen.getByRole('button', { name: '翌月' }));
    expect(await screen.findByText('2027年1月')).toBeInTheDocument();
    await waitFor(() =>
      expect(db.callsOf('getList', 'books').at(-1)!.params.filter).toMatchObject({ stay_start_date: '2026-12-27' }),
    );
  });

  it('marks an over-booked night on its date cell, by the grid’s rule', async () => {
    const db = memoryProvider({
      books: [stay(1, '2026-12-24', '2026-12-26'), stay(2, '2026-12-25', '2026-12-26')],
      rooms: [{ id: 1, name: '和室8畳', max_num: 1 }],
    });
    const { container } = renderView(
      <MonthView accommodationId={1} today="2026-12-05" onOpenBooking={vi.fn()} onOpenDay={vi.fn()} />,
      db.provider,
    );
    await screen.findByText('和室8畳 宿泊者2様 2名');
    // The 25th holds two stays in a room type of one room; the 24th one.
    await waitFor(() => expect(container.querySelectorAll('.rbc-day-bg.day-over')).toHaveLength(1));
    expect(container.querySelectorAll('.rbc-day-bg.day-has-book')).toHaveLength(1);
  });
});
