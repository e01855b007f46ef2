import { sql } from 'drizzle-orm';
import type { TaxClass } from '../../../contract/consumptionTax';
import type { Invoice, InvoiceKind, InvoiceLine } from '../../../contract/invoice';
import { sqlRows, type Tx } from '../client';
import { tokyoIso } from './bookingJson';
import { idList } from './ids';

/** Receipts, invoices and refund documents (issue 31), and what they are drawn from. */

/** The options of a booking as a document prints them, in the order they were attached. */
export function bookingOptionLines(tx: Tx, bookId: number) {
  return sqlRows<{ name: string; price: number; unit: number; days: number; tax_class: TaxClass }>(
    tx,
    sql`select name, price, unit, days, tax_class from booking_options where book_id = ${bookId} order by id`,
  );
}

/** The money given back on a booking, and the day of the last refund (Tokyo). */
export async function refundsOf(tx: Tx, bookId: number) {
  const rows = await sqlRows<{ total: number; last: string | null }>(
    tx,
    sql`select coalesce(sum(amount), 0)::int as total,
      to_char(max(created_at) at time zone 'Asia/Tokyo', 'YYYY-MM-DD') as last
    from refunds where book_id = ${bookId}`,
  );
  return rows[0]!;
}

/**
 * The next number of a facility's documents in a year. The counter's row stays locked until the
 * transaction ends: the number is the document's only if the transaction that stores it commits.
 */
export async function takeInvoiceSeq(tx: Tx, accommodationId: number, year: number): Promise<number> {
  const rows = await sqlRows<{ last_seq: number }>(
    tx,
    sql`insert into invoice_counters (accommodation_id, year, last_seq) values (${accommodationId}, ${year}, 1)
    on conflict (accommodation_id, year) do update set last_seq = invoice_counters.last_seq + 1
    returning last_seq`,
  );
  return rows[0]!.last_seq;
}

export interface InvoiceValues {
  accommodationId: number;
  bookId: number;
  kind: InvoiceKind;
  year: number;
  seq: number;
  number: string;
  recipientName: string | null;
  proviso: string | null;
  lines: readonly InvoiceLine[];
  totals: Invoice['totals'];
  total: number;
  registrationNumber: string;
  issuer: Invoice['issuer'];
  paidOnChannel: boolean;
  note: string | null;
  replacesId: number | null;
  createdBy: number;
}

export async function insertInvoice(tx: Tx, v: InvoiceValues): Promise<number> {
  const rows = await sqlRows<{ id: number }>(
    tx,
    sql`insert into invoices (accommodation_id, book_id, kind, year, seq, number, recipient_name, proviso, lines,
      totals, total, registration_number, issuer, paid_on_channel, note, replaces_id, created_by)
    values (${v.accommodationId}, ${v.bookId}, ${v.kind}, ${v.year}, ${v.seq}, ${v.number}, ${v.recipientName},
      ${v.proviso}, ${JSON.stringify(v.lines)}::jsonb, ${JSON.stringify(v.totals)}::jsonb, ${v.total},
      ${v.registrationNumber}, ${JSON.stringify(v.issuer)}::jsonb, ${v.paidOnChannel}, ${v.note}, ${v.replacesId},
      ${v.createdBy})
    returning id`,
  );
  return rows[0]!.id;
}

const columns = sql.raw(`i.id, i.book_id, i.accommodation_id, i.kind, i.number, ${tokyoIso('i.issued_at')} as issued_at,
  i.recipient_name, i.proviso, i.lines, i.totals, i.total, i.registration_number, i.issuer, i.paid_on_channel,
  ${tokyoIso('i.voided_at')} as voided_at, i.note,
  case when r.id is null then null else json_build_object('id', r.id, 'number', r.number) end as replaces`);

/** One document of the caller's facilities; `lock` for a reissue. */
export async function findInvoice(tx: Tx, id: number, accommodationIds: readonly number[], lock = false) {
  if (accommodationIds.length === 0) return undefined;
  const rows = await sqlRows<Invoice>(
    tx,
    sql`select ${columns} from invoices i left join invoices r on r.id = i.replaces_id
    where i.id = ${id} and i.accommodation_id in (${idList(accommodationIds)}) ${lock ? sql`for update of i` : sql``}`,
  );
  return rows[0];
}

/** A booking's documents, the latest first. */
export function listBookInvoices(tx: Tx, bookId: number, accommodationIds: readonly number[]) {
  if (accommodationIds.length === 0) return Promise.resolve([]);
  return sqlRows<Invoice>(
    tx,
    sql`select ${columns} from invoices i left join invoices r on r.id = i.replaces_id
    where i.book_id = ${bookId} and i.accommodation_id in (${idList(accommodationIds)})
    order by i.issued_at desc, i.id desc`,
  );
}

export async function voidInvoice(tx: Tx, id: number) {
  await tx.execute(sql`update invoices set voided_at = now() where id = ${id}`);
}

/** The facility's name, which a document prints under its issuer. */
export async function facilityName(tx: Tx, accommodationId: number): Promise<string> {
  const rows = await sqlRows<{ name: string }>(tx, sql`select name from accommodations where id = ${accommodationId}`);
  return rows[0]?.name ?? '';
}
