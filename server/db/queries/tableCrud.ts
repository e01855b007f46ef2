import { and, asc, eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../client';

type Row = Record<string, unknown>;

/** The table of a plain entity, as server/services/tableCrud.ts reads and writes it. */
export interface EntityTable {
  table: PgTable;
  /** The column that ties a row to its owner (a company or an accommodation). */
  scopeColumn: PgColumn;
  /** The list's order (id last, so that it is stable). */
  orderBy: readonly PgColumn[];
  /** The API fields a row answers, each the column of the same (snake_case) name. */
  fields: readonly string[];
}

/** The reads and writes of an entity's table, each within the rows of one owner. */
export interface EntityTableQueries {
  /** The owner's rows, in the list's order. */
  list(tx: Tx, owner: number): Promise<Row[]>;
  /** The owner's row of this id, undefined when it has none; locked for a write when `lock`. */
  find(tx: Tx, owner: number, id: number, lock?: boolean): Promise<Row | undefined>;
  /** Inserts the API fields given with the owner, and answers the new row's id. */
  insert(tx: Tx, owner: number, input: Row): Promise<number>;
  /** Writes the API fields given (and updated_at, when the table has one); nothing when none is given. */
  update(tx: Tx, owner: number, id: number, input: Row): Promise<void>;
  delete(tx: Tx, owner: number, id: number): Promise<void>;
}

export function entityTableQueries({ table, scopeColumn, orderBy, fields }: EntityTable): EntityTableQueries {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const byName = new Map(Object.values(columns).map((c) => [c.name, c]));
  const idColumn = byName.get('id')!;
  const selection = Object.fromEntries(fields.map((f) => [f, byName.get(f)!]));
  const hasUpdatedAt = byName.has('updated_at');

  const within = (owner: number, id?: number): SQL =>
    and(eq(scopeColumn, owner), id === undefined ? undefined : eq(idColumn, id))!;
  /** The columns of the API fields given (snake_case, as the body names them). */
  const values = (input: Row): Row => {
    const out: Row = {};
    for (const [key, column] of Object.entries(columns)) {
      if (column.name in input && input[column.name] !== undefined && column.name !== 'id') {
        out[key] = input[column.name];
      }
    }
    return out;
  };

  return {
    async list(tx, owner) {
      return (await tx
        .select(selection)
        .from(table)
        .where(within(owner))
        .orderBy(...orderBy.map((c) => asc(c)))) as Row[];
    },

    async find(tx, owner, id, lock = false) {
      const query = tx.select(selection).from(table).where(within(owner, id));
      const [row] = lock ? await query.for('update') : await query;
      return row as Row | undefined;
    },

    async insert(tx, owner, input) {
      const scopeKey = Object.entries(columns).find(([, c]) => c === scopeColumn)![0];
      const [row] = await tx
        .insert(table)
        .values({ ...values(input), [scopeKey]: owner } as never)
        .returning({ id: idColumn });
      return (row as { id: number }).id;
    },

    async update(tx, owner, id, input) {
      const changes = values(input);
      if (Object.keys(changes).length === 0) return;
      await tx
        .update(table)
        .set({ ...changes, ...(hasUpdatedAt ? { updatedAt: new Date() } : {}) } as never)
        .where(within(owner, id));
    },

    async delete(tx, owner, id) {
      await tx.delete(table).where(within(owner, id));
    },
  };
}
