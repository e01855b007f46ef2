import {
  accommodationTaxLines,
  bathingTaxLines,
  taxLinesOf,
  type TaxCollection,
  type TaxLine,
  type TaxLines,
  type TaxNight,
  type TaxParty,
  type TaxQuote,
  type TaxSettings,
  type TaxSettingsPatch,
} from '../../../contract/tax';
import { taxRuleMessages, type TaxRule } from '../../../contract/taxRule';
import { addDays } from '../../../contract/dates';
import type { Db, Tx } from '../../db/client';
import * as q from '../../db/queries/tax';
import { fieldError, notFound } from '../../errors';
import { assertAccommodation } from '../access';
import { audit } from '../audit';
import type { CurrentUser } from '../auth';
import { definedOnly } from '../patch';

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
function linesOf(rules: readonly TaxRule[], settings: Settings, nights: TaxNight[], party: TaxParty): TaxLine[] {
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

/**
 * A facility's tax settings (GET for anyone who reaches it, PATCH for administrators: the route says
 * so), the taxes a booking owes (GET /admin/books/{id}/taxes) and a quote for any nights.
 */
export class TaxService {
  constructor(private readonly db: Db) {}

  async settings(user: CurrentUser, accommodationId: number): Promise<TaxSettings> {
    assertAccommodation(user, accommodationId);
    const settings = await q.findTaxSettings(this.db, accommodationId);
    if (!settings) throw notFound();
    return settings;
  }

  async updateSettings(user: CurrentUser, accommodationId: number, patch: TaxSettingsPatch): Promise<TaxSettings> {
    assertAccommodation(user, accommodationId);
    return this.db.transaction(async (tx) => {
      const before = await q.findTaxSettings(tx, accommodationId, true);
      if (!before) throw notFound();
      if (patch.jurisdictions) await assertKnown(tx, user.companyId, patch.jurisdictions);
      const after: TaxSettings = {
        jurisdictions: patch.jurisdictions ?? before.jurisdictions,
        bathing_tax: { ...before.bathing_tax, ...definedOnly(patch.bathing_tax ?? {}) },
        collection: patch.collection ?? before.collection,
      };
      await q.updateTaxSettings(tx, accommodationId, after);
      await audit(tx, user, {
        action: 'update',
        target: 'tax_settings',
        targetId: accommodationId,
        accommodationId,
        before: flat(before),
        after: flat(after),
      });
      return after;
    });
  }

  /** The taxes of a booking of the caller's facilities: none for a cancelled one. */
  async bookingTaxes(user: CurrentUser, bookId: number): Promise<TaxLines> {
    const booking = await q.findTaxBooking(this.db, bookId, user.accommodationIds);
    if (!booking) throw notFound();
    return taxesOfBooking(this.db, booking);
  }

  /** POST /tax/quote: the company's rules applied to the nights given. */
  async quote(user: CurrentUser, quote: TaxQuote): Promise<TaxLines> {
    await assertKnown(this.db, user.companyId, quote.jurisdictions);
    const settings = {
      jurisdictions: quote.jurisdictions,
      bathing_tax: { enabled: quote.bathing_rate !== undefined, rate: quote.bathing_rate ?? 0, day_rate: 0 },
    };
    return taxLinesOf(linesOf(await rulesFor(this.db, user.companyId, settings), settings, quote.nights, quote));
  }
}

/** 400 when a code names no rule of the company. */
async function assertKnown(tx: Tx, companyId: number, codes: readonly string[]) {
  if (codes.length === 0) return;
  const known = new Set((await q.listTaxRules(tx, companyId)).map((r) => r.code));
  if (codes.some((c) => !known.has(c))) throw fieldError('jurisdictions', taxRuleMessages.unknownJurisdiction);
}

const flat = (s: TaxSettings) => ({
  jurisdictions: s.jurisdictions.join(','),
  'bathing_tax.enabled': s.bathing_tax.enabled,
  'bathing_tax.rate': s.bathing_tax.rate,
  'bathing_tax.day_rate': s.bathing_tax.day_rate,
  collection: s.collection,
});
