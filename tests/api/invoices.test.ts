import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, tokyoToday } from '../../contract/dates';
import { invoiceDocumentMessages as msg, invoiceListSchema, invoiceSchema, type Invoice } from '../../contract/invoice';
import { planlessBooking, signedInSuite } from '../support/fixtures';
import { pdfPages } from '../support/pdfText';

const api = signedInSuite();
const year = Number(tokyoToday().slice(0, 4));

const issue = (bookId: number, json: unknown, token = api.staff) =>
  api.http.send<any>('POST', `/api/admin/books/${bookId}/invoices`, { token, json });
const reissue = (id: number, json: unknown = {}, token = api.staff) =>
  api.http.send<any>('POST', `/api/admin/invoices/${id}/reissue`, { token, json });
const invoiceCount = async () => (await api.rows<{ n: number }>(sql`select count(*)::int as n from invoices`))[0]!.n;

async function pdfText(id: number, token = api.staff): Promise<string> {
  const res = await fetch(`${api.server.baseUrl}/api/admin/invoices/${id}?format=pdf`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('application/pdf');
  const pages = await pdfPages(new Uint8Array(await res.arrayBuffer()));
  return pages.map((p) => p.text).join('\n');
}

/** A catalogue option of さくら荘 with its consumption tax class, attached to the booking. */
async function attach(bookId: number, name: string, price: number, taxClass: string, unit = 1) {
  const [option] = await api.rows<{ id: number }>(sql`insert into accommodation_options
    (accommodation_id, name, price, unit, tax_class) values (${api.accommodations[0]!.id}, ${name}, ${price}, '個',
    ${taxClass}) returning id`);
  const res = await api.http.send<any>('POST', `/api/books/${bookId}/options`, {
    token: api.staff,
    json: { option_id: option!.id, unit },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

/** The worked example: さくら荘 in Atami, 2 adults, 1 night at 30,000, four options, taxes collected apart. */
async function atamiStay(): Promise<number> {
  const booking = await planlessBooking(api, 0, {
    name: '熱海 花子',
    start_date: addDays(tokyoToday(), 500 + Math.floor(Math.random() * 100)),
    person_number: 2,
    price_sub: 30_000,
  });
  await attach(booking.id, '追加料理', 1_000, '10');
  await attach(booking.id, '日本酒', 1_000, '10');
  await attach(booking.id, '冷蔵庫 お茶', 150, '8', 2);
  await attach(booking.id, '売店 温泉まんじゅう', 1_080, '8');
  return booking.id;
}

describe('receipts and invoices of a booking (POST /api/admin/books/{id}/invoices)', () => {
  let receipt: Invoice;

  it('the worked example: 10%対象 32,000 with 2,909, 8%対象 1,380 with 102, 対象外 700, total 34,080', async () => {
    const id = await atamiStay();
    const res = await issue(id, { kind: 'receipt', proviso: '宿泊代として' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    receipt = invoiceSchema.parse(res.body);
    expect(receipt.totals).toEqual({
      '10': { amount: 32_000, tax: 2_909 },
      '8': { amount: 1_380, tax: 102 },
      exempt: 700,
    });
    expect(receipt.total).toBe(34_080);
    // Rounding each 10 % line would give 2,727 + 90 + 90 = 2,907: the document rounds once per rate.
    expect(receipt.totals['10'].tax).not.toBe(2_907);
    expect(receipt.lines.map((l) => [l.description.split(' ')[0], l.quantity, l.amount, l.tax_class])).toEqual([
      ['宿泊料金', 1, 30_000, '10'],
      ['追加料理', 1, 1_000, '10'],
      ['日本酒', 1, 1_000, '10'],
      ['冷蔵庫', 2, 300, '8'],
      ['売店', 1, 1_080, '8'],
      ['熱海市', 2, 400, 'exempt'],
      ['入湯税', 2, 300, 'exempt'],
    ]);
    expect(receipt).toMatchObject({
      kind: 'receipt',
      recipient_name: null,
      registration_number: 'T7123456789012',
      issuer: { name: '株式会社やどばん' },
      paid_on_channel: false,
      voided_at: null,
      replaces: null,
    });
    expect(receipt.number).toMatch(new RegExp(`^${api.accommodations[0]!.id}-${year}-\\d{6}$`));
    const [audit] = await api.rows<{ action: string }>(
      sql`select action from audit_log where target_type = 'invoice' and target_id = ${receipt.id}`,
    );
    expect(audit?.action).toBe('create');
  });

  it('the PDF holds the registration number, 10%対象 with its tax and the total as text', async () => {
    const text = await pdfText(receipt.id);
    for (const expected of [
      '領収書',
      '適格簡易請求書',
      receipt.number,
      '登録番号 T7123456789012',
      '10%対象',
      '32,000円（消費税 2,909円）',
      '8%対象',
      '1,380円（消費税 102円）',
      '対象外',
      '34,080円',
      '但し 宿泊代として',
      '株式会社やどばん',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it('an invoice needs its recipient; numbers follow one another with no gap, also after a refused one', async () => {
    const id = await atamiStay();
    const before = await invoiceCount();
    const missing = await issue(id, { kind: 'invoice' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.recipient_name).toBe(msg.recipientRequired);
    const refused = await issue(id, { kind: 'refund' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(msg.noRefund);
    expect(await invoiceCount()).toBe(before);
    const first = invoiceSchema.parse((await issue(id, { kind: 'invoice', recipient_name: '株式会社 熱海商事' })).body);
    const second = invoiceSchema.parse((await issue(id, { kind: 'receipt' })).body);
    const seq = (i: Invoice) => Number(i.number.split('-').at(-1));
    expect(seq(first)).toBe(seq(receipt) + 1);
    expect(seq(second)).toBe(seq(first) + 1);
    expect(first.recipient_name).toBe('株式会社 熱海商事');
    const list = invoiceListSchema.parse((await api.http.get(`/api/admin/books/${id}/invoices`, api.staff)).body);
    expect(list.invoices.map((i) => i.number)).toEqual([second.number, first.number]);
  });

  it('a reissue voids the document and issues it under a new number that names the old one; a voided one is not reissued', async () => {
    const res = await reissue(receipt.id, { recipient_name: '熱海 花子' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const again = invoiceSchema.parse(res.body);
    expect(again.number).not.toBe(receipt.number);
    expect(again).toMatchObject({ replaces: { id: receipt.id, number: receipt.number }, total: 34_080 });
    expect(again.recipient_name).toBe('熱海 花子');
    const old = invoiceSchema.parse((await api.http.get(`/api/admin/invoices/${receipt.id}`, api.staff)).body);
    expect(old.voided_at).not.toBeNull();
    const text = await pdfText(again.id);
    expect(text).toContain('再発行');
    expect(text).toContain(receipt.number);
    const twice = await reissue(receipt.id);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(msg.voided);
  });

  it('mails the PDF to the guest through the outbox, as an attachment of the mail; a guest without an address cannot be mailed', async () => {
    const guest = await planlessBooking(api, 0, {
      name: '送付 花子',
      mail: 'sofu.hanako@example.jp',
      start_date: addDays(tokyoToday(), 640),
      price_sub: 20_000,
    });
    const doc = invoiceSchema.parse((await issue(guest.id, { kind: 'receipt' })).body);
    const mail = {
      title: '領収書をお送りします',
      body: '送付 花子 様\n\nご宿泊ありがとうございました。領収書を添付いたします。',
    };
    const res = await api.http.send<any>('POST', `/api/admin/invoices/${doc.id}/mail`, {
      token: api.staff,
      json: mail,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [row] = await api.rows<{
      to_address: string;
      title: string;
      attachment_name: string;
      attachment_type: string;
      head: string;
    }>(
      sql`select to_address, title, attachment_name, attachment_type, encode(substring(attachment from 1 for 5), 'escape') as head
      from mail_messages where book_id = ${guest.id} order by id desc limit 1`,
    );
    expect(row).toEqual({
      to_address: 'sofu.hanako@example.jp',
      title: '領収書をお送りします',
      attachment_name: `領収書_${doc.number}.pdf`,
      attachment_type: 'application/pdf',
      head: '%PDF-',
    });
    const noMail = await planlessBooking(api, 0, { name: '宛先 なし', start_date: addDays(tokyoToday(), 641) });
    const other = invoiceSchema.parse((await issue(noMail.id, { kind: 'receipt' })).body);
    const refused = await api.http.send<any>('POST', `/api/admin/invoices/${other.id}/mail`, {
      token: api.staff,
      json: mail,
    });
    expect(refused.status).toBe(409);
  });

  it('rounds each rate once by the company’s method: 切上げ gives 2,910 and 103', async () => {
    const id = await atamiStay();
    expect(
      (await api.http.send('PATCH', '/api/company/invoice-settings', { token: api.admin, json: { rounding: 'ceil' } }))
        .status,
    ).toBe(200);
    const res = await issue(id, { kind: 'receipt' });
    expect(res.body.totals).toMatchObject({ '10': { tax: 2_910 }, '8': { tax: 103 } });
    await api.http.send('PATCH', '/api/company/invoice-settings', { token: api.admin, json: { rounding: 'floor' } });
  });

  it('a stay paid on the booking site says so', async () => {
    const [channel] = await api.rows<{ id: number }>(sql`select id from bookings
      where via = 1 and delete_flg = 0 and accommodation_id = ${api.accommodations[0]!.id} order by id limit 1`);
    const res = await issue(channel!.id, { kind: 'receipt' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.paid_on_channel).toBe(true);
    expect(await pdfText(res.body.id)).toContain(msg.paidOnChannel);
  });

  it('a cancelled booking: none while unpaid (409); its fee, outside the tax, once paid; a refund document of the money given back', async () => {
    const unpaid = await planlessBooking(api, 0, { name: '取消 一郎', start_date: addDays(tokyoToday(), 620) });
    await api.http.send('DELETE', `/api/admin/books/${unpaid.id}`, { token: api.admin });
    const before = await invoiceCount();
    const refused = await issue(unpaid.id, { kind: 'receipt' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(msg.cancelledUnpaid);
    expect(await invoiceCount()).toBe(before);

    const paid = await planlessBooking(api, 0, {
      name: '取消 二郎',
      start_date: addDays(tokyoToday(), 621),
      price: 12_000,
    });
    await api.http.send('DELETE', `/api/admin/books/${paid.id}?cancel_fee=3000`, { token: api.admin });
    const fee = invoiceSchema.parse((await issue(paid.id, { kind: 'receipt' })).body);
    expect(fee.lines).toMatchObject([{ amount: 3_000, tax_class: 'exempt' }]);
    expect(fee.totals).toEqual({ '10': { amount: 0, tax: 0 }, '8': { amount: 0, tax: 0 }, exempt: 3_000 });
    const refunded = await api.http.send('PATCH', '/api/admin/payments/refund', {
      token: api.admin,
      json: { book_id: paid.id, refund_amount: 9_000 },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    const back = invoiceSchema.parse((await issue(paid.id, { kind: 'refund' })).body);
    expect(back.totals['10']).toEqual({ amount: 9_000, tax: 818 });
    expect(back.note).toBe(msg.refundNotRequired);
    expect(await pdfText(back.id)).toContain('適格返還請求書');
  });

  it('refuses bad input in Japanese, another facility’s booking (404), and a company without a registration number (409)', async () => {
    const id = await atamiStay();
    const before = await invoiceCount();
    for (const [json, field, message] of [
      [{ kind: 'quote' }, 'kind', msg.kind],
      [{}, 'kind', msg.kind],
      [{ kind: 'receipt', recipient_name: 'あ'.repeat(101) }, 'recipient_name', msg.recipientTooLong],
      [{ kind: 'receipt', proviso: 'x'.repeat(101) }, 'proviso', msg.provisoTooLong],
      [{ kind: 'receipt', recipient_name: 'a\u0000b' }, 'recipient_name', '使用できない文字'],
    ] as const) {
      const res = await issue(id, json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body.errors?.[field] ?? '', JSON.stringify(json)).toContain(message);
    }
    const other = await planlessBooking(api, 1, { name: '別館 太郎', start_date: addDays(tokyoToday(), 630) });
    expect((await issue(other.id, { kind: 'receipt' })).status).toBe(404);
    expect((await api.http.get(`/api/admin/invoices/${receipt.id}?format=xls`, api.staff)).status).toBe(400);
    await api.http.send('PATCH', '/api/company/invoice-settings', {
      token: api.admin,
      json: { registration_number: '' },
    });
    const none = await issue(id, { kind: 'receipt' });
    expect(none.status).toBe(409);
    expect(none.body.message).toBe(msg.noRegistration);
    await api.http.send('PATCH', '/api/company/invoice-settings', {
      token: api.admin,
      json: { registration_number: 'T7123456789012' },
    });
    expect(await invoiceCount()).toBe(before);
  });
});
