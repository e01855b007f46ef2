import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { Tx } from '../client';
import { calendarComments } from '../schema';

const columns = {
  id: calendarComments.id,
  accommodation_id: calendarComments.accommodationId,
  target_date: calendarComments.targetDate,
  comment: calendarComments.comment,
};

export function listComments(tx: Tx, accommodationId: number, from?: string, to?: string) {
  return tx
    .select(columns)
    .from(calendarComments)
    .where(
      and(
        eq(calendarComments.accommodationId, accommodationId),
        from ? gte(calendarComments.targetDate, from) : undefined,
        to ? lte(calendarComments.targetDate, to) : undefined,
      ),
    )
    .orderBy(asc(calendarComments.targetDate), asc(calendarComments.id))
    .limit(5000);
}

/** Undefined when the comment is not of that accommodation; `lock` holds its row for the change. */
export async function findComment(tx: Tx, accommodationId: number, id: number, lock = false) {
  const query = tx
    .select(columns)
    .from(calendarComments)
    .where(and(eq(calendarComments.id, id), eq(calendarComments.accommodationId, accommodationId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertComment(tx: Tx, accommodationId: number, targetDate: string, comment: string) {
  const [row] = await tx.insert(calendarComments).values({ accommodationId, targetDate, comment }).returning(columns);
  return row!;
}

/** Undefined when the comment is not of that accommodation. */
export async function updateComment(tx: Tx, accommodationId: number, id: number, comment: string) {
  const [row] = await tx
    .update(calendarComments)
    .set({ comment, updatedAt: new Date() })
    .where(and(eq(calendarComments.id, id), eq(calendarComments.accommodationId, accommodationId)))
    .returning(columns);
  return row;
}

export async function deleteComment(tx: Tx, accommodationId: number, id: number) {
  const rows = await tx
    .delete(calendarComments)
    .where(and(eq(calendarComments.id, id), eq(calendarComments.accommodationId, accommodationId)))
    .returning({ id: calendarComments.id });
  return rows.length > 0;
}
