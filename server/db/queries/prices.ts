import { eq, sql } from 'drizzle-orm';
import type { PriceEntry, PriceInput } from '../../../contract/price';
import type { PriceRuleSet, StoredPriceRuleSet } from '../../../contract/priceRule';
import { sqlRows, type Tx } from '../client';
import { tokyoIso } from './bookingJson';
import { priceRuleSets } from '../schema';

export type PlanRow = { id: number; accommodation_id: number; name: string; max_num: number };

/** A plan, locked for the rest of the transaction when `lock` (its max_num cannot change under a write). */
export async function findPlan(tx: Tx, planId: number, lock = false) {
  const rows = await sqlRows<PlanRow>(
    tx,
    sql`select id, accommodation_id, name, max_num from plans where id = ${planId} ${lock ? sql`for update` : sql``}`,
  );
  return rows[0];
}

/** The plan's prices ordered by date and headcount, optionally within [from, to]. */
export function listPrices(tx: Tx, planId: number, from?: string, to?: string) {
  return sqlRows<PriceEntry>(
    tx,
    sql`select id, target_date::text as target_date, unit, price from plan_prices
      where plan_id = ${planId}
        ${from ? sql`and target_date >= ${from}::date` : sql``}
        ${to ? sql`and target_date <= ${to}::date` : sql``}
      order by target_date, unit`,
  );
}

/** Changes one cell of the plan; undefined when the plan has no such cell. */
/** Undefined when the cell is not the plan's; `before` is its price until now. */
export async function updatePrice(tx: Tx, planId: number, id: number, price: number) {
  const rows = await sqlRows<PriceEntry & { before: number }>(
    tx,
    sql`update plan_prices pp set price = ${price}, updated_at = now()
      from plan_prices old where old.id = pp.id and pp.id = ${id} and pp.plan_id = ${planId}
      returning pp.id, pp.target_date::text as target_date, pp.unit, pp.price, old.price as before`,
  );
  return rows[0];
}

const pgArray = (values: readonly (number | string)[]) => `{${values.join(',')}}`;

/** One cell written: its price before (null when the cell is new) and after. */
export interface WrittenPrice {
  target_date: string;
  unit: number;
  from: number | null;
  to: number;
}

/**
 * Writes the cells (date, headcount) in one statement over three arrays: new cells are inserted,
 * existing ones take the new price. Answers every cell written with its price before (the `old`
 * part reads the statement's snapshot, taken before the insert). The cells must be distinct (a
 * statement may not touch a row twice).
 */
export async function upsertPrices(tx: Tx, planId: number, prices: readonly PriceInput[]): Promise<WrittenPrice[]> {
  if (prices.length === 0) return [];
  return sqlRows<WrittenPrice>(
    tx,
    sql`with input as (
      select t.d, t.u, t.p from unnest(
        ${pgArray(prices.map((r) => r.target_date))}::date[],
        ${pgArray(prices.map((r) => r.unit))}::integer[],
        ${pgArray(prices.map((r) => r.price))}::integer[]) as t(d, u, p)),
    old as (
      select pp.target_date, pp.unit, pp.price from plan_prices pp
      join input on pp.plan_id = ${planId} and pp.target_date = input.d and pp.unit = input.u),
    written as (
      insert into plan_prices (plan_id, target_date, unit, price)
      select ${planId}::int, d, u, p from input
      on conflict (plan_id, target_date, unit) do update set price = excluded.price, updated_at = now()
      returning target_date, unit, price)
    select w.target_date::text as target_date, w.unit, o.price as "from", w.price as "to"
    from written w left join old o on o.target_date = w.target_date and o.unit = w.unit`,
  );
}

const ruleColumns = {
  base_price: priceRuleSets.basePrice,
  unit_step: priceRuleSets.unitStep,
  week_step: priceRuleSets.weekStep,
  holiday_step: priceRuleSets.holidayStep,
  updated_at: sql<string>`${sql.raw(tokyoIso('price_rule_sets.updated_at'))}`,
};

/** The creator's last inputs for the plan, if it was ever used. */
export async function findRuleSet(tx: Tx, planId: number): Promise<StoredPriceRuleSet | undefined> {
  const [row] = await tx.select(ruleColumns).from(priceRuleSets).where(eq(priceRuleSets.planId, planId));
  return row;
}

/** Keeps the creator's inputs as the plan's rule set (one per plan). */
export async function saveRuleSet(tx: Tx, planId: number, rule: PriceRuleSet): Promise<void> {
  const values = {
    basePrice: rule.base_price,
    unitStep: [...rule.unit_step],
    weekStep: [...rule.week_step],
    holidayStep: [...rule.holiday_step],
  };
  await tx
    .insert(priceRuleSets)
    .values({ planId, ...values })
    .onConflictDoUpdate({ target: priceRuleSets.planId, set: { ...values, updatedAt: sql`now()` } });
}
