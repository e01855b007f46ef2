import { and, eq, sql } from 'drizzle-orm';
import type { Supplier } from '../../../contract/supplier';
import { sqlRows, type Tx } from '../client';
import { suppliers } from '../schema';

/** The partners of a company, by id (or the one asked for). */
export function listSuppliers(tx: Tx, companyId: number, supplierId?: number): Promise<Supplier[]> {
  return sqlRows<Supplier>(
    tx,
    sql`select id, name, mail from suppliers where company_id = ${companyId}
      ${supplierId === undefined ? sql`` : sql`and id = ${supplierId}`}
      order by id`,
  );
}

export async function findSupplier(tx: Tx, companyId: number, supplierId: number): Promise<Supplier | undefined> {
  return (await listSuppliers(tx, companyId, supplierId))[0];
}

export async function insertSupplier(tx: Tx, companyId: number, values: { name: string; mail: string }) {
  const [row] = await tx
    .insert(suppliers)
    .values({ companyId, ...values })
    .returning({ id: suppliers.id });
  return row!.id;
}

/** False when the company holds no such partner. */
export async function updateSupplier(
  tx: Tx,
  companyId: number,
  supplierId: number,
  values: { name?: string; mail?: string },
): Promise<boolean> {
  const rows = await tx
    .update(suppliers)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(suppliers.id, supplierId), eq(suppliers.companyId, companyId)))
    .returning({ id: suppliers.id });
  return rows.length > 0;
}

/** Locks the partner's row (a delete checks its options under it); false when the company has none such. */
export async function lockSupplier(tx: Tx, companyId: number, supplierId: number): Promise<boolean> {
  const rows = await sqlRows<{ id: number }>(
    tx,
    sql`select id from suppliers where id = ${supplierId} and company_id = ${companyId} for update`,
  );
  return rows.length > 0;
}

/** How many catalogue options name the partner. */
export async function countSupplierOptions(tx: Tx, supplierId: number): Promise<number> {
  const [row] = await sqlRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from accommodation_options where supplier_id = ${supplierId}`,
  );
  return row!.n;
}

export async function deleteSupplier(tx: Tx, supplierId: number): Promise<void> {
  await tx.delete(suppliers).where(eq(suppliers.id, supplierId));
}
