import { sql } from 'drizzle-orm';
import { PAY_TYPE } from '../../../contract/enums';
import { refreshFacilitiesTaxDue } from '../../services/tax/taxDue';
import { ensureShippedRules } from '../../services/tax/taxRules';
import type { Tx } from '../client';
import { idList } from '../queries/ids';

/**
 * 宿泊税 and 入湯税 on the demo's bills (issue 31): the shipped rules, every stay's tax_due at the
 * facilities that collect them apart, and the guests who have arrived and paid their stay paid the
 * taxes at the desk on arrival (in cash, dated the day they came). Stays to come owe them still, as
 * the dashboard's unpaid lists show.
 */
export async function seedTaxes(tx: Tx, accommodationIds: readonly number[], today: string): Promise<void> {
  await ensureShippedRules(tx);
  await refreshFacilitiesTaxDue(tx, accommodationIds, { all: true });
  const arrived = sql`b.accommodation_id in (${idList(accommodationIds)}) and b.delete_flg = 0 and b.tax_due > 0
    and b.start_date <= ${today}::date and b.stay_status <> 'no_show' and b.price >= b.price_sub`;
  await tx.execute(sql`insert into payments (book_id, payment_exe_date, amount, pay_type)
    select b.id, b.start_date, b.tax_due, ${PAY_TYPE.cash} from bookings b where ${arrived}`);
  await tx.execute(sql`update bookings b set price = b.price + b.tax_due where ${arrived}`);
  // Day visitors to the baths on the days of last month and this month before today: a few a day,
  // more at the weekend, now and then a child or a school group.
  await tx.execute(sql`insert into day_visits (accommodation_id, visit_date, visitors, children_under_12, school_trip)
    select a.id, d::date, 4 + (extract(day from d)::int * 7) % 9 + case when extract(isodow from d) >= 6 then 8 else 0 end,
      extract(day from d)::int % 3, case when extract(day from d)::int % 10 = 4 then 25 else 0 end
    from accommodations a,
      generate_series(date_trunc('month', ${today}::date) - interval '1 month', ${today}::date - 1, interval '1 day') d
    where a.id in (${idList(accommodationIds)}) and a.bathing_tax_enabled`);
}
