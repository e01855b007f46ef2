import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { dailyReportMessages, dailyReportSchema, type DailyReport } from '../../contract/dailyReport';
import { addDays, tokyoToday } from '../../contract/dates';
import { planlessBooking, signedInSuite } from '../support/fixtures';
import { pdfPages } from '../support/pdfText';

const api = signedInSuite();
const facility = () => api.accommodations[0]!.id;

async function report(query: string, token = api.staff): Promise<DailyReport> {
  const res = await api.http.get(`/api/facility/${facility()}/daily-report?${query}`, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return dailyReportSchema.parse(res.body);
}

async function attach(bookId: number, price: number, taxClass: string, unit = 1) {
  const [option] = await api.rows<{ id: number }>(sql`insert into accommodation_options
    (accommodation_id, name, price, unit, tax_class) values (${facility()}, '日計の品', ${price}, '個', ${taxClass})
    returning id`);
  const res = await api.http.send('POST', `/api/books/${bookId}/options`, {
    token: api.staff,
    json: { option_id: option!.id, unit },
  });
  expect(res.status).toBe(201);
}

describe("a facility's 日計表 and 月計表 (GET /api/facility/{id}/daily-report)", () => {
  it('a night of さくら荘 (Atami): the stay and its options by rate, 宿泊税 and 入湯税 apart, each rate rounded once', async () => {
    const day = addDays(tokyoToday(), 700 + Math.floor(Math.random() * 200));
    expect(await report(`date=${day}`)).toMatchObject({ sales: { total: 0 } });
    const stay = await planlessBooking(api, 0, {
      name: '日計 太郎',
      start_date: day,
      person_number: 2,
      price_sub: 30_000,
    });
    await attach(stay.id, 1_000, '10');
    await attach(stay.id, 150, '8', 2);
    const r = await report(`date=${day}`);
    expect(r.sales).toEqual({
      '10': { amount: 31_000, tax: 2_818 },
      '8': { amount: 300, tax: 22 },
      exempt: 700,
      total: 32_000,
    });
    expect(r.taxes).toEqual({ accommodation: 400, bathing: 300 });
    // Its month holds the same night.
    const month = await report(`month=${day.slice(0, 7)}`);
    expect(month.from).toBe(`${day.slice(0, 7)}-01`);
    expect(month.sales.total).toBeGreaterThanOrEqual(32_000);
  });

  it("today's payments by pay type, refunds, cancellation fees and documents, as they are made", async () => {
    const today = tokyoToday();
    const before = await report(`date=${today}`);
    const paid = await planlessBooking(api, 0, {
      name: '日計 花子',
      start_date: addDays(today, 720),
      price: 12_000,
      price_sub: 12_000,
    });
    await api.http.send('DELETE', `/api/admin/books/${paid.id}?cancel_fee=3000`, { token: api.admin });
    const refunded = await api.http.send('PATCH', '/api/admin/payments/refund', {
      token: api.admin,
      json: { book_id: paid.id, refund_amount: 9_000 },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(refunded.status).toBe(200);
    const receipt = await api.http.send('POST', `/api/admin/books/${paid.id}/invoices`, {
      token: api.staff,
      json: { kind: 'receipt' },
    });
    expect(receipt.status).toBe(201);
    const after = await report(`date=${today}`);
    const bank = (r: DailyReport) => r.payments.find((p) => p.pay_type === 1) ?? { count: 0, amount: 0 };
    expect(bank(after).count - bank(before).count).toBe(1);
    expect(bank(after).amount - bank(before).amount).toBe(12_000);
    expect(after.refunds.count - before.refunds.count).toBe(1);
    expect(after.refunds.amount - before.refunds.amount).toBe(9_000);
    expect(after.sales.exempt - before.sales.exempt).toBe(3_000);
    const receipts = (r: DailyReport) => r.documents.find((d) => d.kind === 'receipt') ?? { count: 0, amount: 0 };
    expect(receipts(after).count - receipts(before).count).toBe(1);
    expect(receipts(after).amount - receipts(before).amount).toBe(3_000);
  });

  it('as CSV and PDF; a bad period refused in Japanese; another facility 404', async () => {
    const today = tokyoToday();
    const csv = await fetch(`${api.server.baseUrl}/api/facility/${facility()}/daily-report?date=${today}&format=csv`, {
      headers: { authorization: `Bearer ${api.staff}` },
    });
    expect(csv.status).toBe(200);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await csv.arrayBuffer());
    expect(text.startsWith('\uFEFF区分,項目,金額\r\n売上,10%対象,')).toBe(true);
    const pdf = await fetch(
      `${api.server.baseUrl}/api/facility/${facility()}/daily-report?month=${today.slice(0, 7)}&format=pdf`,
      {
        headers: { authorization: `Bearer ${api.staff}` },
      },
    );
    expect(pdf.status).toBe(200);
    expect((await pdfPages(new Uint8Array(await pdf.arrayBuffer())))[0]!.text).toContain('月計表');
    for (const [query, message] of [
      ['', dailyReportMessages.period],
      [`date=${today}&month=${today.slice(0, 7)}`, dailyReportMessages.period],
      ['month=2026-13', dailyReportMessages.month],
      ['date=2026-02-30', '日付'],
      [`date=${today}&format=xml`, dailyReportMessages.format],
    ]) {
      const res = await api.http.get(`/api/facility/${facility()}/daily-report?${query}`, api.staff);
      expect(res.status, query).toBe(400);
      expect(JSON.stringify(res.body), query).toContain(message);
    }
    const other = api.accommodations[1]!.id;
    expect((await api.http.get(`/api/facility/${other}/daily-report?date=${today}`, api.staff)).status).toBe(404);
  });
});
