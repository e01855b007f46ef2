import { describe, expect, it } from 'vitest';
import { tokyoToday } from '../../contract/dates';
import { taxLedgerSchema, taxLedgerMessages, taxMonthSchema, type TaxLedger } from '../../contract/taxLedger';
import { planlessBooking, signedInSuite } from '../support/fixtures';
import { pdfPages } from '../support/pdfText';

const api = signedInSuite();
const facility = () => api.accommodations[0]!.id;

async function ledger(month: string, kind = 'accommodation', token = api.staff): Promise<TaxLedger> {
  const res = await api.http.get(`/api/facility/${facility()}/tax-ledger?month=${month}&kind=${kind}`, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return taxLedgerSchema.parse(res.body);
}

/** What the stays the test adds change in a ledger: the demo's own stays of the month stay as they are. */
function delta(before: TaxLedger, after: TaxLedger) {
  const rows = after.rows
    .map((r) => {
      const b = before.rows.find(
        (x) => x.jurisdiction === r.jurisdiction && x.amount_per_person === r.amount_per_person,
      );
      return [r.amount_per_person, r.guest_nights - (b?.guest_nights ?? 0), r.amount - (b?.amount ?? 0)];
    })
    .filter(([, nights]) => nights !== 0);
  const exempt = after.exempt
    .map((e) => {
      const b = before.exempt.find((x) => x.jurisdiction === e.jurisdiction && x.reason === e.reason);
      return [e.reason, e.guest_nights - (b?.guest_nights ?? 0)];
    })
    .filter(([, nights]) => nights !== 0);
  return { rows, exempt, total: after.total - before.total };
}

const book = (fields: Record<string, unknown>) => planlessBooking(api, 0, { name: '月計 太郎', ...fields });

describe("a facility's monthly tax ledger (GET /api/facility/{id}/tax-ledger)", () => {
  it('Kyoto across its rate change: February’s nights at the old rule, March’s at the new, exempt school trips counted apart', async () => {
    const settings = await api.http.send('PATCH', `/api/facility/${facility()}/tax-settings`, {
      token: api.admin,
      json: { jurisdictions: ['kyoto-city'] },
    });
    expect(settings.status).toBe(200);
    const [feb, mar, bathingMar] = await Promise.all([
      ledger('2026-02'),
      ledger('2026-03'),
      ledger('2026-03', 'bathing'),
    ]);

    // 2 guests, base 16,000 a night: 02-27 and 02-28 at 200, 03-01 at 400.
    await book({ start_date: '2026-02-27', days: 3, person_number: 2, price_sub: 105_600 });
    // A school trip of 30: exempt, counted.
    await book({ start_date: '2026-03-10', person_number: 30, price_sub: 264_000, school_trip: true });
    // 2 guests at a base of 100,000: 10,000 each.
    await book({ start_date: '2026-03-15', person_number: 2, price_sub: 220_000 });
    // A cancelled stay files nothing.
    const cancelled = await book({ start_date: '2026-03-20', person_number: 2, price_sub: 50_000 });
    expect(
      (await api.http.send('DELETE', `/api/admin/books/${cancelled.id}`, { token: api.admin })).status,
    ).toBeLessThan(300);

    expect(delta(feb, await ledger('2026-02'))).toEqual({ rows: [[200, 4, 800]], exempt: [], total: 800 });
    const march = await ledger('2026-03');
    expect(delta(mar, march)).toEqual({
      rows: [
        [400, 2, 800],
        [10_000, 2, 20_000],
      ],
      exempt: [['school_trip', 30]],
      total: 20_800,
    });
    expect(march.total).toBe(march.rows.reduce((s, r) => s + r.amount, 0));
    // 入湯税: the nights of March of the two paying stays (the school trip exempt), 150 each.
    expect(delta(bathingMar, await ledger('2026-03', 'bathing'))).toEqual({
      rows: [[150, 4, 600]],
      exempt: [['school_trip', 30]],
      total: 600,
    });
  });

  it('as CSV and PDF, for the office’s file', async () => {
    const csv = await fetch(`${api.server.baseUrl}/api/facility/${facility()}/tax-ledger?month=2026-03&format=csv`, {
      headers: { authorization: `Bearer ${api.staff}` },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toContain('tax-ledger-accommodation-2026-03.csv');
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await csv.arrayBuffer());
    expect(text.startsWith('\uFEFF区分,管轄,1人1泊の税額,延べ人泊数,税額\r\n')).toBe(true);
    expect(text).toContain('免除（修学旅行等）');
    expect(text).toMatch(/合計,,,\d+,\d+\r\n$/);
    const pdf = await fetch(`${api.server.baseUrl}/api/facility/${facility()}/tax-ledger?month=2026-03&format=pdf`, {
      headers: { authorization: `Bearer ${api.staff}` },
    });
    expect(pdf.status).toBe(200);
    const pages = await pdfPages(new Uint8Array(await pdf.arrayBuffer()));
    expect(pages[0]!.text).toContain('宿泊税 月計表 2026年03月');
    expect(pages[0]!.text).toContain('京都市 宿泊税');
  });

  it("the dashboard's month: each facility that collects a tax, with its ledgers' totals, as far as the user reaches", async () => {
    const month = taxMonthSchema.parse((await api.http.get('/api/admin/tax/month?month=2026-03', api.admin)).body);
    const ids = month.facilities.map((f) => f.accommodation_id);
    // さくら荘 (Kyoto since the first test) and the Kyoto guesthouse; the lake hotel collects none.
    expect(ids).toEqual([api.accommodations[0]!.id, api.accommodations[2]!.id]);
    const [first] = month.facilities;
    expect(first).toMatchObject({
      accommodation: (await ledger('2026-03')).total,
      bathing: (await ledger('2026-03', 'bathing')).total,
    });
    const staff = taxMonthSchema.parse((await api.http.get('/api/admin/tax/month?month=2026-03', api.staff)).body);
    expect(staff.facilities.map((f) => f.accommodation_id)).toEqual([api.accommodations[0]!.id]);
    const now = taxMonthSchema.parse((await api.http.get('/api/admin/tax/month', api.staff)).body);
    expect(now.month).toBe(tokyoToday().slice(0, 7));
    expect((await api.http.get('/api/admin/tax/month?month=03-2026', api.staff)).status).toBe(400);
  });

  it('refuses a bad month or kind in Japanese, and another facility (404)', async () => {
    for (const [query, message] of [
      ['month=2026-13', taxLedgerMessages.month],
      ['month=2026-3', taxLedgerMessages.month],
      ['', taxLedgerMessages.month],
      ['month=2026-03&kind=consumption', taxLedgerMessages.kind],
      ['month=2026-03&format=xls', taxLedgerMessages.format],
    ]) {
      const res = await api.http.get(`/api/facility/${facility()}/tax-ledger?${query}`, api.staff);
      expect(res.status, query).toBe(400);
      expect(JSON.stringify(res.body), query).toContain(message);
    }
    const other = api.accommodations[1]!.id;
    expect((await api.http.get(`/api/facility/${other}/tax-ledger?month=2026-03`, api.staff)).status).toBe(404);
  });
});
