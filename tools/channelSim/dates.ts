/** yyyy-MM-dd arithmetic on UTC day numbers: the site's nights carry no time zone. */
const DAY_MS = 86_400_000;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Day number (days since 1970-01-01) of a valid yyyy-MM-dd date, or null. */
export function dayNumber(date: string): number | null {
  const m = DATE_RE.exec(date);
  if (!m) return null;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  if (y < 1900 || y > 2999 || mo < 1 || mo > 12 || d < 1 || d > 31) return null;
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  return ms / DAY_MS;
}

export function isValidDate(date: string): boolean {
  return dayNumber(date) !== null;
}

export function dateOf(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The nights from `start` for `nights` nights. */
export function nightsOf(start: string, nights: number): string[] {
  const first = dayNumber(start);
  if (first === null) return [];
  const out: string[] = [];
  for (let i = 0; i < nights; i++) out.push(dateOf(first + i));
  return out;
}

/** Every date from `from` to `to`, both included (empty when to < from). */
export function datesBetween(from: string, to: string): string[] {
  const a = dayNumber(from);
  const b = dayNumber(to);
  if (a === null || b === null) return [];
  const out: string[] = [];
  for (let d = a; d <= b; d++) out.push(dateOf(d));
  return out;
}

export function daysInMonth(year: number, month: number): string[] {
  const first = Date.UTC(year, month - 1, 1) / DAY_MS;
  const next = Date.UTC(year, month, 1) / DAY_MS;
  const out: string[] = [];
  for (let d = first; d < next; d++) out.push(dateOf(d));
  return out;
}
