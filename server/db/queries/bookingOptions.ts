import { sql } from 'drizzle-orm';
import type { BookingOption } from '../../../contract/booking';
import type { TaxClass } from '../../../contract/consumptionTax';
import { sqlRows, type Tx } from '../client';
import { tokyoIso } from './bookingJson';

/** An option of the catalogue, with what a booking copies from it when it is attached. */
export type CatalogueOptionRow = {
  id: number;
  accommodation_id: number;
  room_id: number | null;
  name: string;
  price: number;
  /** The counting word (個, 名...). */
  unit: string;
  unit_max: number | null;
  supplier_id: number | null;
  supplier_name: string | null;
  tax_class: TaxClass;
};

export async function findCatalogueOption(tx: Tx, id: number) {
  const rows = await sqlRows<CatalogueOptionRow>(
    tx,
    sql`
    select o.id, o.accommodation_id, o.room_id, o.name, o.price, o.unit, o.unit_max, o.supplier_id,
      s.name as supplier_name, o.tax_class
    from accommodation_options o left join suppliers s on s.id = o.supplier_id
    where o.id = ${id}`,
  );
  return rows[0];
}

/** The booking option as the API answers it (bookingOptionSchema), paid_at in Tokyo time. */
const answerColumns = sql.raw(`id, option_id, unit, days, comment, ${tokyoIso('paid_at')} as paid_at, name, price,
  supplier_name as supplier, tax_class`);

/** An option of one booking, or undefined. */
export async function findBookingOption(tx: Tx, bookId: number, id: number) {
  const rows = await sqlRows<BookingOption>(
    tx,
    sql`select ${answerColumns} from booking_options where id = ${id} and book_id = ${bookId}`,
  );
  return rows[0];
}

export interface BookingOptionValues {
  optionId: number | null;
  unit: number;
  days: number;
  comment: string | null;
  name: string;
  price: number;
  supplierId: number | null;
  supplierName: string | null;
  taxClass: TaxClass;
}

export async function insertBookingOption(tx: Tx, bookId: number, v: BookingOptionValues) {
  const rows = await sqlRows<BookingOption>(
    tx,
    sql`
    insert into booking_options (book_id, option_id, unit, days, comment, name, price, supplier_id, supplier_name,
      tax_class)
    values (${bookId}, ${v.optionId}, ${v.unit}, ${v.days}, ${v.comment}, ${v.name}, ${v.price}, ${v.supplierId},
      ${v.supplierName}, ${v.taxClass})
    returning ${answerColumns}`,
  );
  return rows[0]!;
}

/**
 * Writes an option of a booking. `paid` true sets paid_at to now, false clears it, undefined keeps
 * it; the copied catalogue columns are written only when `copied` is given (the option changed).
 */
export async function updateBookingOption(
  tx: Tx,
  id: number,
  v: Pick<BookingOptionValues, 'unit' | 'days' | 'comment'> & {
    copied?: Pick<BookingOptionValues, 'optionId' | 'name' | 'price' | 'supplierId' | 'supplierName' | 'taxClass'>;
    paid?: boolean;
  },
) {
  const set = [sql`unit = ${v.unit}`, sql`days = ${v.days}`, sql`comment = ${v.comment}`, sql`updated_at = now()`];
  if (v.copied) {
    const c = v.copied;
    set.push(
      sql`option_id = ${c.optionId}, name = ${c.name}, price = ${c.price}, supplier_id = ${c.supplierId},
        supplier_name = ${c.supplierName}, tax_class = ${c.taxClass}`,
    );
  }
  if (v.paid !== undefined) set.push(v.paid ? sql`paid_at = now()` : sql`paid_at = null`);
  const rows = await sqlRows<BookingOption>(
    tx,
    sql`update booking_options set ${sql.join(set, sql`, `)} where id = ${id} returning ${answerColumns}`,
  );
  return rows[0]!;
}

export async function deleteBookingOption(tx: Tx, id: number) {
  await tx.execute(sql`delete from booking_options where id = ${id}`);
}

/** Sets the booking's total (already locked by the caller). */
export async function setPriceSub(tx: Tx, bookId: number, priceSub: number) {
  await tx.execute(sql`update bookings set price_sub = ${priceSub}, updated_at = now() where id = ${bookId}`);
}

/** What the options of a booking cost together: unit price x quantity x days, summed. */
export async function optionsTotal(tx: Tx, bookId: number): Promise<number> {
  const rows = await sqlRows<{ total: string | number }>(
    tx,
    sql`select coalesce(sum(price::bigint * unit * days), 0)::text as total from booking_options where book_id = ${bookId}`,
  );
  return Number(rows[0]!.total);
}
