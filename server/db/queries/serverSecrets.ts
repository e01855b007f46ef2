import { inArray, sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { serverSecrets } from '../schema';

/** Waits for the transaction-long advisory lock of this number: one process at a time past it. */
export async function lockForTransaction(tx: Tx, lock: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${lock})`);
}

/** The rows of server_secrets of these names (a database from before issue 28 kept keys there). */
export function findSecrets(tx: Tx, names: readonly string[]) {
  return tx
    .select({ name: serverSecrets.name, value: serverSecrets.value })
    .from(serverSecrets)
    .where(inArray(serverSecrets.name, [...names]));
}

export async function deleteSecrets(tx: Tx, names: readonly string[]): Promise<void> {
  await tx.delete(serverSecrets).where(inArray(serverSecrets.name, [...names]));
}
