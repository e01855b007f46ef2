import { useMemo, useState, type CSSProperties } from 'react';
import { Alert, Box, LinearProgress } from '@mui/material';
import { Calendar, type Event, type EventProps, type Messages } from 'react-big-calendar';
import dragAndDrop, { type EventInteractionArgs } from 'react-big-calendar/lib/addons/dragAndDrop';
// The base styles first, the drag-and-drop addon's over them.
import 'react-big-calendar/lib/css/react-big-calendar.css';
import 'react-big-calendar/lib/addons/dragAndDrop/styles.css';
import { addDays, endOfMonth, endOfWeek, getDay, startOfMonth, startOfWeek } from 'date-fns';
import { useGetList } from 'react-admin';
import type { Booking } from '../../../contract/booking';
import type { Room } from '../../../contract/room';
import { useAccommodations } from '../../../dataProvider/accommodations';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { fromApiDay, jaMonthCalendar, toApiDay } from '../../../src/components/monthCalendar';
import { useHolidays } from '../../../src/hooks/useHolidays';
import { describeDays, groupByNight, windowDates, type DayInfo } from './calendarModel';
import { CALENDAR_CLASS, ensureCalendarCss, ROOM_BORDERS, ROOM_COLORS } from './calendarCss';
import { overLabel } from './calendarLabels';
import { stayMarks, type ChipRegister } from './stayMarks';
import { useMoveStay } from './useMoveStay';
import { useRegisterStates } from '../register/StayBadges';

/** A date cell's look by its state (the grid's colours): full in amber, over-booked in red. */
const DAY_STYLES: Partial<Record<DayInfo['state'], CSSProperties>> = {
  full: { backgroundColor: '#fff5e0' },
  over: { backgroundColor: '#fde8e8', boxShadow: 'inset 0 0 0 2px #d32f2f' },
};

/** A stay on the month: from its check-in to its check-out day (the night before it is the last). */
interface StayEvent extends Event {
  booking: Booking;
  register?: ChipRegister;
}

/** A stay's bar: its register and stay marks (as on the grid), then room type, guest and party. */
function StayBar({ event, title }: EventProps<StayEvent>) {
  return (
    <span>
      {stayMarks(event.booking, event.register, true).marks}
      {title}
    </span>
  );
}

// The addon is CommonJS: Node hands over its default export, Vite's build the module object around it.
const withDragAndDrop: typeof dragAndDrop =
  typeof dragAndDrop === 'function' ? dragAndDrop : (dragAndDrop as unknown as { default: typeof dragAndDrop }).default;
const DragAndDropCalendar = withDragAndDrop<StayEvent>(Calendar);

export interface MonthViewProps {
  accommodationId: number;
  /** yyyy-MM-dd: today (its cell is marked). */
  today: string;
  /** yyyy-MM-dd: a date of the month shown first (the date the other view showed); today's month without it. */
  initialDate?: string;
  /** The first of the month now shown (yyyy-MM-dd), after each move to another month. */
  onMonthChange?: (firstOfMonth: string) => void;
  onOpenBooking: (id: number) => void;
  onOpenDay: (date: string) => void;
  /** Days selected together: a new booking of those nights. */
  onNewStay?: (startDate: string, days: number) => void;
}

/**
 * A month of stays (react-big-calendar), beside the 15-week grid: each live booking is a bar from its
 * check-in to its last night, named by room type, guest and party; Sundays and holidays in red.
 * The month's bookings are read through react-admin's cache, so a change made in the panel shows.
 * Dragging a stay moves it, dragging its end changes its nights (withDragAndDrop); the server's
 * rules decide, and a refused move (a full night: 409) shows its message and goes back.
 */
