import { rateTotals, type ChargeLine } from '../../../contract/consumptionTax';
import { toCsv, type CsvCell } from '../../../contract/csvWriter';
import type { DailyReport } from '../../../contract/dailyReport';
import { addDays, dateJa } from '../../../contract/dates';
import { INVOICE_TITLES } from '../../../contract/invoice';
import { payTypeLabel } from '../../../contract/enums';
import type { Db } from '../../db/client';
import { facilityName } from '../../db/queries/invoices';
import * as q from '../../db/queries/tax';
import { notFound } from '../../errors';
import { BOLD, newPdf, numberPages, REGULAR } from '../../pdf/document';
import { drawTable } from '../../pdf/table';
import { assertAccommodation } from '../access';
import type { CurrentUser } from '../auth';
import { bookingTaxLines, rulesFor } from './taxLines';

/** A stay charge split over its nights: equal parts, the yen left over on the first nights. */
function nightly(total: number, days: number): number[] {
  const base = Math.floor(total / days);
  const left = total - base * days;
  return Array.from({ length: days }, (_, i) => base + (i < left ? 1 : 0));
}

/**
 * 日計表 (from = to) or 月計表 of a facility (issue 31, contract/dailyReport.ts): the sales of the
 * period by rate (the stays' nights at 10 %, the options of the stays checking in at their class,
 * cancellation fees and the taxes collected apart outside the tax; with `included` the stays give
 * the taxes up, as their documents do), each rate's tax rounded once by the company's method; the
 * payments by pay type, the refunds and the documents issued.
 */
export async function dailyReport(
  db: Db,
  user: CurrentUser,
  accommodationId: number,
  from: string,
  to: string,
): Promise<DailyReport> {
  assertAccommodation(user, accommodationId);
  const settings = await q.findTaxSettings(db, accommodationId);
  if (!settings) throw notFound();
  const [invoice, bookings, rules, options, fees, payments, refunds, documents] = await Promise.all([
    q.findInvoiceSettings(db, user.companyId),
    q.taxBookingsStaying(db, accommodationId, from, to),
    rulesFor(db, user.companyId, settings),
    q.optionSalesOf(db, accommodationId, from, to),
    q.cancelFeesOf(db, accommodationId, from, to),
    q.paymentsOf(db, accommodationId, from, to),
    q.refundsIn(db, accommodationId, from, to),
    q.documentsIssued(db, accommodationId, from, to),
  ]);
  const inPeriod = (d: string) => d >= from && d <= to;
  let stays = 0;
  const taxes = { accommodation: 0, bathing: 0 };
  for (const b of bookings) {
    nightly(Math.max(0, b.price_sub - b.options_total), b.days).forEach((amount, i) => {
      if (inPeriod(addDays(b.start_date, i))) stays += amount;
    });
    for (const line of bookingTaxLines(b, settings, rules, inPeriod)) taxes[line.kind] += line.amount;
  }
  const taxTotal = taxes.accommodation + taxes.bathing;
  const lines: ChargeLine[] = [
    { amount: stays - (settings.collection === 'included' ? taxTotal : 0), tax_class: '10' },
    ...options.map((o) => ({ amount: o.amount, tax_class: o.tax_class })),
    { amount: fees + taxTotal, tax_class: 'exempt' },
  ];
  const totals = rateTotals(lines, invoice?.rounding ?? 'floor');
  return {
    from,
    to,
    sales: { ...totals, total: totals['10'].amount + totals['8'].amount + totals.exempt },
    taxes,
    payments: payments.map((p) => ({ ...p, label: payTypeLabel(p.pay_type) })),
    refunds,
    documents,
  };
}

/** The report's cells: one item a row. */
function reportCells(r: DailyReport): CsvCell[][] {
  return [
    ['売上', '10%対象', r.sales['10'].amount],
    ['売上', '10%対象 消費税', r.sales['10'].tax],
    ['売上', '8%対象', r.sales['8'].amount],
    ['売上', '8%対象 消費税', r.sales['8'].tax],
    ['売上', '対象外', r.sales.exempt],
    ['売上', '合計', r.sales.total],
    ['預り税', '宿泊税', r.taxes.accommodation],
    ['預り税', '入湯税', r.taxes.bathing],
    ...r.payments.map((p) => ['入金', `${p.label}（${p.count}件）`, p.amount]),
    ['返金', `${r.refunds.count}件`, r.refunds.amount],
    ...r.documents.map((d) => [
      '発行書類',
      `${INVOICE_TITLES[d.kind]}（${d.count}件${d.voided > 0 ? `、うち無効${d.voided}件` : ''}）`,
      d.amount,
    ]),
  ];
}

const HEADER = ['区分', '項目', '金額'];

export const dailyReportCsv = (r: DailyReport) => toCsv(HEADER, reportCells(r));

/** The report as an A4 PDF. */
export async function dailyReportPdf(db: Db, r: DailyReport, accommodationId: number): Promise<Buffer> {
  const facility = await facilityName(db, accommodationId);
  const title = r.from === r.to ? `日計表 ${dateJa(r.from)}` : `月計表 ${dateJa(r.from)}〜${dateJa(r.to)}`;
  const { doc, bytes } = newPdf({ layout: 'portrait', margin: 40, title, author: facility });
  doc.font(BOLD).fontSize(16).text(title).font(REGULAR).fontSize(10).text(facility).moveDown(0.5);
  drawTable(
    doc,
    [
      { heading: HEADER[0]!, width: 20 },
      { heading: HEADER[1]!, width: 50 },
      { heading: HEADER[2]!, width: 30, align: 'right' },
    ],
    reportCells(r).map(([a, b, c]) => [String(a), String(b), `${Number(c).toLocaleString('ja-JP')}円`]),
    { fontSize: 9, padding: 4 },
  );
  numberPages(doc);
  doc.end();
  return bytes;
}
