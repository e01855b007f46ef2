import { toCsv, type CsvCell } from '../../../contract/csvWriter';
import { lastOfMonth, tokyoToday } from '../../../contract/dates';
import { EXEMPT_REASON_LABELS, TAX_KIND_LABELS, type TaxKind } from '../../../contract/tax';
import type { TaxLedger, TaxLedgerRow, TaxMonth } from '../../../contract/taxLedger';
import type { Db } from '../../db/client';
import { facilityName } from '../../db/queries/invoices';
import * as q from '../../db/queries/tax';
import { notFound } from '../../errors';
import { newPdf, BOLD, numberPages, REGULAR } from '../../pdf/document';
import { drawTable } from '../../pdf/table';
import { assertAccommodation } from '../access';
import type { CurrentUser } from '../auth';
import { bookingTaxLines, rulesFor } from './taxLines';
import { dayVisitLedger } from './dayVisits';

/** The ledger's name of day visitors' 入湯税. */
export const DAY_VISIT_NAME = '入湯税（日帰り）';

/**
 * A facility's monthly ledger of 宿泊税 or 入湯税 (issue 31): every night of the month of its live
 * stays (no-shows stayed none), taxed by the rule of the night's date as the booking panel shows it
 * (services/tax/taxes.ts `bookingTaxLines`), added up per jurisdiction and amount per guest night;
 * the exempt guest-nights per reason; the total to file.
 */
export async function taxLedger(
  db: Db,
  user: CurrentUser,
  accommodationId: number,
  month: string,
  kind: TaxKind,
): Promise<TaxLedger> {
  assertAccommodation(user, accommodationId);
  const settings = await q.findTaxSettings(db, accommodationId);
  if (!settings) throw notFound();
  const from = `${month}-01`;
  const to = lastOfMonth(from);
  const [bookings, rules] = await Promise.all([
    q.taxBookingsStaying(db, accommodationId, from, to),
    rulesFor(db, user.companyId, settings),
  ]);
  const rows = new Map<string, TaxLedgerRow>();
  const exempt = new Map<string, TaxLedger['exempt'][number]>();
  for (const booking of bookings) {
    for (const line of bookingTaxLines(booking, settings, rules, (d) => d >= from && d <= to)) {
      if (line.kind !== kind) continue;
      if (line.guests > 0) {
        const key = `${line.jurisdiction}|${line.amount_per_person}`;
        const row = rows.get(key) ?? {
          jurisdiction: line.jurisdiction,
          name: line.name,
          amount_per_person: line.amount_per_person,
          guest_nights: 0,
          amount: 0,
        };
        row.guest_nights += line.guests;
        row.amount += line.amount;
        rows.set(key, row);
      }
      if (line.exempt_reason && line.exempt_guests > 0) {
        const key = `${line.jurisdiction}|${line.exempt_reason}`;
        const row = exempt.get(key) ?? {
          jurisdiction: line.jurisdiction,
          name: line.name,
          reason: line.exempt_reason,
          guest_nights: 0,
        };
        row.guest_nights += line.exempt_guests;
        exempt.set(key, row);
      }
    }
  }
  const byJurisdiction = <T extends { jurisdiction: string | null }>(a: T, b: T) =>
    (a.jurisdiction ?? '').localeCompare(b.jurisdiction ?? '');
  const sorted = [...rows.values()].sort((a, b) => byJurisdiction(a, b) || a.amount_per_person - b.amount_per_person);
  const exempted = [...exempt.values()].sort((a, b) => byJurisdiction(a, b) || a.reason.localeCompare(b.reason));
  // Day visitors (日帰り入浴) after the staying guests, at the day rate.
  if (kind === 'bathing') {
    const day = await dayVisitLedger(db, accommodationId, from, to, settings.bathing_tax);
    const row = { jurisdiction: null, name: DAY_VISIT_NAME };
    const rate = settings.bathing_tax.day_rate;
    if (day.visitors > 0)
      sorted.push({ ...row, amount_per_person: rate, guest_nights: day.visitors, amount: day.amount });
    if (day.under12 > 0) exempted.push({ ...row, reason: 'under_12', guest_nights: day.under12 });
    if (day.schoolTrip > 0) exempted.push({ ...row, reason: 'school_trip', guest_nights: day.schoolTrip });
  }
  return {
    month,
    kind,
    rows: sorted,
    exempt: exempted,
    total: sorted.reduce((sum, r) => sum + r.amount, 0),
  };
}

/**
 * This month's (or `month`'s) 宿泊税 and 入湯税 of each facility the user reaches that collects
 * either: the dashboard's card, the totals of the ledgers the register page shows.
 */
export async function taxMonth(db: Db, user: CurrentUser, month = tokyoToday().slice(0, 7)): Promise<TaxMonth> {
  const facilities: TaxMonth['facilities'] = [];
  for (const f of await q.taxedFacilities(db, user.accommodationIds)) {
    const [accommodation, bathing] = await Promise.all([
      taxLedger(db, user, f.id, month, 'accommodation'),
      taxLedger(db, user, f.id, month, 'bathing'),
    ]);
    facilities.push({
      accommodation_id: f.id,
      name: f.name,
      accommodation: accommodation.total,
      bathing: bathing.total,
    });
  }
  return { month, facilities };
}

const HEADER = ['区分', '管轄', '1人1泊の税額', '延べ人泊数', '税額'];

/** The ledger's cells: the taxed rows, the exempt rows (no amount), then the total. */
function ledgerCells(ledger: TaxLedger): CsvCell[][] {
  return [
    ...ledger.rows.map((r) => ['課税', r.name, r.amount_per_person, r.guest_nights, r.amount]),
    ...ledger.exempt.map((e) => [`免除（${EXEMPT_REASON_LABELS[e.reason]}）`, e.name, '', e.guest_nights, 0]),
    ['合計', '', '', ledger.rows.reduce((s, r) => s + r.guest_nights, 0), ledger.total],
  ];
}

export const taxLedgerCsv = (ledger: TaxLedger) => toCsv(HEADER, ledgerCells(ledger));

/** The ledger as an A4 PDF, for the office's file and the return. */
export async function taxLedgerPdf(db: Db, ledger: TaxLedger, accommodationId: number): Promise<Buffer> {
  const facility = await facilityName(db, accommodationId);
  const title = `${TAX_KIND_LABELS[ledger.kind]} 月計表 ${ledger.month.replace('-', '年')}月`;
  const { doc, bytes } = newPdf({ layout: 'portrait', margin: 40, title, author: facility });
  doc.font(BOLD).fontSize(16).text(title).font(REGULAR).fontSize(10).text(facility).moveDown(0.5);
  const yen = (v: CsvCell) => (typeof v === 'number' ? v.toLocaleString('ja-JP') : (v ?? ''));
  drawTable(
    doc,
    HEADER.map((heading, i) => ({ heading, width: [18, 36, 14, 14, 18][i]!, align: i >= 2 ? 'right' : 'left' })),
    ledgerCells(ledger).map((cells) => cells.map((c) => String(yen(c)))),
    { fontSize: 9, padding: 4 },
  );
  numberPages(doc);
  doc.end();
  return bytes;
}
