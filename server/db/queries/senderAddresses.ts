import { sql } from 'drizzle-orm';
import type { SenderAddress } from '../../../contract/senderAddress';
import { sqlRows, type Tx } from '../client';

/**
 * The companies' sender addresses (kept lower-case): who owns an address, whether it is verified,
 * and the state of its verification code.
 */
const columns = sql`s.id, s.from_address, s.verified_at is not null as verified`;

export function listSenderAddresses(tx: Tx, companyId: number): Promise<SenderAddress[]> {
  return sqlRows<SenderAddress>(
    tx,
    sql`select ${columns} from sender_addresses s where s.company_id = ${companyId} order by s.from_address, s.id`,
  );
}

export interface SenderAddressRow extends SenderAddress {
  verification_code_hash: string | null;
  /** Seconds since the code was mailed; null when none was. */
  code_age_seconds: number | null;
  verification_attempts: number;
}

export async function findSenderAddress(
  tx: Tx,
  companyId: number,
  id: number,
  options: { lock?: boolean } = {},
): Promise<SenderAddressRow | undefined> {
  const [row] = await sqlRows<SenderAddressRow>(
    tx,
    sql`select ${columns}, s.verification_code_hash, s.verification_attempts,
          extract(epoch from now() - s.verification_sent_at)::float8 as code_age_seconds
        from sender_addresses s where s.company_id = ${companyId} and s.id = ${id}
        ${options.lock ? sql`for update` : sql``}`,
  );
  return row;
}

/** Whether a company other than this one has verified the address. */
export async function verifiedElsewhere(tx: Tx, companyId: number, address: string): Promise<boolean> {
  const rows = await sqlRows<{ one: number }>(
    tx,
    sql`select 1 as one from sender_addresses
        where from_address = ${address.toLowerCase()} and verified_at is not null and company_id <> ${companyId}`,
  );
  return rows.length > 0;
}

/** Inserts an address; null when the company has it already. */
export async function insertSenderAddress(
  tx: Tx,
  values: { companyId: number; address: string; verified: boolean },
): Promise<number | null> {
  const [row] = await sqlRows<{ id: number }>(
    tx,
    sql`insert into sender_addresses (company_id, from_address, verified_at)
        values (${values.companyId}, ${values.address}, ${values.verified ? sql`now()` : sql`null`})
        on conflict (company_id, from_address) do nothing returning id`,
  );
  return row?.id ?? null;
}

/** A new code (its hash) mailed now; the count of wrong codes starts again. */
export async function setVerificationCode(tx: Tx, id: number, codeHash: string): Promise<void> {
  await tx.execute(
    sql`update sender_addresses set verification_code_hash = ${codeHash}, verification_sent_at = now(),
          verification_attempts = 0
        where id = ${id}`,
  );
}

export async function countWrongCode(tx: Tx, id: number): Promise<void> {
  await tx.execute(sql`update sender_addresses set verification_attempts = verification_attempts + 1 where id = ${id}`);
}

export async function markVerified(tx: Tx, id: number): Promise<void> {
  await tx.execute(
    sql`update sender_addresses set verified_at = now(), verification_code_hash = null, verification_attempts = 0
        where id = ${id}`,
  );
}

export async function deleteSenderAddress(tx: Tx, id: number): Promise<void> {
  await tx.execute(sql`delete from sender_addresses where id = ${id}`);
}

/** The company's verified addresses: the only ones any of its mail may be sent from. */
export async function verifiedSenderAddresses(tx: Tx, companyId: number): Promise<string[]> {
  const rows = await sqlRows<{ a: string }>(
    tx,
    sql`select from_address as a from sender_addresses
        where company_id = ${companyId} and verified_at is not null order by from_address`,
  );
  return rows.map((r) => r.a);
}

export async function isVerifiedSender(tx: Tx, companyId: number, address: string): Promise<boolean> {
  const rows = await sqlRows<{ one: number }>(
    tx,
    sql`select 1 as one from sender_addresses
        where company_id = ${companyId} and from_address = ${address.trim().toLowerCase()} and verified_at is not null`,
  );
  return rows.length > 0;
}

/** Whether any company has verified the address (the SMTP listener takes mail for these only). */
export async function isVerifiedAnywhere(tx: Tx, address: string): Promise<boolean> {
  const rows = await sqlRows<{ one: number }>(
    tx,
    sql`select 1 as one from sender_addresses where from_address = ${address.trim().toLowerCase()} and verified_at is not null`,
  );
  return rows.length > 0;
}
