import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookingHistorySchema, bookingSchema } from '../../contract/booking';
import { addDays, tokyoToday } from '../../contract/dates';
import { paymentMessages } from '../../contract/payment';
import { i18nProvider } from '../../i18n/i18nProvider';
import type { AppMessageKey } from '../../i18n/ja';
import { historyHeading, historyLine } from '../../resources/bookings/historyModel';
import { bookingMaker, signedInSuite } from '../support/fixtures';

/**
 * Issue 19: a refund names the payment it refunds (payment_id): a dated payment of the booking, not
 * deleted, at most its amount less the refunds made against it, within the booking's own limit
 * (received less refunds and the cancellation fee); its 履歴 row says which payment.
 */
const api = signedInSuite();
const today = tokyoToday();
const newBooking = bookingMaker(api, { from: addDays(today, 120), days: 1, name: '返金先 花子' });

const pay = async (bookId: number, amount: number, date: string | null, payType = 1) => {
  const res = await api.http.send<any>('POST', '/api/payments', {
    token: api.admin,
    json: { book_id: bookId, amount, pay_type: payType, ...(date ? { payment_exe_date: date } : {}) },
  });
  expect(res.status).toBe(201);
  return res.body as { id: number };
};
const cancel = async (bookId: number, fee?: number) =>
  expect(
    (
      await api.http.send('DELETE', `/api/admin/books/${bookId}${fee === undefined ? '' : `?cancel_fee=${fee}`}`, {
        token: api.admin,
      })
    ).status,
  ).toBe(204);
const refund = (body: Record<string, unknown>) =>
  api.http.send<any>('PATCH', '/api/admin/payments/refund', {
    token: api.admin,
    json: body,
    headers: { 'Idempotency-Key': randomUUID() },
  });
const refundRows = (bookId: number) =>
  api.rows<{ payment_id: number | null; amount: number }>(
    sql`select payment_id, amount from refunds where book_id = ${bookId} order by id`,
  );

