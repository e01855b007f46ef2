import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Who changed what, from what (issue 11 "Audit trail"): one row per change of a booking, its
 * payments, refunds and options, or a calendar comment, written in the change's own transaction.
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
    /** create, update, cancel, delete, refund */
    action: text('action').notNull(),
    /** booking, payment, refund, booking_option, calendar_comment */
    targetType: text('target_type').notNull(),
    targetId: integer('target_id').notNull(),
    /** The booking the change belongs to, for its history. */
    bookId: integer('book_id'),
    /** field: { from, to } */
    changes: jsonb('changes').notNull().default({}),
  },
  (t) => [index('audit_log_book_idx').on(t.bookId, t.at), index('audit_log_company_at_idx').on(t.companyId, t.at)],
);
