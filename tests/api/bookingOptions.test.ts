import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { bookingOptionSchema, bookingSchema } from '../../contract/booking';
import { addDays, tokyoToday } from '../../contract/dates';
import { bookingOptionMessages as msg } from '../../contract/option';
import { bookingMaker, roomForTwo, signedInSuite, type RoomPlan } from '../support/fixtures';

const api = signedInSuite();
const today = tokyoToday();

/** Catalogue options made for these tests. */
const opt = {} as { all: number; limited: number; otherRoom: number; otherAccommodation: number; cheap: number };
let supplier: { id: number; name: string };
let room: RoomPlan;

beforeAll(async () => {
  room = await roomForTwo(api, api.accommodations[0]!.id);
  const [otherRoom] = await api.rows<{ id: number }>(sql`select id from rooms
    where accommodation_id = ${api.accommodations[0]!.id} and id <> ${room.room_id} order by id limit 1`);
  const [company] = await api.rows<{ company_id: number }>(
    sql`select company_id from accommodations where id = ${api.accommodations[0]!.id}`,
  );
  [supplier] = (await api.rows<{ id: number; name: string }>(sql`insert into suppliers (company_id, name, mail)
    values (${company!.company_id}, '山の幸商店', 'yama@example.jp') returning id, name`)) as [typeof supplier];
  const add = async (accommodationId: number, name: string, price: number, extra: Record<string, number | null>) => {
    const [row] = await api.rows<{ id: number }>(sql`insert into accommodation_options
      (accommodation_id, name, price, unit, unit_max, supplier_id, room_id)
      values (${accommodationId}, ${name}, ${price}, '個', ${extra.unit_max ?? null}, ${extra.supplier_id ?? null},
        ${extra.room_id ?? null}) returning id`);
    return row!.id;
  };
  opt.all = await add(api.accommodations[0]!.id, 'テスト朝食', 1500, { supplier_id: supplier.id });
  // Its consumption tax class is copied with its name and price (issue 31).
  await api.rows(sql`update accommodation_options set tax_class = '8' where id = ${opt.all}`);
  opt.limited = await add(api.accommodations[0]!.id, 'テスト貸切風呂', 3000, { unit_max: 2 });
  opt.otherRoom = await add(api.accommodations[0]!.id, '別室専用', 500, { room_id: otherRoom!.id });
  opt.otherAccommodation = await add(api.accommodations[1]!.id, '別館の夕食', 4000, {});
  opt.cheap = await add(api.accommodations[0]!.id, 'テスト花火', 700, { room_id: room.room_id });
});

/** A fresh booking of `room` (or the one given) for 2 nights and 2 people, made through the API. */
const newBooking = bookingMaker(api, { from: addDays(today, 60), days: 2, name: 'オプション 次郎' });

/** The plan's total of a stay, from the price table. */
async function stayTotal(b: { plan_id: number; start_date: string; days: number; person_number: number }) {
  const [row] = await api.rows<{ total: number }>(sql`select coalesce(sum(price), 0)::int as total from plan_prices
    where plan_id = ${b.plan_id} and unit = ${b.person_number}
      and target_date >= ${b.start_date}::date and target_date < ${b.start_date}::date + ${b.days}::int`);
  return row!.total;
}

const add = (bookId: number, body: Record<string, unknown>, token = api.admin) =>
  api.http.send<any>('POST', `/api/books/${bookId}/options`, { token, json: body });
const patch = (bookId: number, id: number, body: Record<string, unknown>, token = api.admin) =>
  api.http.send<any>('PATCH', `/api/books/${bookId}/options/${id}`, { token, json: body });
const remove = (bookId: number, id: number, token = api.admin) =>
  api.http.send<any>('DELETE', `/api/books/${bookId}/options/${id}`, { token });
const book = async (id: number) => bookingSchema.parse((await api.http.get(`/api/admin/books/${id}`, api.admin)).body);
const priceSubOf = async (id: number) =>
  (await api.rows<{ price_sub: number }>(sql`select price_sub from bookings where id = ${id}`))[0]!.price_sub;
const optionRows = async (bookId: number) =>
  api.rows<
    Record<string, unknown>
  >(sql`select option_id, unit, days, comment, name, price, supplier_id, supplier_name, tax_class,
    paid_at is not null as paid from booking_options where book_id = ${bookId} order by id`);

