/**
 * Whether an error (or one it wraps: drizzle wraps the driver's) is PostgreSQL's unique violation
 * of `constraint` (or of any unique index when the driver does not name it).
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e: unknown = error; e instanceof Error || (typeof e === 'object' && e !== null);) {
    const { code, constraint: name, cause } = e as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (code === '23505' && (name === undefined || name === constraint)) return true;
    e = cause;
  }
  return false;
}

/** Whether an error (or one it wraps) is PostgreSQL's foreign key violation: a row still referenced. */
export function isForeignKeyViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error || (typeof e === 'object' && e !== null);) {
    const { code, cause } = e as { code?: unknown; cause?: unknown };
    if (code === '23503') return true;
    e = cause;
  }
  return false;
}

/** The SQLSTATE of a PostgreSQL error (or of one it wraps), if it is one. */
export function sqlState(error: unknown): string | undefined {
  for (let e: unknown = error; e instanceof Error || (typeof e === 'object' && e !== null);) {
    const { code, cause } = e as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = cause;
  }
  return undefined;
}
