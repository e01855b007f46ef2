import { sql, type SQL } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';

/**
 * Column helpers shared by the schema files. Not re-exported from index.ts: the schema object
 * handed to drizzle holds tables and relations only.
 */

export const timestamps = {
  createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: pg.timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const createdAt = {
  createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
};

/** The spec's 0/1 flags stay smallints (the console sends and compares numbers), checked to 0 or 1. */
export function flagCheck(name: string, column: pg.AnyPgColumn) {
  return pg.check(name, sql`${column} in (0, 1)`);
}

/** A SQL list of allowed values for a CHECK, e.g. `in (0, 1, 100, 101)`. */
export function inList(column: pg.AnyPgColumn, values: readonly (number | string)[]): SQL {
  const items = values.map((v) => (typeof v === 'number' ? String(v) : `'${v.replace(/'/g, "''")}'`));
  return sql`${column} in (${sql.raw(items.join(', '))})`;
}

/**
 * Binary data (bulk mail attachments). drizzle-orm 0.45 has no bytea builder; PGlite answers
 * a Uint8Array and node-postgres a Buffer (a Uint8Array too).
 */
export const bytea = pg.customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType() {
    return 'bytea';
  },
  toDriver(value) {
    return value;
  },
  fromDriver(value) {
    return value;
  },
});

/**
 * A row's required owner: `integer NOT NULL REFERENCES <table>(id) ON DELETE …`. Restrict where the
 * child is history that must not vanish with its parent (payments, bookings), cascade where it is a
 * plain part of it (a template of a facility).
 */
export function parentId(name: string, target: () => pg.AnyPgColumn, onDelete: 'cascade' | 'restrict') {
  return pg.integer(name).notNull().references(target, { onDelete });
}
