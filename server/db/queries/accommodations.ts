import { asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../client';
import { accommodations, companies } from '../schema';

export async function listAccommodations(tx: Tx, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return tx
    .select({
      id: accommodations.id,
      uid: accommodations.uid,
      name: accommodations.name,
      short_name: accommodations.shortName,
      color: accommodations.color,
      detail_url: accommodations.detailUrl,
      room_number: accommodations.roomNumber,
    })
    .from(accommodations)
    .where(inArray(accommodations.id, ids))
    .orderBy(asc(accommodations.id));
}

export async function findCompany(tx: Tx, companyId: number) {
  const [row] = await tx.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  return row;
}

/** An accommodation's mail settings; with `lock`, its row locked for the rest of the transaction. */
export async function findAccommodationSettings(tx: Tx, id: number, lock = false) {
  const query = tx
    .select({
      transfer_reminder_days: accommodations.transferReminderDays,
      auto_cancel_unpaid: accommodations.autoCancelUnpaid,
    })
    .from(accommodations)
    .where(eq(accommodations.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function updateAccommodationSettings(
  tx: Tx,
  id: number,
  set: { transfer_reminder_days?: number; auto_cancel_unpaid?: boolean },
) {
  await tx
    .update(accommodations)
    .set({
      transferReminderDays: set.transfer_reminder_days,
      autoCancelUnpaid: set.auto_cancel_unpaid,
      updatedAt: new Date(),
    })
    .where(eq(accommodations.id, id));
}
