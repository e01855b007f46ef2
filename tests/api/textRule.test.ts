import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { bookingTooLongMessages } from '../../contract/booking';
import { phoneMessage } from '../../contract/fieldRules';
import { registerMessages } from '../../contract/guestRegister';
import { pettyCashMessages } from '../../contract/pettyCash';
import { supplierCreateSchema, supplierMessages } from '../../contract/supplier';
import { signedInSuite } from '../support/fixtures';

/**
 * One text rule, applied everywhere (issue 32), over HTTP: a phone number 「abc-defg」 is refused on
 * its field with the one phone message and nothing is saved; free text past its limit is refused
 * with its length message. The rules are the contract's (tests/unit/entityFields.test.ts walks
 * every field); this shows the server answers them.
 */

const api = signedInSuite();
const send = (method: string, path: string, json?: unknown, token = api.admin) =>
  api.http.send<any>(method, path, { token, json });
const count = async (table: 'bookings' | 'suppliers' | 'petty_cash_entries' | 'booking_guests') =>
  (await api.rows<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;

/** A live booking of the first accommodation (the demo's). */
async function liveBooking(): Promise<number> {
  const [row] = await api.rows<{ id: number }>(
    sql`select id from bookings where delete_flg = 0 and accommodation_id = ${api.accommodations[0]!.id}
        order by id limit 1`,
  );
  return row!.id;
}

describe('a booking’s 電話番号', () => {
  it('PATCH with tel abc-defg: 400 on tel with the phone message, the booking as it was', async () => {
    const id = await liveBooking();
    const before = (await send('GET', `/api/admin/books/${id}`)).body;
    for (const tel of ['abc-defg', '03-1234-5678 内線', '81+3-1234-5678']) {
      const res = await send('PATCH', `/api/admin/books/${id}`, { tel });
      expect(res.status, tel).toBe(400);
      expect(res.body.errors, tel).toEqual({ tel: phoneMessage });
    }
    expect((await send('GET', `/api/admin/books/${id}`)).body).toEqual(before);
  });

  it('takes a phone number with spaces, parentheses and a leading +, and full-width digits as half-width', async () => {
    const id = await liveBooking();
    const plus = await send('PATCH', `/api/admin/books/${id}`, { tel: '+81 (3) 1234-5678' });
    expect(plus.status).toBe(200);
    expect(plus.body.tel).toBe('+81 (3) 1234-5678');
    const wide = await send('PATCH', `/api/admin/books/${id}`, { tel: '０３－１２３４－５６７８' });
    expect(wide.status).toBe(200);
    const [row] = await api.rows<{ tel: string }>(sql`select tel from bookings where id = ${id}`);
    expect(row!.tel).toBe('03-1234-5678');
  });

  it('a new booking with tel abc-defg: 400 on tel, no booking made', async () => {
    const before = await count('bookings');
    const [room] = await api.rows<{ id: number }>(
      sql`select id from rooms where accommodation_id = ${api.accommodations[0]!.id} order by id limit 1`,
    );
    const res = await send('POST', '/api/admin/books', {
      accommodation_id: api.accommodations[0]!.id,
      room_id: room!.id,
      plan_id: '',
      start_date: '2031-01-10',
      days: 1,
      person_number: 2,
      price: 0,
      price_sub: 10_000,
      name: '電話 太郎',
      tel: 'abc-defg',
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ tel: phoneMessage });
    expect(await count('bookings')).toBe(before);
  });

  it('a name past its 100 characters: 400 with the length in the panel’s words', async () => {
    const id = await liveBooking();
    const res = await send('PATCH', `/api/admin/books/${id}`, { name: 'あ'.repeat(101) });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ name: bookingTooLongMessages.name });
  });
});

describe('a partner (取引先)', () => {
  it('has no phone of its own (spec: id, name, mail), and refuses a 313-character name, saving nothing', async () => {
    expect(Object.keys(supplierCreateSchema.shape).sort()).toEqual(['mail', 'name']);
    const before = await count('suppliers');
    const created = await send('POST', '/api/supplier', { name: 'あ'.repeat(313), mail: 'a@example.jp' });
    expect(created.status).toBe(400);
    expect(created.body.errors).toEqual({ name: supplierMessages.nameTooLong });
    expect(await count('suppliers')).toBe(before);

    const made = await send('POST', '/api/supplier', { name: '湯けむり観光', mail: 'info@yukemuri.example.jp' });
    expect(made.status).toBe(201);
    const changed = await send('PATCH', `/api/supplier/${made.body.id}`, { mail: `${'a'.repeat(300)}@example.jp` });
    expect(changed.status).toBe(400);
    expect(changed.body.errors).toEqual({ mail: supplierMessages.mailTooLong });
    const [row] = await api.rows<{ mail: string }>(sql`select mail from suppliers where id = ${made.body.id}`);
    expect(row!.mail).toBe('info@yukemuri.example.jp');
  });
});

describe('petty cash (小口現金)', () => {
  it('a 313-character 用途: 400 with the length message, no entry made', async () => {
    const before = await count('petty_cash_entries');
    const res = await send('POST', `/api/facility/${api.accommodations[0]!.id}/cashes`, {
      paid_date: '2031-06-01',
      amount: -1_000,
      balance_check: 0,
      intended_use: 'あ'.repeat(313),
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ intended_use: pettyCashMessages.useTooLong });
    expect(await count('petty_cash_entries')).toBe(before);
  });
});

describe('the guest register’s 連絡先', () => {
  it('a phone number or a mail address; abc-defg is 400 on contact, no guest added', async () => {
    const id = await liveBooking();
    const before = await count('booking_guests');
    const res = await send('POST', `/api/admin/books/${id}/guests`, { name: '名簿 太郎', contact: 'abc-defg' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ contact: registerMessages.contact });
    expect(await count('booking_guests')).toBe(before);
  });
});
