import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Who changed what, from what (issue 11 "Audit trail"): one row per change of a booking, its
 * payments, refunds and options, a calendar comment, a plan, a room type, prices, the option
 * catalogue, a user or another plain entity, written in the change's own transaction.
 * The user's name is kept as it was then (a user may be renamed or deleted later).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    companyId: integer('company_id').notNull(),
    userId: integer('user_id'),
    userName: text('user_name').notNull(),
    /** create, update, cancel, delete, refund, void, attach, detach */
    action: text('action').notNull(),
    /** See AuditTarget in server/services/audit.ts. */
    targetType: text('target_type').notNull(),
    targetId: integer('target_id').notNull(),
    /** The accommodation the changed record belongs to; null for a company-level one (a user, a partner). */
    accommodationId: integer('accommodation_id'),
    /** The booking the change belongs to, for its history. */
    bookId: integer('book_id'),
    /** field: { from, to } */
    changes: jsonb('changes').notNull().default({}),
  },
  (t) => [
    index('audit_log_book_idx').on(t.bookId, t.at),
    index('audit_log_company_at_idx').on(t.companyId, t.at),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
  ],
);
