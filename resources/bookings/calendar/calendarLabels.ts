import { format } from 'date-fns';
import { ja } from 'date-fns/locale/ja';
import { calendarText } from '../../../i18n/calendarMessages';
import type { OverRoom } from './calendarModel';

/** A yyyy-MM-dd calendar date as a local Date of that day: formatting then needs no zone. */
function localDate(date: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

/** 'M月d日(曜)', e.g. 11月21日(土). */
export function dayLabel(date: string): string {
  return format(localDate(date), 'M月d日(E)', { locale: ja });
}

/** 'yyyy年M月d日(曜)', the heading of the day schedule. */
export function fullDayLabel(date: string): string {
  return format(localDate(date), 'yyyy年M月d日(E)', { locale: ja });
}

/** 'yyyy年M月' of the month a week row starts in. */
export function monthLabel(date: string): string {
  return format(localDate(date), 'yyyy年M月', { locale: ja });
}

/** The week labels, Sunday to Saturday: 日 月 火 水 木 金 土. */
export const WEEKDAY_LABELS: readonly string[] = Array.from({ length: 7 }, (_, i) =>
  ja.localize.day(i as 0 | 1 | 2 | 3 | 4 | 5 | 6, { width: 'short' }),
);

/** What is over, e.g. 和室8畳 +1、特別室 +2 (or 全体 +1 when the house is over but no one type). */
export function overLabel(over: readonly OverRoom[]): string {
  return over
    .map((o) =>
      o.room === null
        ? calendarText('over_total', { count: o.excess })
        : calendarText('over_room', { room: o.room, count: o.excess }),
    )
    .join('、');
}
