import {
  pettyCashCorrectionDate,
  pettyCashCorrectionMessages,
  pettyCashRangeOf,
  type PettyCash,
  type PettyCashCorrectionBody,
  type PettyCashCorrectionResult,
  type PettyCashCreateBody,
  type PettyCashList,
  type PettyCashListQuery,
} from '../../contract/pettyCash';
import type { Db, Tx } from '../db/client';
import { isUniqueViolation } from '../db/pgErrors';
import * as q from '../db/queries/pettyCash';
import { conflict, notFound } from '../errors';
import { audit } from './audit';
import type { CurrentUser } from './auth';

const alreadyCorrected = () => conflict(pettyCashCorrectionMessages.alreadyCorrected);

/**
 * A facility's petty cash (spec 7 "Users, shifts, cash"). The route has checked that the user may
 * reach the accommodation (staff their facilities, administrators all of the company). An entry is
 * money: its creation leaves an audit row in the same transaction. Entries are never changed or
 * deleted (contract/pettyCash.ts): a mistake is reversed by a correcting entry (issue 32).
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
      const row = await this.record(tx, user, {
        accommodationId,
        userId: user.id,
        paidDate: body.paid_date,
        amount: body.amount,
        balanceCheck: body.balance_check,
        intendedUse: body.intended_use,
      });
      return this.withBalance(tx, row);
    });
  }

  /**
   * 訂正 (issue 32): a new entry of the opposite amount that names `cashId` and says why, dated the
   * day it is entered (never before the entry: `pettyCashCorrectionDate`), so earlier balances stay
   * as printed; with `reentry`, the entry as it should have been, the same day, in the same
   * transaction. An entry is reversed once (409; the unique corrects_id settles two at once), a
   * reversal is not reversed (409), another facility's entry is not found (404).
   */
  async correct(
    user: CurrentUser,
    accommodationId: number,
    cashId: number,
    body: PettyCashCorrectionBody,
  ): Promise<PettyCashCorrectionResult> {
    try {
      return await this.db.transaction(async (tx) => {
        const entry = await q.lockEntry(tx, accommodationId, cashId);
        if (!entry) throw notFound();
        if (entry.corrects_id !== null) throw conflict(pettyCashCorrectionMessages.correctionOfCorrection);
        if ((await q.reversalOf(tx, entry.id)) !== undefined) throw alreadyCorrected();
        const paidDate = pettyCashCorrectionDate(entry.paid_date);
        const reversal = await this.record(tx, user, {
          accommodationId,
          userId: user.id,
          paidDate,
          amount: -entry.amount,
          balanceCheck: 0,
          intendedUse: entry.intended_use,
          correctsId: entry.id,
          correctionReason: body.correction_reason,
        });
        const reentry = body.reentry
          ? await this.record(tx, user, {
              accommodationId,
              userId: user.id,
              paidDate,
              amount: body.reentry.amount,
              balanceCheck: 0,
              intendedUse: body.reentry.intended_use,
            })
          : null;
        return {
          reversal: await this.withBalance(tx, reversal),
          reentry: reentry ? await this.withBalance(tx, reentry) : null,
        };
      });
    } catch (error) {
      // Two corrections at once: the second one's insert meets the first one's row in the unique index.
      if (isUniqueViolation(error, 'petty_cash_entries_corrects_key')) throw alreadyCorrected();
      throw error;
    }
  }

  /** Inserts an entry with its audit row (who, when, the money and, for a reversal, what it reverses and why). */
  private async record(tx: Tx, user: CurrentUser, entry: q.NewEntry) {
    const row = await q.insertEntry(tx, entry);
    await audit(tx, user, {
      action: 'create',
      target: 'petty_cash',
      targetId: row.id,
      accommodationId: entry.accommodationId,
      after: {
        paid_date: row.paid_date,
        amount: row.amount,
        balance_check: row.balance_check,
        intended_use: row.intended_use,
        ...(row.corrects_id !== null ? { corrects_id: row.corrects_id, correction_reason: row.correction_reason } : {}),
      },
    });
    return row;
  }

  /** The balance after an entry: everything up to its date, and the entries of that day before it. */
  private async withBalance(tx: Tx, row: Omit<PettyCash, 'balance'>): Promise<PettyCash> {
    const before = await q.balanceBefore(tx, row.accommodation_id, row.paid_date);
    const day = await q.entriesBetween(tx, row.accommodation_id, row.paid_date, row.paid_date, before);
    return day.find((e) => e.id === row.id) ?? { ...row, balance: before + row.amount };
  }
}
