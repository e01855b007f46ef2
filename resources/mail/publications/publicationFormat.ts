/**
 * Dates of bulk mail as the console shows them. The API answers instants in Tokyo time
 * (2030-01-02T09:30:00.000+09:00); the send date reads 2030年1月2日 9:30, the created date 2030年1月2日.
 */
const PARTS = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/;

/** The Tokyo wall time of an instant (any zone) as yyyy-MM-ddTHH:mm. */
export function tokyoWallTime(instant: string | Date): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  return new Date(date.getTime() + 9 * 3600_000).toISOString().slice(0, 16);
}

export function sendDateJa(instant: string): string {
  const m = PARTS.exec(tokyoWallTime(instant));
  if (!m) return '';
  return `${Number(m[1])}年${Number(m[2])}月${Number(m[3])}日 ${Number(m[4])}:${m[5]}`;
}

export function createdDateJa(instant: string): string {
  const m = PARTS.exec(tokyoWallTime(instant));
  if (!m) return '';
  return `${Number(m[1])}年${Number(m[2])}月${Number(m[3])}日`;
}

/** A datetime-local value typed in Tokyo time (yyyy-MM-ddTHH:mm) as ISO 8601 with its zone. */
export function tokyoInputToIso(value: string): string | null {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? `${value}:00+09:00` : null;
}
