import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mailMessages } from '../db/schema';
import { conflict, notFound } from '../errors';
import type { CurrentUser } from '../services/auth';
import { nudgeMailWorker } from './worker';

export const resendOnlyFailedMessage = '送信に失敗したメールだけを再送できます';

/**
 * Puts a failed mail back in the queue (error cleared, due now), keeping its Message-ID. A row of an
 * accommodation is reachable by the users granted it; a company-level row (bulk mail) by the
 * company's administrators. Anything else answers 404, as if it did not exist.
 */
export async function resendFailedMail(
  db: Db,
  user: CurrentUser,
  id: number,
): Promise<{ id: number; status: 'queued' }> {
  const [row] = await db
    .select({ companyId: mailMessages.companyId, accommodationId: mailMessages.accommodationId })
    .from(mailMessages)
    .where(eq(mailMessages.id, id));
  const reachable =
    row !== undefined &&
    row.companyId === user.companyId &&
    (row.accommodationId === null ? user.isAdmin : user.accommodationIds.includes(row.accommodationId));
  if (!reachable) throw notFound();
  const updated = await db
    .update(mailMessages)
    .set({ status: 'queued', error: null, leaseUntil: null, nextAttemptAt: sql`now()` })
    .where(and(eq(mailMessages.id, id), eq(mailMessages.status, 'failed')))
    .returning({ id: mailMessages.id });
  if (updated.length === 0) throw conflict(resendOnlyFailedMessage);
  nudgeMailWorker();
  return { id, status: 'queued' };
}
