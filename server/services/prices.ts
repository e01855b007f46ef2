import {
  type CsvRowError,
  type PriceCsvCheck,
  type PriceEntry,
  type PriceInput,
  parsePriceCsv,
  priceMessages,
} from '../../contract/price';
import { errorMessages } from '../../contract/messages';
import { priceForDay, priceRuleMessages, type PriceRuleSet, type StoredPriceRuleSet } from '../../contract/priceRule';
import type { Db, Tx } from '../db/client';
import * as q from '../db/queries/prices';
import { AppError, badRequest, notFound } from '../errors';
import { audit, type Changes } from './audit';
import type { CurrentUser } from './auth';
import { isHoliday } from './holidays';
import { decodeCsv } from './priceCsv';

/** 400 naming every bad CSV row: errors { "12": "12行目: ..." }. */
function csvRejected(errors: readonly CsvRowError[]): AppError {
  const first = errors[0]!;
  const byLine: Record<string, string> = {};
  for (const e of errors.slice(0, 1000)) byLine[String(e.line)] = `${e.line}行目: ${e.reason}`;
  return new AppError(400, 'csv_invalid', `${errorMessages.csvFailed}（${first.line}行目: ${first.reason}）`, byLine);
}

/**
 * The audit row of a write of prices: one per call (a creator's year is thousands of cells), its
 * changes keyed `yyyy-MM-dd/人数` with the price from and to; cells written with their own price
 * are left out, and a write that changed nothing leaves no row.
 */
async function auditPrices(
  tx: Tx,
  user: CurrentUser,
  plan: { id: number; accommodation_id: number },
  written: readonly q.WrittenPrice[],
) {
  const changes: Changes = {};
  for (const w of written) if (w.from !== w.to) changes[`${w.target_date}/${w.unit}`] = { from: w.from, to: w.to };
  if (Object.keys(changes).length === 0) return;
  await audit(tx, user, {
    action: 'update',
    target: 'prices',
    targetId: plan.id,
    accommodationId: plan.accommodation_id,
    changes,
  });
}

/** Plan prices: the grid's cells, the creator's bulk write and the CSV file (spec sections 5 and 7). */
export class PriceService {
  constructor(private readonly db: Db) {}

  /** The plan when the user may reach its accommodation; 404 otherwise, as if it did not exist. */
  private async plan(tx: Tx, user: CurrentUser, planId: number, lock = false) {
    const plan = await q.findPlan(tx, planId, lock);
    if (!plan || !user.accommodationIds.includes(plan.accommodation_id)) throw notFound();
    return plan;
  }

  async list(user: CurrentUser, planId: number, from?: string, to?: string): Promise<PriceEntry[]> {
    await this.plan(this.db, user, planId);
    return q.listPrices(this.db, planId, from, to);
  }

  /** The plan's name too, for the file name of the export. */
  async export(user: CurrentUser, planId: number, from?: string, to?: string) {
    const plan = await this.plan(this.db, user, planId);
    return { plan, prices: await q.listPrices(this.db, planId, from, to) };
  }

  async update(user: CurrentUser, planId: number, id: number, price: number): Promise<PriceEntry> {
    return this.db.transaction(async (tx) => {
      const plan = await this.plan(tx, user, planId);
      const written = await q.updatePrice(tx, planId, id, price);
      if (!written) throw notFound();
      const { before, ...entry } = written;
      await auditPrices(tx, user, plan, [{ ...entry, from: before, to: entry.price }]);
      return entry;
    });
  }

  /** The creator's last inputs for the plan; null before it was first used. */
  async ruleSet(user: CurrentUser, planId: number): Promise<StoredPriceRuleSet | null> {
    await this.plan(this.db, user, planId);
    return (await q.findRuleSet(this.db, planId)) ?? null;
  }

  /**
   * Replaces the given cells in one transaction; 400 for a headcount above max_num or a repeated cell.
   * With the creator's rule, every price must be the rule's price for its day (spec section 5) and the
   * rule is kept with them, so that the creator opens with it next time.
   */
  async replace(
    user: CurrentUser,
    planId: number,
    prices: readonly PriceInput[],
    rule?: PriceRuleSet,
  ): Promise<number> {
    return this.db.transaction(async (tx) => {
      const plan = await this.plan(tx, user, planId, true);
      const seen = new Set<string>();
      const errors: Record<string, string> = {};
      if (rule && rule.unit_step.length > plan.max_num) {
        errors['rule_set.unit_step'] = priceRuleMessages.unitStep(plan.max_num);
      }
      prices.forEach((p, i) => {
        if (p.unit > plan.max_num) errors[`prices.${i}.unit`] ??= priceMessages.unitOverPlan(plan.max_num);
        const key = `${p.target_date}|${p.unit}`;
        if (seen.has(key)) errors[`prices.${i}`] ??= priceMessages.duplicateEntry;
        seen.add(key);
        if (rule && priceForDay(rule, p.target_date, p.unit, isHoliday) !== p.price) {
          errors[`prices.${i}.price`] ??= priceRuleMessages.mismatch(p.target_date, p.unit);
        }
      });
      const fields = Object.keys(errors);
      if (fields.length > 0) throw badRequest(errors[fields[0]!], errors);
      if (rule) await q.saveRuleSet(tx, planId, rule);
      const written = await q.upsertPrices(tx, planId, prices);
      await auditPrices(tx, user, plan, written);
      return written.length;
    });
  }

  /** The dry run: every row the file would write, and every bad row with its line. Writes nothing. */
  async checkCsv(user: CurrentUser, planId: number, file: Buffer | string): Promise<PriceCsvCheck> {
    const plan = await this.plan(this.db, user, planId);
    return parsePriceCsv(decodeCsv(file).text, plan.max_num);
  }

  /** Imports every row of the file, or none: 400 with the bad rows. */
  async importCsv(user: CurrentUser, planId: number, file: Buffer | string): Promise<number> {
    return this.db.transaction(async (tx) => {
      const plan = await this.plan(tx, user, planId, true);
      const { items, errors } = parsePriceCsv(decodeCsv(file).text, plan.max_num);
      if (errors.length > 0) throw csvRejected(errors);
      const written = await q.upsertPrices(tx, planId, items);
      await auditPrices(tx, user, plan, written);
      return written.length;
    });
  }
}