describe('a refund names the payment it refunds (issue 19)', () => {
  it('refuses a payment of another booking, an unknown one, a deleted one and a 仮決済, on payment_id; records nothing', async () => {
    const b = await newBooking();
    const dated = await pay(b.id, 20000, today);
    const provisional = await pay(b.id, 5000, null);
    const voided = await pay(b.id, 3000, today);
    expect((await api.http.send('DELETE', `/api/payments/${voided.id}`, { token: api.admin })).status).toBe(204);
    const other = await newBooking();
    const othersPayment = await pay(other.id, 9000, today);
    await cancel(b.id);

    for (const [paymentId, message] of [
      [othersPayment.id, paymentMessages.refundPayment],
      [99_999_999, paymentMessages.refundPayment],
      [voided.id, paymentMessages.refundPayment],
      [provisional.id, paymentMessages.refundPaymentProvisional],
    ] as const) {
      const res = await refund({ book_id: b.id, refund_amount: 1000, payment_id: paymentId });
      expect(res.status, String(paymentId)).toBe(400);
      expect(res.body).toMatchObject({ code: 'validation', message, errors: { payment_id: message } });
    }
    for (const bad of ['x', 0, -1, 1.5]) {
      const res = await refund({ book_id: b.id, refund_amount: 1000, payment_id: bad });
      expect(res.status, String(bad)).toBe(400);
      expect(res.body.errors.payment_id).toBe(paymentMessages.refundPayment);
    }
    expect(await refundRows(b.id)).toEqual([]);
    const ok = await refund({ book_id: b.id, refund_amount: 1000, payment_id: dated.id });
    expect(ok.status).toBe(200);
    expect(ok.body.refund).toMatchObject({ payment_id: dated.id, amount: 1000 });
  });

  it('caps a refund by what is left of its payment, and the booking by its fee; stores the payment', async () => {
    const b = await newBooking();
    const first = await pay(b.id, 30000, addDays(today, -3));
    const second = await pay(b.id, 20000, addDays(today, -1), 2);
    await cancel(b.id, 5000);

    const over = await refund({ book_id: b.id, refund_amount: 25000, payment_id: second.id });
    expect(over.status).toBe(400);
    const message = 'この入金から返金できるのは20,000円までです（入金20,000円）';
    expect(over.body).toMatchObject({ message, errors: { refund_amount: message } });
    expect((await refund({ book_id: b.id, refund_amount: 20000, payment_id: second.id })).status).toBe(200);
    const spent = await refund({ book_id: b.id, refund_amount: 1, payment_id: second.id });
    expect(spent.status).toBe(400);
    expect(spent.body.message).toBe('この入金から返金できる金額はありません（入金20,000円 − 返金済み20,000円）');
    // The booking's own limit still applies: 50,000 − 20,000 − the 5,000 fee leaves 25,000.
    const pastFee = await refund({ book_id: b.id, refund_amount: 26000, payment_id: first.id });
    expect(pastFee.status).toBe(400);
    expect(pastFee.body.message).toBe(
      '返金できるのは25,000円までです（入金50,000円 − 返金済み20,000円 − キャンセル料5,000円）',
    );
    expect((await refund({ book_id: b.id, refund_amount: 25000, payment_id: first.id })).status).toBe(200);
    expect(await refundRows(b.id)).toEqual([
      { payment_id: second.id, amount: 20000 },
      { payment_id: first.id, amount: 25000 },
    ]);
    const after = bookingSchema.parse((await api.http.get(`/api/admin/books/${b.id}`, api.admin)).body);
    expect(after.price).toBe(5000);
    expect(after.refunds.map((r) => r.payment_id)).toEqual([second.id, first.id]);
  });

  it('names the latest dated payment that covers it when the body names none (the spec body)', async () => {
    const b = await newBooking();
    const older = await pay(b.id, 30000, addDays(today, -5));
    const newer = await pay(b.id, 10000, addDays(today, -2));
    await pay(b.id, 8000, null);
    await cancel(b.id);
    const small = await refund({ book_id: b.id, refund_amount: 4000 });
    expect(small.body.refund.payment_id).toBe(newer.id);
    // More than is left of the latest: the one that still covers it.
    const large = await refund({ book_id: b.id, refund_amount: 20000 });
    expect(large.body.refund.payment_id).toBe(older.id);
    expect(await refundRows(b.id)).toEqual([
      { payment_id: newer.id, amount: 4000 },
      { payment_id: older.id, amount: 20000 },
    ]);
  });

  it('says in the 履歴 which payment a refund gives back; an older refund without one still reads', async () => {
    const b = await newBooking();
    const payment = await pay(b.id, 50000, '2026-11-03');
    await cancel(b.id);
    expect((await refund({ book_id: b.id, refund_amount: 30000, payment_id: payment.id })).status).toBe(200);
    // A refund recorded before refunds named a payment.
    await api.rows(sql`update refunds set payment_id = null where book_id = ${b.id}`);
    await api.rows(
      sql`update audit_log set changes = changes - 'payment' where book_id = ${b.id} and target_type = 'refund'`,
    );
    expect((await refund({ book_id: b.id, refund_amount: 5000, payment_id: payment.id })).status).toBe(200);

    const res = await api.http.get(`/api/admin/books/${b.id}/history`, api.admin);
    expect(res.status).toBe(200);
    const refunds = bookingHistorySchema.parse(res.body).history.filter((h) => h.target.type === 'refund');
    expect(refunds).toHaveLength(2);
    expect(refunds[0]!.changes.payment).toEqual({
      from: null,
      to: { id: payment.id, amount: 50000, pay_type: 1, payment_exe_date: '2026-11-03' },
    });
    // As the console's 履歴 writes it.
    const translate = (key: AppMessageKey, options?: Record<string, unknown>) => i18nProvider.translate(key, options);
    const names = { room: () => undefined, plan: () => undefined };
    expect(refunds.map((h) => `${historyHeading(h, translate)} ${historyLine(h, translate, names)}`)).toEqual([
      '返金の登録 返金額: 5,000円、対象の入金: 2026年11月3日 銀行振込 50,000円、予約の入金合計: 20,000円 → 15,000円',
      '返金の登録 返金額: 30,000円、予約の入金合計: 50,000円 → 20,000円',
    ]);
  });
});