describe('POST /books/{bookId}/options', () => {
  it('attaches an option with its name, unit price and partner copied, days 1 by default; the total follows', async () => {
    const b = await newBooking();
    const stay = await stayTotal(b);
    expect(b.price_sub).toBe(stay);
    const res = await add(b.id, { option_id: opt.all, unit: 2, comment: '7時半' });
    expect(res.status).toBe(201);
    expect(bookingOptionSchema.parse(res.body)).toEqual({
      id: expect.any(Number),
      option_id: opt.all,
      unit: 2,
      days: 1,
      comment: '7時半',
      paid_at: null,
      name: 'テスト朝食',
      price: 1500,
      supplier: supplier.name,
      tax_class: '8',
    });
    expect(await optionRows(b.id)).toEqual([
      {
        option_id: opt.all,
        unit: 2,
        days: 1,
        comment: '7時半',
        name: 'テスト朝食',
        price: 1500,
        supplier_id: supplier.id,
        supplier_name: supplier.name,
        tax_class: '8',
        paid: false,
      },
    ]);
    const second = await add(b.id, { option_id: opt.cheap, unit: 1, days: 2 });
    expect(second.status).toBe(201);
    const after = await book(b.id);
    expect(after.price_sub).toBe(stay + 1500 * 2 + 700 * 2);
    expect(after.options.map((o) => o.id)).toEqual([res.body.id, second.body.id]);
    expect(await priceSubOf(b.id)).toBe(after.price_sub);
    // What was sold stays as it was when the catalogue changes.
    await api.rows(sql`update accommodation_options set price = 9999, name = '改名' where id = ${opt.all}`);
    expect((await book(b.id)).options[0]).toMatchObject({ name: 'テスト朝食', price: 1500 });
    await api.rows(sql`update accommodation_options set price = 1500, name = 'テスト朝食' where id = ${opt.all}`);
  });

  it('refuses with the Japanese messages and writes nothing', async () => {
    const b = await newBooking();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ unit: 1 }, 'option_id', msg.option],
      [{ option_id: null, unit: 1 }, 'option_id', msg.option],
      [{ option_id: opt.all }, 'unit', msg.unit],
      [{ option_id: opt.all, unit: 0 }, 'unit', msg.unit],
      [{ option_id: opt.all, unit: 1000 }, 'unit', msg.unitRange],
      [{ option_id: opt.all, unit: 1, days: 0 }, 'days', msg.days],
      [{ option_id: opt.otherAccommodation, unit: 1 }, 'option_id', msg.optionOfOtherAccommodation],
      [{ option_id: 99_999_999, unit: 1 }, 'option_id', msg.optionOfOtherAccommodation],
      [{ option_id: opt.otherRoom, unit: 1 }, 'option_id', msg.optionOfOtherRoom],
      [{ option_id: opt.limited, unit: 3 }, 'unit', msg.unitOverMax(2, '個')],
    ];
    for (const [body, field, message] of cases) {
      const res = await add(b.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors[field], JSON.stringify(body)).toBe(message);
    }
    expect(msg.unitOverMax(2, '個')).toBe('数量は2個までです');
    expect(await optionRows(b.id)).toEqual([]);
    expect(await priceSubOf(b.id)).toBe(b.price_sub);
    expect((await add(b.id, { option_id: opt.limited, unit: 2 })).status).toBe(201);
  });
});

describe('PATCH and DELETE /books/{bookId}/options/{id}', () => {
  it('changes quantity, days and comment; another option re-copies name, price and partner; the total follows', async () => {
    const b = await newBooking();
    const stay = b.price_sub;
    const o = (await add(b.id, { option_id: opt.all, unit: 1 })).body;
    const res = await patch(b.id, o.id, { option_id: opt.all, unit: 3, days: 2, comment: '' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ unit: 3, days: 2, comment: null, name: 'テスト朝食', price: 1500 });
    expect(await priceSubOf(b.id)).toBe(stay + 1500 * 3 * 2);
    const swapped = await patch(b.id, o.id, { option_id: opt.limited, unit: 2 });
    expect(swapped.status).toBe(200);
    expect(swapped.body).toMatchObject({ option_id: opt.limited, name: 'テスト貸切風呂', price: 3000, supplier: null });
    expect(await optionRows(b.id)).toEqual([
      expect.objectContaining({ option_id: opt.limited, unit: 2, days: 2, supplier_id: null, supplier_name: null }),
    ]);
    expect((await book(b.id)).price_sub).toBe(stay + 3000 * 2 * 2);
  });

  it('refuses an option of another accommodation or room and a quantity over the maximum, changing nothing', async () => {
    const b = await newBooking();
    const o = (await add(b.id, { option_id: opt.limited, unit: 1 })).body;
    const total = await priceSubOf(b.id);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ option_id: opt.otherAccommodation }, 'option_id', msg.optionOfOtherAccommodation],
      [{ option_id: opt.otherRoom }, 'option_id', msg.optionOfOtherRoom],
      [{ unit: 3 }, 'unit', msg.unitOverMax(2, '個')],
      [{ unit: 0 }, 'unit', msg.unit],
      [{ paid_at: 'x'.repeat(41) }, 'paid_at', msg.paidAt],
    ];
    for (const [body, field, message] of cases) {
      const res = await patch(b.id, o.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors[field], JSON.stringify(body)).toBe(message);
    }
    expect(await optionRows(b.id)).toEqual([expect.objectContaining({ option_id: opt.limited, unit: 1, paid: false })]);
    expect(await priceSubOf(b.id)).toBe(total);
  });

  it('toggles paid: any paid_at marks it paid now, null unsettled; the total is unchanged', async () => {
    const b = await newBooking();
    const o = (await add(b.id, { option_id: opt.all, unit: 1 })).body;
    const total = await priceSubOf(b.id);
    const paid = await patch(b.id, o.id, { paid_at: '2001-01-01', mail: 1 });
    expect(paid.status).toBe(200);
    expect(paid.body.paid_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+09:00$/);
    expect(paid.body.paid_at.slice(0, 10)).toBe(tokyoToday());
    const [row] = await api.rows<{ recent: boolean }>(sql`select paid_at > now() - interval '1 minute' as recent
      from booking_options where id = ${o.id}`);
    expect(row!.recent).toBe(true);
    expect((await book(b.id)).options[0]!.paid_at).toBe(paid.body.paid_at);
    const unsettled = await patch(b.id, o.id, { paid_at: null, mail: 0 });
    expect(unsettled.body.paid_at).toBeNull();
    expect(await optionRows(b.id)).toEqual([expect.objectContaining({ paid: false, unit: 1 })]);
    expect(await priceSubOf(b.id)).toBe(total);
  });

  it('removes an option (204) and the total drops by its line', async () => {
    const b = await newBooking();
    const o = (await add(b.id, { option_id: opt.all, unit: 2, days: 2 })).body;
    expect(await priceSubOf(b.id)).toBe(b.price_sub + 6000);
    expect((await remove(b.id, o.id)).status).toBe(204);
    expect(await optionRows(b.id)).toEqual([]);
    expect((await book(b.id)).price_sub).toBe(b.price_sub);
    expect((await remove(b.id, o.id)).status).toBe(404);
  });

  it('answers 404 for an option of another booking', async () => {
    const a = await newBooking();
    const b = await newBooking();
    const o = (await add(a.id, { option_id: opt.all, unit: 1 })).body;
    expect((await patch(b.id, o.id, { unit: 2 })).status).toBe(404);
    expect((await remove(b.id, o.id)).status).toBe(404);
    expect(await optionRows(a.id)).toEqual([expect.objectContaining({ unit: 1 })]);
  });
});

