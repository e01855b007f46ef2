import type { Db } from '../db/client';
import { findMailOwner, requeueFailedMail } from '../db/queries/mailOutbox';
import { conflict, notFound } from '../errors';
import type { CurrentUser } from '../services/auth';
import { nudgeMailWorker } from '../jobs/nudge';

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
  const row = await findMailOwner(db, id);
  const reachable =
    row !== undefined &&
    row.companyId === user.companyId &&
    (row.accommodationId === null ? user.isAdmin : user.accommodationIds.includes(row.accommodationId));
  if (!reachable) throw notFound();
  if (!(await requeueFailedMail(db, id))) throw conflict(resendOnlyFailedMessage);
  nudgeMailWorker();
  return { id, status: 'queued' };
}
