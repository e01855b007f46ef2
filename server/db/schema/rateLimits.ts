import * as pg from 'drizzle-orm/pg-core';

/**
 * Requests counted per key (route and client address) and fixed window, shared by every process on
 * the database: N processes allow what one does, not N times as much. Rows past their window are
 * swept now and then (queries/rateLimits.ts).
 */
export const rateLimits = pg.pgTable(
  'rate_limits',
  {
    key: pg.text('key').primaryKey(),
    windowStart: pg.timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
    count: pg.integer('count').notNull().default(1),
  },
  (t) => [pg.index('rate_limits_window_start_idx').on(t.windowStart)],
);
