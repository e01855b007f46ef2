import type { CalendarComment } from '../../contract/booking';
import type { Db } from '../db/client';
import * as q from '../db/queries/calendarComments';
import { notFound } from '../errors';
import { audit } from './audit';
import type { CurrentUser } from './auth';

const trail = (c: CalendarComment) => ({
  target: 'calendar_comment',
  targetId: c.id,
  accommodationId: c.accommodation_id,
});
const fields = (c: CalendarComment) => ({ target_date: c.target_date, comment: c.comment });

/**
 * Comments of calendar days (spec 7 "Calendar comments"). The route has checked that the user may
 * reach the accommodation; a comment of another one is not found. Each write leaves its audit row.
 */
export class CalendarCommentService {
  constructor(private readonly db: Db) {}

  list(accommodationId: number, from?: string, to?: string) {
    return q.listComments(this.db, accommodationId, from, to);
  }

  add(user: CurrentUser, accommodationId: number, targetDate: string, comment: string): Promise<CalendarComment> {
    return this.db.transaction(async (tx) => {
      const row = await q.insertComment(tx, accommodationId, targetDate, comment);
      await audit(tx, user, { action: 'create', ...trail(row), after: fields(row) });
      return row;
    });
  }

  change(user: CurrentUser, accommodationId: number, id: number, comment: string): Promise<CalendarComment> {
    return this.db.transaction(async (tx) => {
      const before = await q.findComment(tx, accommodationId, id, true);
      if (!before) throw notFound();
      const row = (await q.updateComment(tx, accommodationId, id, comment))!;
      await audit(tx, user, { action: 'update', ...trail(row), before: fields(before), after: fields(row) });
      return row;
    });
  }

  remove(user: CurrentUser, accommodationId: number, id: number): Promise<void> {
    return this.db.transaction(async (tx) => {
      const before = await q.findComment(tx, accommodationId, id, true);
      if (!before) throw notFound();
      await q.deleteComment(tx, accommodationId, id);
      await audit(tx, user, { action: 'delete', ...trail(before), before: fields(before) });
    });
  }
}
