import { eq, sql } from 'drizzle-orm';
import type { AccommodationOption } from '../../../contract/option';
import type { TaxClass } from '../../../contract/consumptionTax';
import { sqlRows, type Tx } from '../client';
import { accommodationOptions } from '../schema';

/** The columns of a catalogue row that a create or a change writes (camelCase, as Drizzle names them). */
export interface OptionValues {
  name?: string;
  price?: number;
  unit?: string;
  unitMax?: number | null;
  description?: string | null;
  supplierId?: number | null;
  roomId?: number | null;
  userSelection?: number;
  isStayType?: number;
  notice?: number;
  displayOrder?: number;
  taxClass?: TaxClass;
}

/**
 * The catalogue of an accommodation in display order (spec 3 "Accommodation option"), with the
 * partner's and the room's names. With roomId: what that room type offers (its own options and
 * those for every room); with optionId: that one option.
 */
export function listOptions(
  tx: Tx,
  accommodationId: number,
  filter: { roomId?: number; optionId?: number; lock?: boolean } = {},
): Promise<AccommodationOption[]> {
  const { roomId, optionId, lock } = filter;
  return sqlRows<AccommodationOption>(
    tx,
    sql`select o.id, o.accommodation_id, o.name, o.price, o.unit, o.unit_max, o.description,
        o.supplier_id, s.name as supplier, o.room_id, r.name as room_name,
        o.user_selection::int as user_selection, o.is_stay_type::int as is_stay_type, o.notice::int as notice,
        o.display_order, o.tax_class
      from accommodation_options o
        left join suppliers s on s.id = o.supplier_id
        left join rooms r on r.id = o.room_id
      where o.accommodation_id = ${accommodationId}
        ${roomId === undefined ? sql`` : sql`and (o.room_id = ${roomId} or o.room_id is null)`}
        ${optionId === undefined ? sql`` : sql`and o.id = ${optionId}`}
      order by o.display_order, o.id
      ${lock ? sql`for update of o` : sql``}`,
  );
}

export async function findOption(
  tx: Tx,
  accommodationId: number,
  optionId: number,
  lock = false,
): Promise<AccommodationOption | undefined> {
  return (await listOptions(tx, accommodationId, { optionId, lock }))[0];
}

/** True when the room type belongs to that accommodation. */
export async function roomOfAccommodation(tx: Tx, accommodationId: number, roomId: number): Promise<boolean> {
  const rows = await sqlRows<{ id: number }>(
    tx,
    sql`select id from rooms where id = ${roomId} and accommodation_id = ${accommodationId}`,
  );
  return rows.length > 0;
}

/**
 * True when the partner belongs to the company that runs the accommodation. Its row is held (key
 * share) until the transaction ends, so a partner deleted meanwhile is either seen gone here or
 * refused there (409, options name it), never a failed insert.
 */
export async function supplierOfAccommodation(tx: Tx, accommodationId: number, supplierId: number): Promise<boolean> {
  const rows = await sqlRows<{ id: number }>(
    tx,
    sql`select s.id from suppliers s join accommodations a on a.company_id = s.company_id
      where s.id = ${supplierId} and a.id = ${accommodationId} for key share of s`,
  );
  return rows.length > 0;
}

/**
 * The display_order after the last option (0 for an empty catalogue). The caller holds the
 * accommodation's lock, so that two creations do not take the same place.
 */
export async function nextDisplayOrder(tx: Tx, accommodationId: number): Promise<number> {
  const [row] = await sqlRows<{ next: number }>(
    tx,
    sql`select coalesce(max(display_order) + 1, 0)::int as next
      from accommodation_options where accommodation_id = ${accommodationId}`,
  );
  return row!.next;
}

export async function insertOption(
  tx: Tx,
  accommodationId: number,
  values: OptionValues & { name: string; price: number; unit: string; displayOrder: number },
): Promise<number> {
  const [row] = await tx
    .insert(accommodationOptions)
    .values({ accommodationId, ...values })
    .returning({ id: accommodationOptions.id });
  return row!.id;
}

export async function updateOption(tx: Tx, optionId: number, values: OptionValues): Promise<void> {
  await tx
    .update(accommodationOptions)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(accommodationOptions.id, optionId));
}

/** Booking options keep their copied name and price; their option_id turns null (the foreign key). */
export async function deleteOption(tx: Tx, optionId: number): Promise<void> {
  await tx.delete(accommodationOptions).where(eq(accommodationOptions.id, optionId));
}
