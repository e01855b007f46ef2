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
