/**
 * Lists that the API answers whole (no count): react-admin's sort and page are applied here.
 */
export interface Sort {
  field: string;
  order: 'ASC' | 'DESC' | string;
}

export interface Page {
  page: number;
  perPage: number;
}

const collator = new Intl.Collator('ja');

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

export function sortRecords<T extends object>(records: readonly T[], sort?: Sort): T[] {
  if (!sort?.field) return [...records];
  const direction = sort.order === 'DESC' ? -1 : 1;
  const field = sort.field;
  return [...records].sort(
    (a, b) => direction * compare((a as Record<string, unknown>)[field], (b as Record<string, unknown>)[field]),
  );
}

export function pageRecords<T>(records: readonly T[], pagination?: Page): T[] {
  if (!pagination || pagination.perPage <= 0) return [...records];
  const start = (Math.max(1, pagination.page) - 1) * pagination.perPage;
  return records.slice(start, start + pagination.perPage);
}

/**
 * The records of a list answer: the answer itself when it is an array, else the named key, else
 * the first array in the object (answers are keyed by the spec's name or the entity's plural).
 */
export function pickList(answer: unknown, key?: string): unknown[] {
  if (Array.isArray(answer)) return answer;
  if (typeof answer !== 'object' || answer === null) return [];
  const obj = answer as Record<string, unknown>;
  if (key && Array.isArray(obj[key])) return obj[key] as unknown[];
  const first = Object.values(obj).find(Array.isArray);
  return (first as unknown[] | undefined) ?? [];
}

/** The object of a single-record answer: bare, or wrapped under its singular key. */
export function pickRecord(answer: unknown, key?: string): Record<string, unknown> | null {
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) return null;
  const obj = answer as Record<string, unknown>;
  if (key && typeof obj[key] === 'object' && obj[key] !== null && !Array.isArray(obj[key])) {
    return obj[key] as Record<string, unknown>;
  }
  return obj;
}

/** The fields of `data` that differ from `previous` (PATCH sends only what changed). */
export function changedFields(
  data: Record<string, unknown>,
  previous: Record<string, unknown> | undefined,
): Record<string, unknown> {
  if (!previous) return { ...data };
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (JSON.stringify(value) !== JSON.stringify(previous[key])) out[key] = value;
  }
  return out;
}
