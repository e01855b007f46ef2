import { dateFnsLocalizer, type View } from 'react-big-calendar';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import { format, getDay, parse, startOfWeek } from 'date-fns';
import { ja } from 'date-fns/locale/ja';

/**
 * The console's month calendars (the bookings' month view, 自分のシフト): react-big-calendar with
 * date-fns in Japanese, weeks from Sunday, one month at a time, headed 2026年12月 and 日 月 火 …
 * Spread into <Calendar {...jaMonthCalendar} />.
 */
export const jaMonthCalendar = {
  localizer: dateFnsLocalizer({
    format,
    parse,
    startOfWeek: (date: Date) => startOfWeek(date, { weekStartsOn: 0 }),
    getDay,
    locales: { ja },
  }),
  culture: 'ja',
  views: ['month'] as View[],
  view: 'month' as View,
  onView: () => undefined,
  formats: {
    monthHeaderFormat: 'yyyy年M月',
    weekdayFormat: (date: Date) => format(date, 'EEEEE', { locale: ja }),
    dateFormat: 'd',
  },
  popup: true,
};

// react-big-calendar works in the browser's local days: API days are read and written as local ones.
export const fromApiDay = (day: string) => parse(day, 'yyyy-MM-dd', new Date());
export const toApiDay = (date: Date) => format(date, 'yyyy-MM-dd');
