import { memo, type MouseEvent } from 'react';
import type { Booking } from '../../../contract/booking';
import { weekday } from '../../../contract/dates';
import { formatDate, formatPeople } from '../../../i18n/formats';
import { calendarText } from '../../../i18n/calendarMessages';
import { dayLabel, overLabel } from './calendarLabels';
import { commentSummary, type DayInfo } from './calendarModel';
import { ROOM_BORDERS, ROOM_COLORS } from './calendarCss';
import { stayMarks, type ChipRegister } from './stayMarks';

export interface DayActions {
  onOpenDay: (date: string) => void;
  onOpenBooking: (bookId: number) => void;
}

export interface CalendarDayProps extends DayActions {
  info: DayInfo;
  /** The day's calendar comments, if any. */
  comments?: readonly string[];
  variant: 'grid' | 'list';
  roomNumber: number;
  /** room_id → its place in the room list (its colour). */
  roomIndex: ReadonlyMap<number, number>;
  selectedId: number | null;
  /** The window's first day: it names its month, like the 1st of a month does. */
  first?: boolean;
  /** The registers of the bookings, by id (none before they load, and in the first paint). */
  registers?: ReadonlyMap<number, ChipRegister>;
}

function BookingChip({
  book,
  variant,
  roomIndex,
  selected,
  register,
  onOpenBooking,
}: {
  book: Booking;
  variant: 'grid' | 'list';
  roomIndex: ReadonlyMap<number, number>;
  selected: boolean;
  register: ChipRegister | undefined;
  onOpenBooking: (bookId: number) => void;
}) {
  const i = (roomIndex.get(book.room_id) ?? book.room_id) % ROOM_COLORS.length;
  const people = formatPeople(book.person_number);
  const { marks, words } = stayMarks(book, register, variant === 'grid');
  const open = (e: MouseEvent) => {
    e.stopPropagation();
    onOpenBooking(book.id);
  };
  return (
    <button
      type="button"
      className={selected ? 'cal-chip selected' : 'cal-chip'}
      data-book-id={book.id}
      style={{ backgroundColor: ROOM_COLORS[i], borderLeftColor: ROOM_BORDERS[i] }}
      title={[
        book.name,
        book.room_name,
        people,
        `${formatDate(book.start_date)}〜${formatDate(book.end_date)}`,
        ...words,
      ].join(' / ')}
      onClick={open}
    >
      {marks}
      {book.name}
      <span className="cal-chip-room">
        {book.room_name}
        {variant === 'list' ? ` ${people}` : ''}
      </span>
    </button>
  );
}

/** Material's "chat bubble outline" icon as plain SVG: the grid carries no MUI (its first paint). */
function CommentIcon() {
  return (
    <svg className="cal-comment-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M20 2H4c-1.1 0-2 .9-2 2v18l4-4h14c1.1 0 2-.9 2-2V4c0-1.1-.9-2-2-2m0 14H6l-2 2V4h16z" />
    </svg>
  );
}

/**
 * The day's comment: in the grid its first line beside an icon, cut to the cell's width; in the
 * list up to three lines. The whole text is the title and the accessible name. A click on it is a
 * click on the day.
 */
function DayComment({ texts, variant }: { texts: readonly string[]; variant: 'grid' | 'list' }) {
  const { line, full } = commentSummary(texts);
  return (
    <div className="cal-comment" role="note" title={full} aria-label={calendarText('comment', { text: full })}>
      <CommentIcon />
      <span className="cal-comment-text">{variant === 'grid' ? line : full}</span>
    </div>
  );
}

/**
 * One day: its date (a link to the day schedule), the count of rooms taken, its comment and the
 * stays of that night.
 */
function CalendarDayCell(props: CalendarDayProps) {
  const { info, comments, variant, roomNumber, roomIndex, selectedId, first = false, registers } = props;
  const { onOpenDay, onOpenBooking } = props;
  const { date, books, state } = info;
  const wd = weekday(date);
  const label = dayLabel(date);
  const dayNumber = Number(date.slice(8));
  const month =
    variant === 'grid' && (dayNumber === 1 || first) ? calendarText('month', { month: Number(date.slice(5, 7)) }) : '';
  const className = `${info.className}${wd === 0 ? ' sun' : wd === 6 ? ' sat' : ''}`;
  const over = info.overRooms.length > 0 ? calendarText('over_rooms', { rooms: overLabel(info.overRooms) }) : '';
  return (
    <div className={className} data-date={date} data-state={state} onClick={() => onOpenDay(date)}>
      <div className="cal-day-side">
        <div className="cal-day-head">
          <button
            type="button"
            className="cal-date"
            aria-label={calendarText('open_day', { date: label })}
            onClick={(e) => {
              e.stopPropagation();
              onOpenDay(date);
            }}
          >
            {month && <span className="cal-month">{month}</span>}
            {variant === 'list' ? label : dayNumber}
          </button>
          {info.holiday && <span className="cal-holiday">{info.holiday}</span>}
          {books.length > 0 && (
            <span className="cal-count">
              {state === 'over' && !over && <span className="cal-badge">{calendarText('over')}</span>}
              {state === 'full' && <span className="cal-badge">{calendarText('full')}</span>}
              {calendarText('count', { booked: books.length, rooms: roomNumber })}
            </span>
          )}
        </div>
        {/* Which room type is over and by how much: the badge names it (the whole of it as its title). */}
        {over && (
          <div className="cal-over" title={over}>
            <span className="cal-badge">{over}</span>
          </div>
        )}
        {comments && comments.length > 0 && <DayComment texts={comments} variant={variant} />}
      </div>
      <div className="cal-chips">
        {books.map((book) => (
          <BookingChip
            key={book.id}
            book={book}
            variant={variant}
            roomIndex={roomIndex}
            selected={book.id === selectedId}
            register={registers?.get(book.id)}
            onOpenBooking={onOpenBooking}
          />
        ))}
      </div>
    </div>
  );
}

/**
 * Same day, same look, same booking objects, same comments array: an extension of the window (or
 * the comments' arrival) leaves the other cells alone.
 */
function sameDay(a: CalendarDayProps, b: CalendarDayProps): boolean {
  const x = a.info;
  const y = b.info;
  const sameInfo =
    x.date === y.date &&
    x.className === y.className &&
    x.state === y.state &&
    x.holiday === y.holiday &&
    overLabel(x.overRooms) === overLabel(y.overRooms) &&
    x.books.length === y.books.length &&
    x.books.every((book, i) => book === y.books[i]) &&
    x.books.every((book) => a.registers?.get(book.id)?.status === b.registers?.get(book.id)?.status);
  return (
    sameInfo &&
    a.comments === b.comments &&
    a.variant === b.variant &&
    a.roomNumber === b.roomNumber &&
    a.roomIndex === b.roomIndex &&
    a.selectedId === b.selectedId &&
    a.first === b.first &&
    a.onOpenDay === b.onOpenDay &&
    a.onOpenBooking === b.onOpenBooking
  );
}

export const CalendarDay = memo(CalendarDayCell, sameDay);
