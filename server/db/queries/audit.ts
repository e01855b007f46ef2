import { and, desc, eq } from 'drizzle-orm';
import type { Tx } from '../client';
import { auditLog } from '../schema';

/** One audit row as it is written (server/services/audit.ts builds it). */
export type AuditRowValues = typeof auditLog.$inferInsert;

/** Writes the audit rows in one insert, in the order given (at least one). */
export async function insertAuditRows(tx: Tx, rows: readonly AuditRowValues[]): Promise<void> {
  await tx.insert(auditLog).values([...rows]);
}

/** The audit rows of a booking of the company, newest first. */
export function listBookingAudit(tx: Tx, companyId: number, bookId: number) {
  return tx
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.companyId, companyId), eq(auditLog.bookId, bookId)))
    .orderBy(desc(auditLog.at), desc(auditLog.id));
}
