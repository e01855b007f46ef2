/** A datetime-local value typed in Tokyo time (yyyy-MM-ddTHH:mm) as ISO 8601 with its zone. */
export function tokyoInputToIso(value: string): string | null {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? `${value}:00+09:00` : null;
}
