import type { Tx } from '../db/client';
import { insertAuditRows, listBookingAudit, type AuditRowValues } from '../db/queries/audit';
import type { CurrentUser } from './auth';

/** `void`: a payment taken out of the sums but kept; `attach`/`detach`: a plan offered by a room type or not. */
export type AuditAction =
  | 'create'
  | 'update'
  | 'cancel'
  | 'delete'
  | 'refund'
  | 'void'
  | 'attach'
  | 'detach'
  /** A look at something kept for the law only (a passport copy): who saw it, when. */
  | 'view';
/**
 * What changed. A plain entity of server/services/tableCrud.ts is named by its resource (`suppliers`);
 * `prices` is one row per write of a plan's prices, its changes keyed `yyyy-MM-dd/人数` (and one `delete`
 * row with every cell when the plan is deleted).
 */
export type AuditTarget =
  | 'booking'
  | 'payment'
  | 'refund'
  | 'booking_option'
  | 'calendar_comment'
  | 'plan'
  | 'room'
  | 'prices'
  | 'option'
  | 'user'
  | (string & {});
export type Changes = Record<string, { from: unknown; to: unknown }>;

/** A record as its audit row keeps it: the id is the row's target already. */
export function withoutId<T extends { id?: unknown }>(record: T): Omit<T, 'id'> {
  const { id: _id, ...rest } = record;
  return rest;
}

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

/** One audit row to write: who is the caller's user. */
export interface AuditEntry {
  action: AuditAction;
  target: AuditTarget;
  targetId: number;
  /** The accommodation of the record (a plain entity's, a plan's); a booking's change names it with the booking. */
  accommodationId?: number | null;
  /** The booking the change belongs to, for its history (and its accommodation). */
  booking?: { id: number; accommodation_id: number };
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** The changes themselves, when they are not the fields of one record (the cells of a price grid). */
  changes?: Changes;
}

/** Which record an audit row is about, as a service's trail of it names it. */
export type AuditRecord = Pick<AuditEntry, 'target' | 'targetId' | 'accommodationId' | 'booking'>;

/** The audit row of a record changed: its fields before and after the change, without its id. */
export function updateEntry<T extends { id?: unknown }>(record: AuditRecord, before: T, after: T): AuditEntry {
  return { action: 'update', ...record, before: withoutId(before), after: withoutId(after) };
}

/** The audit row of a record created: its fields as the trail keeps them (`withoutId`, or fewer). */
export function createdEntry(record: AuditRecord, after: Record<string, unknown>): AuditEntry {
  return { action: 'create', ...record, after };
}

/** The audit row of a booking changed in place: the fields before and after, or the changes themselves. */
export function bookingUpdate(
  booking: { id: number; accommodation_id: number },
  change: Pick<AuditEntry, 'before' | 'after' | 'changes'>,
): AuditEntry {
  return { action: 'update', target: 'booking', targetId: booking.id, booking, ...change };
}

/**
 * Who writes an audit row: a signed-in user, or the system (id null, a name that says what did it,
 * e.g. the automatic cancel of server/services/autoCancel.ts).
 */
export type AuditUser = Pick<CurrentUser, 'companyId' | 'name'> & { id: number | null };

/** Who an audit row names, as the set-based inserts of server/db/queries write it (catalogueTrail.ts). */
export const auditAuthor = (user: CurrentUser) => ({ companyId: user.companyId, userId: user.id, userName: user.name });

/** The row of an entry; none when an update changed nothing. */
function auditRow(user: AuditUser, entry: AuditEntry): AuditRowValues | undefined {
  const changes = entry.changes ?? changesOf(entry.before ?? null, entry.after ?? null);
  if (entry.action === 'update' && Object.keys(changes).length === 0) return undefined;
  return {
    companyId: user.companyId,
    userId: user.id,
    userName: user.name,
    action: entry.action,
    targetType: entry.target,
    targetId: entry.targetId,
    accommodationId: entry.accommodationId ?? entry.booking?.accommodation_id ?? null,
    bookId: entry.booking?.id ?? null,
    changes,
  };
}

/**
 * Writes one audit row in the caller's transaction: the change is kept only with its trail. Nothing
 * is written when an update changed nothing.
 */
export async function audit(tx: Tx, user: AuditUser, entry: AuditEntry): Promise<void> {
  const row = auditRow(user, entry);
  if (row) await insertAuditRows(tx, [row]);
}

/** Many rows in one insert (what a room type's delete takes with it), in the order given. */
export async function auditMany(tx: Tx, user: AuditUser, entries: readonly AuditEntry[]): Promise<void> {
  const rows = entries.flatMap((entry) => auditRow(user, entry) ?? []);
  if (rows.length > 0) await insertAuditRows(tx, rows);
}

/** A booking's history, newest first (the caller has checked that the user reaches the booking). */
export async function bookingHistory(tx: Tx, companyId: number, bookId: number) {
  const rows = await listBookingAudit(tx, companyId, bookId);
  return rows.map((r) => ({
    at: r.at.toISOString(),
    user_id: r.userId,
    user_name: r.userName,
    action: r.action,
    target: { type: r.targetType, id: r.targetId },
    changes: r.changes as Changes,
  }));
}
