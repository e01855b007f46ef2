import { useEffect, useState } from 'react';

type HolidayTable = Record<string, { name: string }>;

let table: Promise<ReadonlyMap<string, string>> | null = null;

/** Japanese public holidays (date → name), loaded in their own chunk after the first view. */
function loadHolidays(): Promise<ReadonlyMap<string, string>> {
  table ??= import('@holiday-jp/holiday_jp/lib/holidays.js').then((m) => {
    const data = ((m as { default?: unknown }).default ?? m) as HolidayTable;
    return new Map(Object.entries(data).map(([date, h]) => [date, h.name]));
  });
  return table;
}

const NONE: ReadonlyMap<string, string> = new Map();

/** Holidays are shown in red like Sundays; until loaded (or if loading fails) there are none. */
export function useHolidays(): ReadonlyMap<string, string> {
  return useHolidayTable() ?? NONE;
}

/**
 * The holiday table, null until it is loaded; it stays null if loading fails (spec section 8: no
 * visible handling), and the screens that need it (the price creator's holiday steps) stay hidden.
 */
export function useHolidayTable(): ReadonlyMap<string, string> | null {
  const [holidays, setHolidays] = useState<ReadonlyMap<string, string> | null>(null);
  useEffect(() => {
    let live = true;
    loadHolidays()
      .then((map) => live && setHolidays(map))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return holidays;
}
