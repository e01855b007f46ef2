import {
  accommodationTaxLines,
  bathingTaxLines,
  taxLinesOf,
  type TaxCollection,
  type TaxLine,
  type TaxLines,
  type TaxNight,
  type TaxParty,
  type TaxSettings,
} from '../../../contract/tax';
import type { TaxRule } from '../../../contract/taxRule';
import { addDays } from '../../../contract/dates';
import type { Tx } from '../../db/client';
import * as q from '../../db/queries/tax';

/**
 * The base per person per night of a stay (宿泊料金 without consumption tax and meals, issue 31):
 * the stay's part of the total (the options left out) split evenly over its nights, less the plan's
 * meals for every guest, without the 10 % inside it, divided by the guests, rounded down to the yen.
 * An even split is the municipalities' own worked example (stay charge ÷ nights ÷ guests);
 * docs/decisions.md "Accommodation tax".
 */
export function basePerPerson(stay: { stay_total: number; days: number; guests: number; meal_price: number }) {
  if (stay.guests <= 0 || stay.days <= 0) return 0;
  const withoutMeals = stay.stay_total - stay.meal_price * stay.guests * stay.days;
  return Math.max(0, Math.floor((withoutMeals * 100) / (110 * stay.days * stay.guests)));
}

type Settings = Pick<TaxSettings, 'jurisdictions' | 'bathing_tax'>;

/** The taxes of these nights under a facility's settings and its company's rules. */
export function linesOf(rules: readonly TaxRule[], settings: Settings, nights: TaxNight[], party: TaxParty): TaxLine[] {
  return [
    ...accommodationTaxLines(rules, settings.jurisdictions, nights, party),
    ...bathingTaxLines(
      settings.bathing_tax,
      nights.map((n) => n.date),
      party,
    ),
  ];
}

/** The company's rules, read only when the facility names a jurisdiction. */
export const rulesFor = (tx: Tx, companyId: number, settings: Settings) =>
  settings.jurisdictions.length > 0 ? q.listTaxRules(tx, companyId) : Promise.resolve([]);

/** A live booking's tax lines, night by night (those of `inNight` only, when given). */
export function bookingTaxLines(
  booking: q.TaxBooking,
  settings: Settings,
  rules: readonly TaxRule[],
  inNight: (date: string) => boolean = () => true,
): TaxLine[] {
  const base = basePerPerson({
    stay_total: Math.max(0, booking.price_sub - booking.options_total),
    days: booking.days,
    guests: booking.person_number,
    meal_price: booking.meal_price,
  });
  const nights = Array.from({ length: booking.days }, (_, i) => ({
    date: addDays(booking.start_date, i),
    base_per_person: base,
  })).filter((n) => inNight(n.date));
  return linesOf(rules, settings, nights, {
    guests: booking.person_number,
    children_under_12: booking.children_under_12,
    school_trip: booking.school_trip,
  });
}

/** A booking's taxes under its facility's settings, with how they are collected; none for a cancelled one. */
export async function taxesOfBooking(tx: Tx, booking: q.TaxBooking): Promise<TaxLines & { collection: TaxCollection }> {
  const settings = (await q.findTaxSettings(tx, booking.accommodation_id))!;
  if (booking.delete_flg === 1) return { ...taxLinesOf([]), collection: settings.collection };
  const rules = await rulesFor(tx, booking.company_id, settings);
  return { ...taxLinesOf(bookingTaxLines(booking, settings, rules)), collection: settings.collection };
}
