import { refusalKeptUntil, refusalMessages as msg, type Refusal, type refusalEntity } from '../../contract/refusal';
import { tokyoToday } from '../../contract/dates';
import type { Db } from '../db/client';
import * as q from '../db/queries/refusals';
import { conflict, notFound } from '../errors';
import { assertAccommodation } from './access';
import { audit, updateEntry, withoutId } from './audit';
import type { CrudScope, EntityCrud } from './crud';

const target = 'refusals';
const trail = (r: Refusal) => ({ target, targetId: r.id, accommodationId: r.accommodation_id });
/** What the audit keeps of a record: its facts, not the names the list joins in. */
const kept = ({ accommodation_name: _a, created_at: _c, ...r }: Refusal) => r;

/**
 * The refusal log (issue 30, 旅館業法5条): any user of a facility records a refusal there, signed as
 * themselves; corrections are audited with what they replaced; a record is kept, and cannot be
 * deleted, for three years from the refusal (409), after which the retention job removes it.
 */
export function refusalCrud(db: Db): EntityCrud<typeof refusalEntity> {
  const read = async (tx: Db, scope: CrudScope, id: number, lock = false) => {
    const found = await q.findRefusal(tx, id, scope.user.accommodationIds, lock);
    if (!found) throw notFound();
    return found;
  };
  return {
    list: (scope, query) => {
      if (query.accommodation_id !== undefined) assertAccommodation(scope.user, query.accommodation_id);
      return q.listRefusals(
        db,
        query.accommodation_id !== undefined ? [query.accommodation_id] : scope.user.accommodationIds,
      );
    },

    get: (scope, id) => read(db, scope, id),

    create: (scope, input) =>
      db.transaction(async (tx) => {
        assertAccommodation(scope.user, input.accommodation_id);
        const { accommodation_id, ...values } = input;
        const id = await q.insertRefusal(tx, accommodation_id, scope.user, values);
        const created = await read(tx, scope, id);
        await audit(tx, scope.user, { action: 'create', ...trail(created), after: withoutId(kept(created)) });
        return created;
      }),

    update: (scope, id, input) =>
      db.transaction(async (tx) => {
        const before = await read(tx, scope, id, true);
        await q.updateRefusal(tx, id, { ...before, ...input });
        const after = await read(tx, scope, id);
        await audit(tx, scope.user, updateEntry(trail(after), kept(before), kept(after)));
        return after;
      }),

    delete: (scope, id) =>
      db.transaction(async (tx) => {
        const record = await read(tx, scope, id, true);
        const until = refusalKeptUntil(record.refused_at);
        if (tokyoToday() < until) throw conflict(msg.kept(until));
        await q.deleteRefusal(tx, id);
        await audit(tx, scope.user, { action: 'delete', ...trail(record), before: withoutId(kept(record)) });
      }),
  };
}
