import { sql } from 'drizzle-orm';
import type { MailTemplate } from '../../../contract/mailTemplate';
import type { MailStatus } from '../../../contract/enums';
import { sqlRows, type Tx } from '../client';

/** Mail templates, what a booking's mail is filled with, and a booking's mail history. */

const templateColumns = sql`t.id, t.accommodation_id, t.send_type, t.title, t.from_address, t.from_name, t.body,
  to_char(t.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at`;

/** The templates of an accommodation, by send type. */
export function listTemplates(tx: Tx, accommodationId: number): Promise<MailTemplate[]> {
  return sqlRows<MailTemplate>(
    tx,
    sql`select ${templateColumns} from mail_templates t
      where t.accommodation_id = ${accommodationId} order by t.send_type, t.id`,
  );
}

export async function findTemplate(
  tx: Tx,
  accommodationId: number,
  templateId: number,
  options: { lock?: boolean } = {},
): Promise<MailTemplate | undefined> {
  const rows = await sqlRows<MailTemplate>(
    tx,
    sql`select ${templateColumns} from mail_templates t
      where t.accommodation_id = ${accommodationId} and t.id = ${templateId}
      ${options.lock ? sql`for update` : sql``}`,
  );
  return rows[0];
}

/** The template of a send type (the first made, when there are several). */
export async function findTemplateBySendType(
  tx: Tx,
  accommodationId: number,
  sendType: number,
): Promise<MailTemplate | undefined> {
  const rows = await sqlRows<MailTemplate>(
    tx,
    sql`select ${templateColumns} from mail_templates t
      where t.accommodation_id = ${accommodationId} and t.send_type = ${sendType} order by t.id limit 1`,
  );
  return rows[0];
}

export async function updateTemplate(
  tx: Tx,
  templateId: number,
  values: { title: string; fromAddress: string; fromName: string; body: string },
): Promise<void> {
  await tx.execute(
    sql`update mail_templates set title = ${values.title}, from_address = ${values.fromAddress},
      from_name = ${values.fromName}, body = ${values.body}, updated_at = now() where id = ${templateId}`,
  );
}

/** A booking as its mail needs it (every placeholder's field), with its options; only among the accommodations given. */
export interface MailBookingRow {
  id: number;
  accommodation_id: number;
  company_id: number;
  name: string;
  mail: string | null;
  /** Check-in, yyyy-MM-dd. */
  start_date: string;
  /** Check-out, yyyy-MM-dd. */
  end_date: string;
  /** Nights. */
  days: number;
  person_number: number;
  /** The room type's name. */
  room_name: string;
  /** Null for a booking without a plan (none chosen, or its plan deleted). */
  plan_name: string | null;
  /** The booking's uid: its first characters are the confirmation number (contract/booking.ts). */
  uid: string;
  /** The booking site's reservation number (IK73355684); null for a booking not from the site. */
  external_id: string | null;
  accommodation_name: string;
  /** Paid so far, yen. */
  price: number;
  /** Total, yen. */
  price_sub: number;
  delete_flg: number;
  /** The transfer deadline, yyyy-MM-dd; null when there is none. */
  payment_limit_date: string | null;
  /** Each option's unit price (yen), quantity and days. */
  options: { name: string; price: number; unit: number; days: number }[];
}

export async function findMailBooking(
  tx: Tx,
  bookId: number,
  accommodationIds: readonly number[] | null,
): Promise<MailBookingRow | undefined> {
  if (accommodationIds !== null && accommodationIds.length === 0) return undefined;
  const rows = await sqlRows<MailBookingRow>(
    tx,
    sql`select b.id, b.accommodation_id, a.company_id, b.name, b.mail, b.start_date::text as start_date,
        b.end_date::text as end_date, b.days, b.person_number, r.name as room_name, p.name as plan_name,
        b.uid, b.external_id, a.name as accommodation_name, b.price,
        b.price_sub, b.delete_flg, b.payment_limit_date::text as payment_limit_date,
        coalesce((select json_agg(json_build_object('name', o.name, 'price', o.price, 'unit', o.unit, 'days', o.days)
            order by o.id) from booking_options o where o.book_id = b.id), '[]'::json) as options
      from bookings b join accommodations a on a.id = b.accommodation_id
        join rooms r on r.id = b.room_id
        left join plans p on p.id = b.plan_id
      where b.id = ${bookId}
        ${
          accommodationIds === null
            ? sql``
            : sql`and b.accommodation_id in (${sql.join(
                accommodationIds.map((id) => sql`${id}`),
                sql`, `,
              )})`
        }`,
  );
  return rows[0];
}

export interface MailHistoryRow {
  id: number;
  send_type: number | null;
  title: string;
  body: string;
  to_address: string;
  created_at: string;
  sent_at: string | null;
  status: MailStatus;
  error: string | null;
}

const iso = (column: ReturnType<typeof sql>) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The mail of a booking, newest first. */
export function bookingMailHistory(tx: Tx, bookId: number): Promise<MailHistoryRow[]> {
  return sqlRows<MailHistoryRow>(
    tx,
    sql`select m.id, m.send_type, m.title, m.body, m.to_address, ${iso(sql`m.created_at`)} as created_at,
        ${iso(sql`m.sent_at`)} as sent_at, m.status, m.error
      from mail_messages m where m.book_id = ${bookId} order by m.created_at desc, m.id desc`,
  );
}

/**
 * Unpaid live bookings whose transfer deadline is within the accommodation's reminder days from
 * today (Tokyo), not yet passed, that have a guest mail (the transfer-deadline reminder, send type 14).
 */
export function bookingsDueForTransferReminder(
  tx: Tx,
  today: string,
): Promise<{ id: number; payment_limit_date: string }[]> {
  return sqlRows<{ id: number; payment_limit_date: string }>(
    tx,
    sql`select b.id, b.payment_limit_date::text as payment_limit_date from bookings b join accommodations a on a.id = b.accommodation_id
      where b.delete_flg = 0 and b.price < b.price_sub and b.mail is not null and b.mail <> ''
        and b.payment_limit_date is not null
        and b.payment_limit_date >= ${today}::date
        and b.payment_limit_date <= ${today}::date + a.transfer_reminder_days
      order by b.id`,
  );
}
