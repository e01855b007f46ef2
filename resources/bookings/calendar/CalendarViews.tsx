import type { DayComments, DayInfo } from './calendarModel';
import { CalendarDay, type DayActions } from './CalendarDay';
import type { ChipRegister } from './stayMarks';
import { WEEKDAY_LABELS } from './calendarLabels';
import { CALENDAR_CLASS, ensureCalendarCss } from './calendarCss';
import { useFocusAtToday } from './useFocusAtToday';

export interface CalendarViewProps extends DayActions {
  days: DayInfo[];
  /** The calendar comments by date (they come apart from the bookings). */
  comments: DayComments;
  roomNumber: number;
  roomIndex: ReadonlyMap<number, number>;
  selectedId: number | null;
  /** The registers of the window's bookings, by id, once loaded. */
  registers?: ReadonlyMap<number, ChipRegister>;
}

/** Weekly grid: one row per week, Sunday to Saturday (the window always holds whole weeks). */
export function WeekGrid({ days, comments, ...rest }: CalendarViewProps) {
  ensureCalendarCss();
  const focusAtToday = useFocusAtToday();
  const weeks: DayInfo[][] = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));
  return (
    <div className={CALENDAR_CLASS}>
      <div className="cal-grid" data-testid="calendar-grid" {...focusAtToday}>
        <div className="cal-head" aria-hidden="true">
          {WEEKDAY_LABELS.map((label, i) => (
            <div key={label} style={{ color: i === 0 ? '#c62828' : i === 6 ? '#1565c0' : undefined }}>
              {label}
            </div>
          ))}
        </div>
        {weeks.map((week, w) => (
          <div className="cal-week" key={week[0]!.date} data-week={week[0]!.date}>
            {week.map((info, d) => (
              <CalendarDay
                key={info.date}
                info={info}
                comments={comments.get(info.date)}
                variant="grid"
                first={w === 0 && d === 0}
                {...rest}
              />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}

/** Vertical list: one row per day, its date 'M月d日(曜)' and its comment, then that night's bookings. */
export function DayList({ days, comments, ...rest }: CalendarViewProps) {
  ensureCalendarCss();
  const focusAtToday = useFocusAtToday();
  return (
    <div className={CALENDAR_CLASS}>
      <div className="cal-list" data-testid="calendar-list" {...focusAtToday}>
        {days.map((info) => (
          <CalendarDay key={info.date} info={info} comments={comments.get(info.date)} variant="list" {...rest} />
        ))}
      </div>
    </div>
  );
}
