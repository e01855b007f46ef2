import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { billOf, bookingCreateMessages as msg } from '../../contract/booking';
import { addDays, tokyoToday } from '../../contract/dates';
import { signedInSuite } from '../support/fixtures';

const api = signedInSuite();
const today = tokyoToday();

const bookingCount = async () => (await api.rows<{ n: number }>(sql`select count(*)::int as n from bookings`))[0]!.n;

/** A room type with a plan attached and prices for the coming nights, from the demo data. */
async function roomWithPlan(accommodationId: number) {
  const [row] = await api.rows<{ room_id: number; plan_id: number; max_num: number; plan_max: number }>(sql`
    select r.id as room_id, p.id as plan_id, r.max_num, p.max_num as plan_max from rooms r
    join room_plans rp on rp.room_id = r.id join plans p on p.id = rp.plan_id
    where r.accommodation_id = ${accommodationId} order by r.max_num, r.id, p.id limit 1`);
  return row!;
}

/** A start date from which the room type has no booking for `days` nights. */
async function freeStart(roomId: number, days: number, from = addDays(today, 30)) {
  for (let start = from; ; start = addDays(start, 1)) {
    const [b] = await api.rows<{ n: number }>(sql`select count(*)::int as n from bookings where room_id = ${roomId}
      and delete_flg = 0 and start_date < ${addDays(start, days)}::date and end_date > ${start}::date`);
    if (b!.n === 0) return start;
  }
}

const create = (body: Record<string, unknown>, token = api.admin) =>
  api.http.send<any>('POST', '/api/admin/books', { token, json: body });

