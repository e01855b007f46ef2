import {
  pettyCashRangeOf,
  type PettyCash,
  type PettyCashCreateBody,
  type PettyCashList,
  type PettyCashListQuery,
} from '../../contract/pettyCash';
import type { Db } from '../db/client';
import * as q from '../db/queries/pettyCash';
import { audit } from './audit';
import type { CurrentUser } from './auth';

/**
 * A facility's petty cash (spec 7 "Users, shifts, cash"). The route has checked that the user may
 * reach the accommodation (staff their facilities, administrators all of the company). An entry is
 * money: its creation leaves an audit row in the same transaction. Entries are never changed or
 * deleted (contract/pettyCash.ts).
 */
export class PettyCashService {
  constructor(private readonly db: Db) {}

  /** The range's entries with their running balance, the balance carried into it and the one after it. */
  list(accommodationId: number, query: Pick<PettyCashListQuery, 'start_date' | 'end_date'>): Promise<PettyCashList> {
    const { start_date, end_date } = pettyCashRangeOf(query);
    // One snapshot: an entry recorded meanwhile is either in both figures or in neither.
    return this.db.transaction(
      async (tx) => {
        const carried = await q.balanceBefore(tx, accommodationId, start_date);
        const cashes = await q.entriesBetween(tx, accommodationId, start_date, end_date, carried);
        const balance = cashes.length > 0 ? cashes[cashes.length - 1]!.balance : carried;
        return { start_date, end_date, carried_balance: carried, cashes, balance };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }

  /** Records an entry (amount signed: negative is money out); answers it with the balance after it. */
  create(user: CurrentUser, accommodationId: number, body: PettyCashCreateBody): Promise<PettyCash> {
    return this.db.transaction(async (tx) => {
      const row = await q.insertEntry(tx, {
        accommodationId,
        userId: user.id,
        paidDate: body.paid_date,
        amount: body.amount,
        balanceCheck: body.balance_check,
        intendedUse: body.intended_use,
      });
      await audit(tx, user, {
        action: 'create',
        target: 'petty_cash',
        targetId: row.id,
        accommodationId,
        after: {
          paid_date: row.paid_date,
          amount: row.amount,
          balance_check: row.balance_check,
          intended_use: row.intended_use,
        },
      });
      // The balance after this entry: everything up to its date, and the entries of that day before it.
      const before = await q.balanceBefore(tx, accommodationId, row.paid_date);
      const day = await q.entriesBetween(tx, accommodationId, row.paid_date, row.paid_date, before);
      const balance = day.find((e) => e.id === row.id)?.balance ?? before + row.amount;
      return { ...row, balance };
    });
  }
}
