import { sql } from 'drizzle-orm';
import type { PettyCash } from '../../../contract/pettyCash';
import { sqlRows, type Tx } from '../client';
import { pettyCashEntries } from '../schema';
import { tokyoIso } from './bookingJson';

/**
 * The petty cash ledger of one accommodation: the balance before a date, the entries of a range
 * with their running balance (by date, then by id: the order they were recorded in a day), and a
 * new entry. Sums are bigint in SQL and read as text, so that both drivers give the same number.
 */

const entryColumns = sql.raw(`e.id, e.accommodation_id, e.paid_date::text as paid_date, e.amount,
  case when e.amount < 0 then 1 else 0 end as direction, e.balance_check, e.intended_use, e.user_id,
  u.name as user_name, ${tokyoIso('e.created_at')} as created_at`);

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
        from petty_cash_entries e left join users u on u.id = e.user_id
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
}

/** Inserts an entry; answers it as the list shows it, balance aside (the caller knows it). */
export async function insertEntry(tx: Tx, entry: NewEntry): Promise<Omit<PettyCash, 'balance'>> {
  const [inserted] = await tx.insert(pettyCashEntries).values(entry).returning({ id: pettyCashEntries.id });
  const [row] = await sqlRows<Omit<PettyCash, 'balance'>>(
    tx,
    sql`select ${entryColumns} from petty_cash_entries e left join users u on u.id = e.user_id
        where e.id = ${inserted!.id}`,
  );
  return row!;
}
