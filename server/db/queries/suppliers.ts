import { sql } from 'drizzle-orm';
import type { Supplier } from '../../../contract/supplier';
import { sqlRows, type Tx } from '../client';

/** The partners of a company, by id: the option overlay's choices. */
export function listSuppliers(tx: Tx, companyId: number): Promise<Supplier[]> {
  return sqlRows<Supplier>(tx, sql`select id, name, mail from suppliers where company_id = ${companyId} order by id`);
}

/** How many catalogue options name the partner. */
export async function countSupplierOptions(tx: Tx, supplierId: number): Promise<number> {
  const [row] = await sqlRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from accommodation_options where supplier_id = ${supplierId}`,
  );
  return row!.n;
}
