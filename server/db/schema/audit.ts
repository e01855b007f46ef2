import * as pg from 'drizzle-orm/pg-core';

/**
 * Who changed what, from what (issue 11 "Audit trail"): one row per change of a booking, its
 * payments, refunds and options, a calendar comment, a plan, a room type, prices, the option
 * catalogue, a user or another plain entity, written in the change's own transaction.
 * The user's name is kept as it was then (a user may be renamed or deleted later).
 */
export const auditLog = pg.pgTable(
  'audit_log',
  {
    id: pg.serial('id').primaryKey(),
    at: pg.timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    companyId: pg.integer('company_id').notNull(),
    userId: pg.integer('user_id'),
    userName: pg.text('user_name').notNull(),
    /** create, update, cancel, delete, refund, void, attach, detach */
    action: pg.text('action').notNull(),
    /** See AuditTarget in server/services/audit.ts. */
    targetType: pg.text('target_type').notNull(),
    targetId: pg.integer('target_id').notNull(),
    /** The accommodation the changed record belongs to; null for a company-level one (a user, a partner). */
    accommodationId: pg.integer('accommodation_id'),
    /** The booking the change belongs to, for its history. */
    bookId: pg.integer('book_id'),
    /** field: { from, to } */
    changes: pg.jsonb('changes').notNull().default({}),
  },
  (t) => [
    pg.index('audit_log_book_idx').on(t.bookId, t.at),
    pg.index('audit_log_company_at_idx').on(t.companyId, t.at),
    pg.index('audit_log_target_idx').on(t.targetType, t.targetId),
  ],
);
