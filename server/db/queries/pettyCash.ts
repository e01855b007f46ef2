import { sql } from 'drizzle-orm';
import type { PettyCash } from '../../../contract/pettyCash';
import { sqlRows, type Tx } from '../client';
import { pettyCashEntries } from '../schema';
import { tokyoIso } from './bookingJson';

/**
 * The petty cash ledger of one accommodation: the balance before a date, the entries of a range
 * with their running balance (by date, then by id: the order they were recorded in a day), and a
 * new entry. Sums are bigint in SQL and read as text, so that both drivers give the same number.
 * Each entry comes with its correction pair (issue 32): the entry it reverses (o) or the one that
 * reverses it (r, at most one: corrects_id is unique).
 */

const entryColumns = sql.raw(`e.id, e.accommodation_id, e.paid_date::text as paid_date, e.amount,
  case when e.amount < 0 then 1 else 0 end as direction, e.balance_check, e.intended_use, e.user_id,
  u.name as user_name, ${tokyoIso('e.created_at')} as created_at,
  e.corrects_id, o.paid_date::text as corrects_date, e.correction_reason,
  r.id as corrected_by, r.paid_date::text as corrected_date`);

const entryFrom = sql.raw(`petty_cash_entries e left join users u on u.id = e.user_id
  left join petty_cash_entries o on o.id = e.corrects_id
  left join petty_cash_entries r on r.corrects_id = e.id`);

/** The cash in the box at the end of the day before `date`. */
export async function balanceBefore(tx: Tx, accommodationId: number, date: string): Promise<number> {
  const [row] = await sqlRows<{ balance: string }>(
    tx,
    sql`select coalesce(sum(amount::bigint), 0)::text as balance from petty_cash_entries
        where accommodation_id = ${accommodationId} and paid_date < ${date}::date`,
  );
  return Number(row!.balance);
}

type EntryRow = Omit<PettyCash, 'balance'> & { running: string };

/** The entries from `start` to `end`, each with the balance after it (`carried` + the range's sum so far). */
export async function entriesBetween(
  tx: Tx,
  accommodationId: number,
  start: string,
  end: string,
  carried: number,
): Promise<PettyCash[]> {
  const rows = await sqlRows<EntryRow>(
    tx,
    sql`select ${entryColumns},
          (sum(e.amount::bigint) over (order by e.paid_date, e.id))::text as running
        from ${entryFrom}
        where e.accommodation_id = ${accommodationId} and e.paid_date between ${start}::date and ${end}::date
        order by e.paid_date, e.id`,
  );
  return rows.map(({ running, ...row }) => ({ ...row, balance: carried + Number(running) }));
}

export interface NewEntry {
  accommodationId: number;
  userId: number;
  paidDate: string;
  amount: number;
  balanceCheck: number;
  intendedUse: string;
  /** A reversing entry's: the entry it reverses and why. */
  correctsId?: number;
  correctionReason?: string;
}

/** Inserts an entry; answers it as the list shows it, balance aside (the caller knows it). */
export async function insertEntry(tx: Tx, entry: NewEntry): Promise<Omit<PettyCash, 'balance'>> {
  const [inserted] = await tx.insert(pettyCashEntries).values(entry).returning({ id: pettyCashEntries.id });
  const [row] = await sqlRows<Omit<PettyCash, 'balance'>>(
    tx,
    sql`select ${entryColumns} from ${entryFrom} where e.id = ${inserted!.id}`,
  );
  return row!;
}

/** What a correction needs of the entry it reverses. */
export interface CorrectedEntry {
  id: number;
  paid_date: string;
  amount: number;
  intended_use: string;
  corrects_id: number | null;
}

/**
 * The entry `id` of the accommodation, locked until the transaction ends: a second correction of
 * it waits here, then finds the first one's reversal (`reversalOf`). Undefined when not there.
 */
export async function lockEntry(tx: Tx, accommodationId: number, id: number): Promise<CorrectedEntry | undefined> {
  const [row] = await sqlRows<CorrectedEntry>(
    tx,
    sql`select id, paid_date::text as paid_date, amount, intended_use, corrects_id from petty_cash_entries
        where id = ${id} and accommodation_id = ${accommodationId} for update`,
  );
  return row;
}

/** The id of the entry that reverses `id`, if there is one. */
export async function reversalOf(tx: Tx, id: number): Promise<number | undefined> {
  const [row] = await sqlRows<{ id: number }>(tx, sql`select id from petty_cash_entries where corrects_id = ${id}`);
  return row?.id;
}