describe('GET /admin/books', () => {
  it('answers the calendar window: every live stay that touches it, with room, plan, payments and options', async () => {
    const from = today;
    const to = addDays(today, 14);
    const res = await api.http.get(
      `/api/admin/books?accommodation_id=${api.accommodations[0]!.id}&stay_start_date=${from}&stay_end_date=${to}&with_consecutive=true`,
      api.admin,
    );
    expect(res.status).toBe(200);
    const books = res.body.books;
    // How many depends on today (the demo data is laid around it); the ids below are checked exactly.
    expect(books.length).toBeGreaterThan(0);
    for (const b of books) {
      expect(b.accommodation_id).toBe(api.accommodations[0]!.id);
      expect(b.start_date <= to && b.end_date > from).toBe(true);
      expect(b.delete_flg).toBe(0);
      expect(typeof b.room_name).toBe('string');
      expect(Array.isArray(b.payments) && Array.isArray(b.options)).toBe(true);
      expect(b.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+09:00$/);
    }
    // Exactly the stays the rule names, in check-in order (the index the window is read by has no bearing).
    const expected = await api.rows<{ id: number }>(sql`select id from bookings
      where accommodation_id = ${api.accommodations[0]!.id} and delete_flg = 0
        and start_date <= ${to}::date and end_date > ${from}::date order by start_date, id`);
    expect(books.map((b: any) => b.id)).toEqual(expected.map((r) => r.id));
    // A stay that began before the window is there only with with_consecutive.
    const started = books.filter((b: any) => b.start_date < from);
    const plain = (
      await api.http.get(
        `/api/admin/books?accommodation_id=${api.accommodations[0]!.id}&stay_start_date=${from}&stay_end_date=${to}`,
        api.admin,
      )
    ).body.books;
    expect(plain).toHaveLength(books.length - started.length);
  });

  it('filters unsynced, unpaid, cancelled and one guest, and scopes staff', async () => {
    const unsynced = (await api.http.get('/api/admin/books?sync=0', api.admin)).body.books;
    expect(unsynced.length).toBeGreaterThan(0);
    expect(unsynced.every((b: any) => b.sync === 0)).toBe(true);
    const unpaid = (await api.http.get('/api/admin/books?not_paid_only=true', api.admin)).body.books;
    expect(unpaid.every((b: any) => b.price < billOf(b))).toBe(true);
    // The dashboard's unpaid table: every accommodation, stays not over before today, a year ahead.
    const ahead = addDays(today, 365);
    const unpaidTable = (
      await api.http.get(
        `/api/admin/books?not_paid_only=true&stay_start_date=${addDays(today, -1)}&stay_end_date=${ahead}&with_consecutive=true`,
        api.admin,
      )
    ).body.books;
    const owing = await api.rows<{ id: number }>(sql`select id from bookings where delete_flg = 0
      and price < price_sub + tax_due and start_date <= ${ahead}::date and end_date > ${addDays(today, -1)}::date
      order by start_date, id`);
    expect(owing.length).toBeGreaterThan(0);
    expect(unpaidTable.map((b: any) => b.id)).toEqual(owing.map((r) => r.id));
    const all = (await api.http.get('/api/admin/books?with_deleted=true', api.admin)).body.books;
    expect(all.some((b: any) => b.delete_flg === 1)).toBe(true);
    const [guest] = await api.rows<{ mail: string; n: number }>(sql`select mail, count(*)::int as n from bookings
      where mail is not null group by mail order by count(*) desc limit 1`);
    const history = (
      await api.http.get(
        `/api/admin/books?with_deleted=true&mail=${encodeURIComponent(guest!.mail.toUpperCase())}`,
        api.admin,
      )
    ).body.books;
    expect(history).toHaveLength(guest!.n);
    const stays = await api.rows<{ id: number }>(sql`select id from bookings where mail = ${guest!.mail}
      order by start_date, id`);
    expect(history.map((b: any) => b.id)).toEqual(stays.map((r) => r.id));
    const staffBooks = (await api.http.get('/api/admin/books', api.staff)).body.books;
    expect(staffBooks.length).toBeGreaterThan(0);
    expect(new Set(staffBooks.map((b: any) => b.accommodation_id))).toEqual(new Set([api.accommodations[0]!.id]));
    expect(
      (await api.http.get(`/api/admin/books?accommodation_id=${api.accommodations[1]!.id}`, api.staff)).status,
    ).toBe(404);
  });

  it('refuses a malformed filter with 400 in Japanese', async () => {
    for (const bad of ['2026-13-45x', '2026-02-30']) {
      const res = await api.http.get(`/api/admin/books?stay_start_date=${bad}`, api.admin);
      expect(res.status).toBe(400);
      expect(res.body.errors.stay_start_date).toMatch(/[ぁ-んァ-ン一-龥]/);
    }
    expect((await api.http.get('/api/admin/books/date/2026-02-30', api.admin)).status).toBe(400);
  });
});

