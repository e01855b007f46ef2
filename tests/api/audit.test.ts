import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, tokyoToday } from '../../contract/dates';
import { signedInSuite } from '../support/fixtures';

const api = signedInSuite();

const send = (method: string, path: string, json?: unknown, token = api.admin) =>
  api.http.send<any>(method, path, { token, json });
const auditRows = async () => (await api.rows<{ n: number }>(sql`select count(*)::int as n from audit_log`))[0]!.n;

describe('the audit trail of a booking', () => {
  it('says who changed what from what, newest first, for the booking, its payments and its refund', async () => {
    const [room] = await api.rows<{ id: number }>(
      sql`select id from rooms where accommodation_id = ${api.accommodations[0]!.id} order by id limit 1`,
    );
    const created = await send('POST', '/api/admin/books', {
      accommodation_id: api.accommodations[0]!.id,
      room_id: room!.id,
      plan_id: null,
      price_sub: 30000,
      start_date: addDays(tokyoToday(), 300),
      days: 1,
      person_number: 2,
      price: 0,
      name: '監査 太郎',
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect((await send('PATCH', `/api/admin/books/${id}`, { name: '監査 次郎', tel: '090-1111-2222' })).status).toBe(
      200,
    );
    const payment = await send('POST', '/api/payments', { book_id: id, amount: 10000, pay_type: 1 });
    expect(payment.status).toBe(201);
    // A refused change leaves no trail.
    const rows = await auditRows();
    expect((await send('PATCH', `/api/admin/books/${id}`, { plan_id: null, start_date: 'x' })).status).toBe(400);
    expect(await auditRows()).toBe(rows);
    expect((await send('DELETE', `/api/admin/books/${id}?cancel_fee=3000`)).status).toBe(204);
    const refund = await api.http.send<any>('PATCH', '/api/admin/payments/refund', {
      token: api.admin,
      json: { book_id: id, refund_amount: 7000 },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(refund.status).toBe(200);

    const history = await send('GET', `/api/admin/books/${id}/history`);
    expect(history.status).toBe(200);
    const items = history.body.history as {
      action: string;
      target: { type: string };
      user_name: string;
      changes: any;
      at: string;
    }[];
    expect(items.map((h) => `${h.action} ${h.target.type}`)).toEqual([
      'refund refund',
      'cancel booking',
      'create payment',
      'update booking',
      'create booking',
    ]);
    expect(items.every((h) => h.user_name.length > 0 && /T.*Z$|[+-]\d\d:\d\d$/.test(h.at))).toBe(true);
    expect(items[3]!.changes).toEqual({
      name: { from: '監査 太郎', to: '監査 次郎' },
      tel: { from: null, to: '090-1111-2222' },
    });
    expect(items[2]!.changes).toMatchObject({ amount: { from: null, to: 10000 }, price: { from: 0, to: 10000 } });
    expect(items[1]!.changes).toEqual({ delete_flg: { from: 0, to: 1 }, cancel_fee: { from: null, to: 3000 } });
    expect(items[0]!.changes).toMatchObject({
      refund_amount: { from: null, to: 7000 },
      price: { from: 10000, to: 3000 },
    });
  });

  it('is scoped like the booking: 404 for a facility the user may not reach', async () => {
    const [other] = await api.rows<{ id: number }>(
      sql`select id from bookings where accommodation_id = ${api.accommodations[1]!.id} limit 1`,
    );
    expect((await send('GET', `/api/admin/books/${other!.id}/history`, undefined, api.staff)).status).toBe(404);
    expect((await send('GET', `/api/admin/books/${other!.id}/history`)).status).toBe(200);
  });
});
