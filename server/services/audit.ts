import { and, desc, eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { auditLog } from '../db/schema';
import type { CurrentUser } from './auth';

export type AuditAction = 'create' | 'update' | 'cancel' | 'delete' | 'refund';
export type AuditTarget = 'booking' | 'payment' | 'refund' | 'booking_option' | 'calendar_comment';
export type Changes = Record<string, { from: unknown; to: unknown }>;

/** The fields of `after` whose value differs from `before` (all of them for a creation). */
export function changesOf(before: Record<string, unknown> | null, after: Record<string, unknown> | null): Changes {
  const changes: Changes = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    const from = before?.[key] ?? null;
    const to = after?.[key] ?? null;
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[key] = { from, to };
  }
  return changes;
}

/**
 * Writes one audit row in the caller's transaction: the change is kept only with its trail. Nothing
 * is written when an update changed nothing.
 */
export async function audit(
  tx: Tx,
  user: CurrentUser,
  entry: {
    action: AuditAction;
    target: AuditTarget;
    targetId: number;
    bookId?: number | null;
    before?: Record<string, unknown> | null;
    after?: Record<string, unknown> | null;
  },
): Promise<void> {
  const changes = changesOf(entry.before ?? null, entry.after ?? null);
  if (entry.action === 'update' && Object.keys(changes).length === 0) return;
  await tx.insert(auditLog).values({
    companyId: user.companyId,
    userId: user.id,
    userName: user.name,
    action: entry.action,
    targetType: entry.target,
    targetId: entry.targetId,
    bookId: entry.bookId ?? null,
    changes,
  });
}

/** A booking's history, newest first (the caller has checked that the user reaches the booking). */
export async function bookingHistory(tx: Tx, companyId: number, bookId: number) {
  const rows = await tx
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.companyId, companyId), eq(auditLog.bookId, bookId)))
    .orderBy(desc(auditLog.at), desc(auditLog.id));
  return rows.map((r) => ({
    at: r.at.toISOString(),
    user_id: r.userId,
    user_name: r.userName,
    action: r.action,
    target: { type: r.targetType, id: r.targetId },
    changes: r.changes as Changes,
  }));
}