describe('POST /admin/books', () => {
  const valid = async () => {
    const { room_id, plan_id } = await roomWithPlan(api.accommodations[0]!.id);
    return {
      accommodation_id: String(api.accommodations[0]!.id),
      start_date: await freeStart(room_id, 2),
      days: '2',
      person_number: '2',
      room_id: String(room_id),
      plan_id: String(plan_id),
      name: '山田 太郎',
      address: '東京都千代田区1-1',
      tel: '03-1234-5678',
      mail: 'Yamada@Example.jp',
      mini_memo: '',
      price: '0',
      via: 101,
    };
  };

  it('checks the rules of spec section 5 in their order, answering the first broken one and writing nothing', async () => {
    const before = await bookingCount();
    const good = await valid();
    const body: Record<string, unknown> = { ...good, days: '0', person_number: '', price: '', name: '', room_id: '' };
    // Each step: the message expected while every rule from here on is broken, then the fix.
    const steps: [string, string, unknown][] = [
      [msg.days, 'days', '2'],
      [msg.personMissing, 'person_number', 'abc'],
      [msg.priceMissing, 'price', 'x'],
      [msg.name, 'name', '山田 花子'],
      [msg.personInvalid, 'person_number', '2'],
      [msg.priceInvalid, 'price', '0'],
      [msg.room, 'room_id', good.room_id],
    ];
    for (const [message, field, fix] of steps) {
      const res = await create(body);
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
      expect(res.body.errors[field]).toBe(message);
      body[field] = fix;
    }
    expect(await bookingCount()).toBe(before);
    expect((await create(body)).status).toBe(201);
  });

  it('says a party of 0 must be 1 or more (not a missing price), and names every broken field at once', async () => {
    const before = await bookingCount();
    const good = await valid();
    const zero = await create({ ...good, person_number: '0' });
    expect(zero.status).toBe(400);
    expect(zero.body.message).toBe('人数は1以上で入力してください');
    expect(zero.body.errors).toEqual({ person_number: '人数は1以上で入力してください' });
    // Several fields wrong: the message is the first in the spec's order, each field has its own.
    const many = await create({ ...good, person_number: '0', name: '', mail: 'yamada@' });
    expect(many.status).toBe(400);
    expect(many.body.message).toBe(msg.name);
    expect(many.body.errors).toEqual({
      name: msg.name,
      person_number: '人数は1以上で入力してください',
      mail: msg.mail,
    });
    expect(await bookingCount()).toBe(before);
  });

  it('creates it: numbers converted, end date derived, total from the plan, a uid, via 101', async () => {
    const body = await valid();
    const res = await create(body);
    expect(res.status).toBe(201);
    const b = res.body;
    expect(b).toMatchObject({
      accommodation_id: api.accommodations[0]!.id,
      room_id: Number(body.room_id),
      plan_id: Number(body.plan_id),
      days: 2,
      person_number: 2,
      end_date: addDays(body.start_date, 2),
      via: 101,
      sync: 0,
      delete_flg: 0,
      mail: 'yamada@example.jp',
      price: 0,
      mini_memo: null,
    });
    expect(b.uid).toMatch(/^[0-9a-f]{16}$/);
    const [sum] = await api.rows<{
      total: number;
    }>(sql`select sum(price)::int as total from plan_prices where plan_id = ${b.plan_id}
      and unit = 2 and target_date >= ${body.start_date}::date and target_date < ${body.start_date}::date + 2`);
    expect(b.price_sub).toBe(sum!.total);
    expect(b.price_sub).toBeGreaterThan(0);
    expect((await api.http.get(`/api/admin/books/${b.id}`, api.admin)).body).toEqual(b);
  });

  it('keeps money received at booking (入金額) as a payment dated today, and an empty plan as none', async () => {
    const body = { ...(await valid()), plan_id: '', price: '5000', price_sub: '20000' };
    body.start_date = await freeStart(Number(body.room_id), 2, addDays(body.start_date, 3));
    const res = await create(body);
    expect(res.status).toBe(201);
    // 入金額 is money received: a dated payment, so the paid amount is what was typed.
    expect(res.body).toMatchObject({ plan_id: null, price_sub: 20000, price: 5000 });
    expect(res.body.payments).toEqual([expect.objectContaining({ amount: 5000, payment_exe_date: tokyoToday() })]);
  });

  it('refuses a booking without a plan whose total is left empty (400 on 合計金額), and takes 0 typed on purpose', async () => {
    const body = { ...(await valid()), plan_id: '', price_sub: '' };
    body.start_date = await freeStart(Number(body.room_id), 2, addDays(body.start_date, 9));
    const before = await bookingCount();
    for (const price_sub of ['', '  ', undefined, null]) {
      const res = await create({ ...body, price_sub });
      expect(res.status, String(price_sub)).toBe(400);
      expect(res.body).toMatchObject({ code: 'validation', message: msg.priceSubRequired });
      expect(res.body.errors).toEqual({ price_sub: 'プランなしの予約は合計金額を入力してください' });
    }
    expect(await bookingCount()).toBe(before);
    const zero = await create({ ...body, price_sub: '0' });
    expect(zero.status).toBe(201);
    expect(zero.body).toMatchObject({ plan_id: null, price_sub: 0 });
  });

  it('takes the total of a booking without a plan as given, and refuses one that is not a whole yen', async () => {
    const body = { ...(await valid()), plan_id: '', price_sub: '48000' };
    body.start_date = await freeStart(Number(body.room_id), 2, addDays(body.start_date, 6));
    const res = await create(body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ plan_id: null, price_sub: 48000, price: 0 });
    const before = await bookingCount();
    const bad = await create({ ...body, price_sub: 'abc' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ price_sub: msg.priceSubInvalid });
    expect(await bookingCount()).toBe(before);
  });

  it('refuses a room or plan of another accommodation, a party over the plan, and unreachable accommodations', async () => {
    const before = await bookingCount();
    const other = await roomWithPlan(api.accommodations[1]!.id);
    const body = await valid();
    expect((await create({ ...body, room_id: other.room_id })).body.message).toBe(msg.roomOfOtherAccommodation);
    expect((await create({ ...body, plan_id: other.plan_id })).body.message).toBe(msg.planOfOtherAccommodation);
    const mine = await roomWithPlan(api.accommodations[0]!.id);
    expect((await create({ ...body, person_number: mine.plan_max + 1 })).body.message).toBe(msg.personOverPlan);
    expect(
      (
        await create(
          { ...body, accommodation_id: api.accommodations[1]!.id, room_id: other.room_id, plan_id: other.plan_id },
          api.staff,
        )
      ).status,
    ).toBe(404);
    expect((await create({ ...body, start_date: '2026-02-30' })).body.message).toBe(msg.startDate);
    expect((await create({ ...body, days: 91 })).body.message).toBe(msg.daysTooMany);
    expect((await create({ ...body, name: 'x'.repeat(101) })).status).toBe(400);
    expect(await bookingCount()).toBe(before);
  });

  it('gives the last room to exactly one of 20 parallel requests; the others get 409 in Japanese', async () => {
    const { room_id, max_num } = await roomWithPlan(api.accommodations[0]!.id);
    const start = await freeStart(room_id, 1, addDays(today, 120));
    // Fill all rooms of the type but one, on that night.
    for (let i = 0; i < max_num - 1; i++) {
      const planless = { plan_id: '', price_sub: '0' };
      expect((await create({ ...(await valid()), room_id, ...planless, start_date: start, days: 1 })).status).toBe(201);
    }
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        create({
          ...{
            accommodation_id: api.accommodations[0]!.id,
            room_id,
            start_date: start,
            days: 1,
            person_number: 1,
            price: 0,
            price_sub: 12000,
            name: `競争 ${i}`,
          },
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    const refused = answers.filter((a) => a.status === 409);
    expect(refused).toHaveLength(19);
    expect(refused[0]!.body.message).toMatch(/満室/);
    const [held] = await api.rows<{ n: number }>(sql`select count(*)::int as n from bookings where room_id = ${room_id}
      and delete_flg = 0 and start_date <= ${start}::date and end_date > ${start}::date`);
    expect(held!.n).toBe(max_num);
  });
});

describe('PATCH and DELETE /admin/books/{id}', () => {
  let booking: any;
  beforeAll(async () => {
    const { room_id, plan_id } = await roomWithPlan(api.accommodations[0]!.id);
    const start = await freeStart(room_id, 2, addDays(today, 40));
    booking = (
      await create({
        accommodation_id: api.accommodations[0]!.id,
        room_id,
        plan_id,
        start_date: start,
        days: 2,
        person_number: 2,
        price: 0,
        name: '変更 太郎',
      })
    ).body;
  });

  it('changes one field and leaves the rest', async () => {
    const res = await api.http.send<any>('PATCH', `/api/admin/books/${booking.id}`, {
      token: api.admin,
      json: { name: '変更 次郎' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...booking, name: '変更 次郎', updated_at: res.body.updated_at });
    booking = res.body;
  });

  it('refuses a party of 0 on a change with 人数は1以上で入力してください and changes nothing', async () => {
    const res = await api.http.send<any>('PATCH', `/api/admin/books/${booking.id}`, {
      token: api.admin,
      json: { person_number: 0 },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.person_number).toBe('人数は1以上で入力してください');
    const [row] = await api.rows<{ person_number: number }>(
      sql`select person_number from bookings where id = ${booking.id}`,
    );
    expect(row!.person_number).toBe(booking.person_number);
  });

  it('recomputes the end and the total when the stay changes', async () => {
    const start = await freeStart(booking.room_id, 3, addDays(booking.start_date, 5));
    const res = await api.http.send<any>('PATCH', `/api/admin/books/${booking.id}`, {
      token: api.admin,
      json: { start_date: start, days: 3 },
    });
    expect(res.status).toBe(200);
    expect(res.body.end_date).toBe(addDays(start, 3));
    const [sum] = await api.rows<{
      total: number;
    }>(sql`select sum(price)::int as total from plan_prices where plan_id = ${booking.plan_id}
      and unit = 2 and target_date >= ${start}::date and target_date < ${start}::date + 3`);
    expect(res.body.price_sub).toBe(sum!.total);
    booking = res.body;
  });

  it('asks for the total when the booking leaves its plan, and never keeps the plan’s total silently', async () => {
    const url = `/api/admin/books/${booking.id}`;
    const stale = await api.http.send<any>('PATCH', url, { token: api.admin, json: { plan_id: null } });
    expect(stale.status).toBe(400);
    expect(stale.body.errors).toEqual({ price_sub: msg.priceSubRequired });
    expect((await api.http.get(url, api.admin)).body).toEqual(booking);
    const planless = await api.http.send<any>('PATCH', url, {
      token: api.admin,
      json: { plan_id: null, price_sub: 30000 },
    });
    expect(planless.status).toBe(200);
    expect(planless.body).toMatchObject({ plan_id: null, price_sub: 30000 });
    // Back on its plan, the total is the plan's again.
    const back = await api.http.send<any>('PATCH', url, { token: api.admin, json: { plan_id: booking.plan_id } });
    expect(back.status).toBe(200);
    expect(back.body.price_sub).toBe(booking.price_sub);
    booking = back.body;
  });

  it('refuses a move into a full room type with 409 and changes nothing', async () => {
    // Another room type of the accommodation, filled for one night by bookings of this test.
    const [other] = await api.rows<{ room_id: number; max_num: number }>(sql`
      select id as room_id, max_num from rooms where accommodation_id = ${api.accommodations[0]!.id}
        and id <> ${booking.room_id} and max_num > 0 order by max_num, id limit 1`);
    const night = await freeStart(other!.room_id, 1, addDays(today, 200));
    for (let i = 0; i < other!.max_num; i++) {
      const filled = await create({
        accommodation_id: api.accommodations[0]!.id,
        room_id: other!.room_id,
        start_date: night,
        days: 1,
        person_number: 1,
        price: 0,
        price_sub: 10000,
        name: `満室 ${i}`,
      });
      expect(filled.status).toBe(201);
    }
    const res = await api.http.send<any>('PATCH', `/api/admin/books/${booking.id}`, {
      token: api.admin,
      json: { room_id: other!.room_id, plan_id: null, price_sub: 0, start_date: night, days: 1 },
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/満室/);
    expect((await api.http.get(`/api/admin/books/${booking.id}`, api.admin)).body).toEqual(booking);
  });

  it('cancels with the fee chosen; a second cancel and a stay change after it are refused', async () => {
    const fee = Math.round(booking.price_sub * 0.5);
    expect(
      (
        await api.http.send('DELETE', `/api/admin/books/${booking.id}?mail=1&cancel_fee=${fee + booking.price_sub}`, {
          token: api.admin,
        })
      ).status,
    ).toBe(400);
    const res = await api.http.send('DELETE', `/api/admin/books/${booking.id}?mail=1&cancel_fee=${fee}`, {
      token: api.admin,
    });
    expect(res.status).toBe(204);
    const after = (await api.http.get(`/api/admin/books/${booking.id}`, api.admin)).body;
    expect(after).toMatchObject({ delete_flg: 1, cancel_fee: fee });
    expect(after.deleted_at).toMatch(/\+09:00$/);
    expect(
      (await api.http.send<any>('DELETE', `/api/admin/books/${booking.id}`, { token: api.admin })).body.message,
    ).toBe(msg.alreadyCancelled);
    const move = await api.http.send<any>('PATCH', `/api/admin/books/${booking.id}`, {
      token: api.admin,
      json: { days: 1 },
    });
    expect(move.status).toBe(409);
    expect(move.body.message).toBe(msg.cancelled);
    // Read-only: the guest's data, the room and the plan stay as they were when cancelled.
    for (const json of [
      { name: '別人' },
      { tel: '000' },
      { room_id: booking.room_id },
      { plan_id: null, price_sub: 0 },
    ]) {
      const refused = await api.http.send<any>('PATCH', `/api/admin/books/${booking.id}`, { token: api.admin, json });
      expect(refused.status, JSON.stringify(json)).toBe(409);
    }
    expect((await api.http.get(`/api/admin/books/${booking.id}`, api.admin)).body).toMatchObject({
      name: after.name,
      tel: after.tel,
      plan_id: after.plan_id,
    });
    // The staff's memo can still say why it was cancelled.
    expect(
      (
        await api.http.send('PATCH', `/api/admin/books/${booking.id}`, {
          token: api.admin,
          json: { memo: 'キャンセル理由: 体調不良' },
        })
      ).status,
    ).toBe(200);
  });

  it('answers 404 for a booking of an accommodation the user may not reach', async () => {
    const [other] = await api.rows<{ id: number }>(
      sql`select id from bookings where accommodation_id = ${api.accommodations[1]!.id} and delete_flg = 0 limit 1`,
    );
    for (const [method, body] of [['GET'], ['PATCH', { name: 'x' }], ['DELETE']] as const) {
      const res = await api.http.send(method, `/api/admin/books/${other!.id}`, { token: api.staff, json: body });
      expect(res.status, method).toBe(404);
    }
    expect((await api.http.get(`/api/admin/books/${other!.id}`, api.admin)).status).toBe(200);
  });
});

describe('GET /admin/books/date/{date}', () => {
  it('tells booked and capacity per room type, and over on the overbooked night of the demo', async () => {
    const [over] = await api.rows<{ night: string; room_id: number }>(sql`
      select d::date::text as night, b.room_id from bookings b join rooms r on r.id = b.room_id,
        generate_series(b.start_date, b.end_date - 1, interval '1 day') d
      where b.delete_flg = 0 and b.accommodation_id = ${api.accommodations[0]!.id}
      group by d, b.room_id, r.max_num having count(*) > r.max_num limit 1`);
    const res = await api.http.get(
      `/api/admin/books/date/${over!.night}?accommodation_id=${api.accommodations[0]!.id}`,
      api.staff,
    );
    expect(res.status).toBe(200);
    const room = res.body.rooms.find((r: any) => r.room_id === over!.room_id);
    expect(room.over).toBe(true);
    expect(room.booked).toBeGreaterThan(room.capacity);
    expect(res.body.rooms.every((r: any) => r.accommodation_id === api.accommodations[0]!.id)).toBe(true);
    expect(
      (
        await api.http.get(
          `/api/admin/books/date/${over!.night}?accommodation_id=${api.accommodations[1]!.id}`,
          api.staff,
        )
      ).status,
    ).toBe(404);
  });
});
