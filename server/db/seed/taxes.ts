import { sql } from 'drizzle-orm';
import { PAY_TYPE } from '../../../contract/enums';
import { refreshFacilitiesTaxDue } from '../../services/tax/taxDue';
import { ensureShippedRules } from '../../services/tax/taxRules';
import type { Tx } from '../client';
import { idList } from '../queries/ids';

/**
 * 宿泊税 and 入湯税 on the demo's bills (issue 31): the shipped rules, every stay's tax_due at the
 * facilities that collect them apart, and the guests who have arrived and paid their stay paid the
 * taxes at the desk on arrival (by card, dated the day they came). Stays to come owe them still, as
 * the dashboard's unpaid lists show.
 */
export async function seedTaxes(tx: Tx, accommodationIds: readonly number[], today: string): Promise<void> {
  await ensureShippedRules(tx);
  await refreshFacilitiesTaxDue(tx, accommodationIds, { all: true });
  const arrived = sql`b.accommodation_id in (${idList(accommodationIds)}) and b.delete_flg = 0 and b.tax_due > 0
    and b.start_date <= ${today}::date and b.stay_status <> 'no_show' and b.price >= b.price_sub`;
  await tx.execute(sql`insert into payments (book_id, payment_exe_date, amount, pay_type)
    select b.id, b.start_date, b.tax_due, ${PAY_TYPE.creditCard} from bookings b where ${arrived}`);
  await tx.execute(sql`update bookings b set price = b.price + b.tax_due where ${arrived}`);
}
