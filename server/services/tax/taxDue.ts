import { tokyoToday } from '../../../contract/dates';
import { taxLinesOf, type TaxSettings } from '../../../contract/tax';
import type { TaxRule } from '../../../contract/taxRule';
import type { Db, Tx } from '../../db/client';
import * as q from '../../db/queries/tax';
import { bookingTaxLines, rulesFor } from './taxLines';

/**
 * What 宿泊税 and 入湯税 add to a guest's bill (issue 31): their total when the facility collects them
 * apart from the price, nothing when they are inside it, for a cancelled booking or a no-show.
 */
function taxDueOf(booking: q.TaxBooking, settings: TaxSettings, rules: readonly TaxRule[]): number {
  if (settings.collection !== 'separate' || booking.delete_flg === 1 || booking.stay_status === 'no_show') return 0;
  return taxLinesOf(bookingTaxLines(booking, settings, rules)).total;
}

/** Stores tax_due of these bookings, reading each facility's settings and rules once. */
async function storeTaxDue(tx: Tx, bookings: readonly q.TaxBooking[]): Promise<void> {
  const byFacility = new Map<number, q.TaxBooking[]>();
  for (const b of bookings) {
    const list = byFacility.get(b.accommodation_id);
    if (list) list.push(b);
    else byFacility.set(b.accommodation_id, [b]);
  }
  const dues: { id: number; taxDue: number }[] = [];
  for (const [accommodationId, stays] of byFacility) {
    const settings = (await q.findTaxSettings(tx, accommodationId))!;
    const rules = await rulesFor(tx, stays[0]!.company_id, settings);
    for (const b of stays) dues.push({ id: b.id, taxDue: taxDueOf(b, settings, rules) });
  }
  await q.setTaxDue(tx, dues);
}

/** After a write of these bookings (dates, guests, total, options, plan, cancel, stay): their tax_due again. */
export async function refreshTaxDue(tx: Tx, bookIds: readonly number[]): Promise<void> {
  await storeTaxDue(tx, await q.taxBookingsOf(tx, bookIds));
}

/**
 * After a change of what taxes these facilities charge (their settings, a rule, a plan's meals): the
 * tax_due of their stays not over before today (a past stay's bill stays as it was), or of every
 * stay with `all` (the demo's seed).
 */
export async function refreshFacilitiesTaxDue(
  tx: Tx,
  accommodationIds: readonly number[],
  options: { all?: boolean; today?: string } = {},
): Promise<void> {
  const from = options.all ? null : (options.today ?? tokyoToday());
  const billing = await q.billingTaxFacilityIds(tx, accommodationIds);
  await q.clearTaxDue(
    tx,
    accommodationIds.filter((id) => !billing.includes(id)),
    from,
  );
  await storeTaxDue(tx, await q.taxBookingsEndingFrom(tx, billing, from));
}

/** After a rule of the company was added or changed: every facility of the company, from today. */
export async function refreshCompanyTaxDue(tx: Tx, companyId: number): Promise<void> {
  await refreshFacilitiesTaxDue(tx, await q.companyFacilityIds(tx, companyId));
}

/**
 * At start, after the shipped rules are in place (a release may bring new ones, and the column
 * came empty with migration 0030): the bills of every facility's stays not over before today.
 */
export async function refreshAllTaxDue(db: Db): Promise<void> {
  await db.transaction(async (tx) => refreshFacilitiesTaxDue(tx, await q.allFacilityIds(tx)));
}
