import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AnyEntity, EntityDescription } from '../../contract/entity';
import type { z } from '../../contract/zod';
import type { Db, Tx } from '../db/client';
import { errorMessages } from '../../contract/messages';
import { isForeignKeyViolation } from '../db/pgErrors';
import { entityTableQueries } from '../db/queries/tableCrud';
import { conflict, notFound } from '../errors';
import type { CrudScope, CrudService } from './crud';
import { audit, updateEntry, withoutId } from './audit';

type Row = Record<string, unknown>;

export interface TableCrudOptions<E extends AnyEntity> {
  entity: E;
  /** The Drizzle table of `entity.table`. */
  table: PgTable;
  /**
   * The column that ties a row to whom may reach it: the caller's company (company-level entities)
   * or the accommodation of the path (nested ones, already checked reachable by the access hook).
   */
  scope: { column: PgColumn; by: 'company' | 'accommodation' };
  /** The list's order (id last, so that it is stable). */
  orderBy: readonly PgColumn[];
  /** Runs in the delete's transaction after the row is locked: throws an AppError to refuse (409 in use). */
  beforeDelete?: (tx: Tx, id: number) => Promise<void>;
}

/**
 * The rules of a plain entity, read from its description and its table: list, get, create, change
 * and delete the rows the caller's scope holds, the answer being the record schema's fields taken
 * from the columns of the same names. An entity with rules of its own (a booking, a user's grants,
 * a FAQ's place in the list) has a service of its own instead. Every write leaves its audit row,
 * the target named by the entity's resource.
 */
export function tableCrud<R extends z.ZodType, C extends z.ZodType, U extends z.ZodType, Q extends z.ZodType>(
  db: Db,
  options: TableCrudOptions<EntityDescription<R, C, U, Q>>,
): CrudService<z.output<R>, z.output<C>, z.output<U>, z.output<Q>> {
  const { entity, table, scope, orderBy, beforeDelete } = options;
  const fields = Object.keys((entity.record as unknown as { shape: Row }).shape);
  const rows = entityTableQueries({ table, scopeColumn: scope.column, orderBy, fields });

  const owner = (s: CrudScope) => (scope.by === 'company' ? s.user.companyId : s.accommodationId!);
  /** The row of the caller's scope, locked for a write when `lock`; 404 when it has none of that id. */
  const read = async (tx: Tx, s: CrudScope, id: number, lock = false) => {
    const row = await rows.find(tx, owner(s), id, lock);
    if (!row) throw notFound();
    return row;
  };
  const trail = (s: CrudScope, id: number) => ({
    target: entity.resource,
    targetId: id,
    accommodationId: scope.by === 'accommodation' ? s.accommodationId : null,
  });

  const service: CrudService<Row, Row, Row, unknown> = {
    list: (s) => rows.list(db, owner(s)),

    get: (s, id) => read(db, s, id),

    create: (s, input) =>
      db.transaction(async (tx) => {
        const id = await rows.insert(tx, owner(s), input);
        const created = await read(tx, s, id);
        await audit(tx, s.user, { action: 'create', ...trail(s, id), after: withoutId(created) });
        return created;
      }),

    update: (s, id, input) =>
      db.transaction(async (tx) => {
        const locked = await read(tx, s, id, true);
        await rows.update(tx, owner(s), id, input);
        const updated = await read(tx, s, id);
        await audit(tx, s.user, updateEntry(trail(s, id), locked, updated));
        return updated;
      }),

    delete: (s, id) =>
      db.transaction(async (tx) => {
        const locked = await read(tx, s, id, true);
        await beforeDelete?.(tx, id);
        // A row referenced since beforeDelete looked (a foreign key with restrict) is refused, not a 500.
        await rows.delete(tx, owner(s), id).catch((error: unknown) => {
          throw isForeignKeyViolation(error) ? conflict(errorMessages.stillReferenced) : error;
        });
        await audit(tx, s.user, { action: 'delete', ...trail(s, id), before: withoutId(locked) });
      }),
  };
  // The rows are read through the record's own fields, so they are what its schema describes.
  return service as unknown as CrudService<z.output<R>, z.output<C>, z.output<U>, z.output<Q>>;
}
