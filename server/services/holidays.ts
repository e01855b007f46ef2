import holidayJp from '@holiday-jp/holiday_jp';

/**
 * Japanese national holidays from the maintained @holiday-jp/holiday_jp table, for the server and
 * the seed: the holiday call, the price creator's check and the demo prices all read this one table.
 */
const table = holidayJp.holidays as unknown as Record<string, { name: string }>;

/** Whether a yyyy-MM-dd date is a national holiday (substitute holidays included). */
export function isHoliday(date: string): boolean {
  return Object.prototype.hasOwnProperty.call(table, date);
}

/** The holidays of a year and the next, in date order. */
export function holidaysOf(year: number): { name: string; target_date: string }[] {
  return Object.keys(table)
    .filter((date) => date.startsWith(`${year}-`) || date.startsWith(`${year + 1}-`))
    .sort()
    .map((date) => ({ name: table[date]!.name, target_date: date }));
}