describe('rules around the booking', () => {
  it('refuses every option write on a cancelled booking with 409', async () => {
    const b = await newBooking();
    const o = (await add(b.id, { option_id: opt.all, unit: 1 })).body;
    await api.http.send('DELETE', `/api/admin/books/${b.id}`, { token: api.admin });
    const total = await priceSubOf(b.id);
    for (const res of [
      await add(b.id, { option_id: opt.all, unit: 1 }),
      await patch(b.id, o.id, { unit: 2 }),
      await patch(b.id, o.id, { paid_at: 'now' }),
      await remove(b.id, o.id),
    ]) {
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(msg.cancelled);
    }
    expect(await optionRows(b.id)).toEqual([expect.objectContaining({ unit: 1, paid: false })]);
    expect(await priceSubOf(b.id)).toBe(total);
  });

  it('answers 404 to staff on a booking of another accommodation, for every call', async () => {
    const [r] = await api.rows<{ room_id: number; plan_id: number }>(sql`
      select r.id as room_id, p.id as plan_id from rooms r
      join room_plans rp on rp.room_id = r.id join plans p on p.id = rp.plan_id
      where r.accommodation_id = ${api.accommodations[1]!.id} and p.max_num >= 2 order by r.max_num desc, r.id, p.id limit 1`);
    const other = await newBooking(api.accommodations[1]!.id, r!);
    const o = (await add(other.id, { option_id: opt.otherAccommodation, unit: 1 })).body;
    expect(o.id).toEqual(expect.any(Number));
    const total = await priceSubOf(other.id);
    expect((await add(other.id, { option_id: opt.otherAccommodation, unit: 1 }, api.staff)).status).toBe(404);
    expect((await patch(other.id, o.id, { unit: 2 }, api.staff)).status).toBe(404);
    expect((await remove(other.id, o.id, api.staff)).status).toBe(404);
    expect((await add(99_999_999, { option_id: opt.all, unit: 1 })).status).toBe(404);
    expect(await optionRows(other.id)).toEqual([expect.objectContaining({ unit: 1 })]);
    expect(await priceSubOf(other.id)).toBe(total);
    const mine = await newBooking();
    expect((await add(mine.id, { option_id: opt.all, unit: 1 }, api.staff)).status).toBe(201);
  });

  it('keeps the options in the total when the stay changes; an explicit price_sub stays as given', async () => {
    const b = await newBooking();
    await add(b.id, { option_id: opt.all, unit: 2 });
    const shorter = await api.http.send<any>('PATCH', `/api/admin/books/${b.id}`, {
      token: api.admin,
      json: { days: 1 },
    });
    expect(shorter.status).toBe(200);
    expect(shorter.body.price_sub).toBe((await stayTotal({ ...b, days: 1 })) + 3000);
    expect(await priceSubOf(b.id)).toBe(shorter.body.price_sub);
    const manual = await api.http.send<any>('PATCH', `/api/admin/books/${b.id}`, {
      token: api.admin,
      json: { days: 2, price_sub: 12345 },
    });
    expect(manual.body.price_sub).toBe(12345);
    // An option write then moves that total by its line only.
    await add(b.id, { option_id: opt.cheap, unit: 1 });
    expect(await priceSubOf(b.id)).toBe(12345 + 700);
  });
});