export default function MonthView({
  accommodationId,
  today,
  initialDate,
  onMonthChange,
  onOpenBooking,
  onOpenDay,
  onNewStay,
}: MonthViewProps) {
  const translate = useAppTranslate();
  const holidays = useHolidays();
  const [month, setMonth] = useState(() => startOfMonth(fromApiDay(initialDate ?? today)));
  // The weeks shown: the month's first Sunday to its last Saturday.
  const from = toApiDay(startOfWeek(month, { weekStartsOn: 0 }));
  const to = toApiDay(endOfWeek(endOfMonth(month), { weekStartsOn: 0 }));
  const { data, isPending, error } = useGetList<Booking>('books', {
    pagination: { page: 1, perPage: 10_000 },
    sort: { field: '', order: 'ASC' },
    filter: { accommodation_id: accommodationId, stay_start_date: from, stay_end_date: to, with_consecutive: true },
  });

  const registers = useRegisterStates((data ?? []).map((b) => b.id));
  const { move, pending } = useMoveStay();
  const { data: rooms } = useGetList<Room>('rooms', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: '', order: 'ASC' },
    meta: { accommodationId },
  });
  const { accommodations } = useAccommodations();
  const roomNumber = accommodations.find((a) => a.id === accommodationId)?.room_number ?? 0;
  const roomIndex = useMemo(() => new Map((rooms ?? []).map((r, i) => [r.id, i])), [rooms]);
  // The grid's day states (over, full, has-book) on the date cells, by the same rule.
  const days = useMemo(() => {
    const range = { from, to };
    const nights = groupByNight(data ?? [], range);
    const infos = describeDays(windowDates(range), nights, {
      rooms: rooms ?? [],
      roomNumber,
      today,
      selectedId: null,
      holidays,
    });
    return new Map(infos.map((info) => [info.date, info]));
  }, [data, rooms, roomNumber, from, to, today, holidays]);

  const events = useMemo<StayEvent[]>(
    () =>
      (data ?? [])
        .filter((b) => b.delete_flg !== 1)
        .map((b) => {
          // A stay being moved shows where it was dropped until the server answers.
          const moved = pending.get(b.id);
          const start = fromApiDay(moved?.start_date ?? b.start_date);
          return {
            booking: b,
            register: registers.get(b.id),
            title: translate('app.calendar.month_event', { room: b.room_name, name: b.name, count: b.person_number }),
            start,
            // The bar ends on the last night (react-big-calendar's all-day end is exclusive: the check-out).
            end: moved ? addDays(start, moved.days) : fromApiDay(b.end_date),
            allDay: true,
          };
        }),
    [data, translate, pending, registers],
  );
  const onMove = ({ event, start, end }: EventInteractionArgs<StayEvent>) =>
    move(event.booking, new Date(start), new Date(end));

  const messages: Messages = {
    today: translate('app.calendar.today'),
    previous: translate('app.calendar.prev_month'),
    next: translate('app.calendar.next_month'),
    month: translate('app.calendar.view_month'),
    noEventsInRange: translate('app.calendar.no_stays'),
    showMore: (count: number) => translate('app.calendar.more', { count }),
  };

  ensureCalendarCss();
  return (
    <Box
      data-testid="calendar-month"
      className={CALENDAR_CLASS}
      sx={{ height: 'calc(100dvh - 240px)', minHeight: 480, p: 1 }}
    >
      {isPending && <LinearProgress />}
      {error && <Alert severity="error">{translate('app.calendar.load_failed')}</Alert>}
      <DragAndDropCalendar
        {...jaMonthCalendar}
        events={events}
        date={month}
        onNavigate={(date) => {
          const first = startOfMonth(date);
          setMonth(first);
          onMonthChange?.(toApiDay(first));
        }}
        messages={messages}
        components={{ event: StayBar }}
        selectable
        resizable
        onEventDrop={onMove}
        onEventResize={onMove}
        // A click opens the day's schedule; days selected together (their nights) a new booking.
        onSelectSlot={(slot) =>
          slot.slots.length > 1 && onNewStay
            ? onNewStay(toApiDay(slot.start), slot.slots.length)
            : onOpenDay(toApiDay(slot.start))
        }
        onSelectEvent={(event) => onOpenBooking(event.booking.id)}
        onDrillDown={(date) => onOpenDay(toApiDay(date))}
        tooltipAccessor={(event) =>
          [String(event.title), ...stayMarks(event.booking, event.register, true).words].join(' / ')
        }
        dayPropGetter={(date) => {
          const day = toApiDay(date);
          const info = days.get(day);
          const red = getDay(date) === 0 || holidays.has(day);
          const stateStyle = info && DAY_STYLES[info.state];
          return {
            className: [red ? 'holiday' : '', info ? `day-${info.state}` : ''].join(' ').trim() || undefined,
            style: stateStyle ?? (red ? { backgroundColor: '#fff5f5' } : undefined),
            title:
              [holidays.get(day), info?.overRooms.length ? overLabel(info.overRooms) : '']
                .filter(Boolean)
                .join(' / ') || undefined,
          };
        }}
        eventPropGetter={(event) => {
          const i = (roomIndex.get(event.booking.room_id) ?? event.booking.room_id) % ROOM_COLORS.length;
          return {
            style: {
              backgroundColor: ROOM_COLORS[i],
              borderLeft: `4px solid ${ROOM_BORDERS[i]}`,
              color: '#1a2733',
              fontSize: 12,
            },
          };
        }}
      />
    </Box>
  );
}
