import {
  taxLinesOf,
  type TaxLines,
  type TaxQuote,
  type TaxSettings,
  type TaxSettingsPatch,
} from '../../../contract/tax';
import { taxRuleMessages } from '../../../contract/taxRule';
import type { Db, Tx } from '../../db/client';
import * as q from '../../db/queries/tax';
import { fieldError, notFound } from '../../errors';
import { assertAccommodation } from '../access';
import { audit } from '../audit';
import { refreshFacilitiesTaxDue } from './taxDue';
import { linesOf, rulesFor, taxesOfBooking } from './taxLines';
import type { CurrentUser } from '../auth';
import { definedOnly } from '../patch';

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
      await refreshFacilitiesTaxDue(tx, [accommodationId]);
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
