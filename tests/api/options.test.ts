import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Accommodation } from '../../contract/accommodation';
import { optionMessages, type AccommodationOption } from '../../contract/option';
import { errorMessages } from '../../contract/messages';
import { sqlRows } from '../../server/db/client';
import { startSignedIn, type SignedIn } from '../support/signedIn';
import type { TestServer } from '../support/testServer';

let server: TestServer;
let http: SignedIn['http'];
let admin: string;
let staff: string;
let acc: Accommodation[];
const options = (accommodationId: number, id?: number) =>
  `/api/accommodations/${accommodationId}/options${id ? `/${id}` : ''}`;

const rows = <T>(query: ReturnType<typeof sql>) => sqlRows<T>(server.database.db, query);
const optionCount = async () =>
  (await rows<{ n: number }>(sql`select count(*)::int as n from accommodation_options`))[0]!.n;
/** The stored row, as the database holds it. */
const stored = async (id: number) =>
  (
    await rows<Record<string, unknown>>(
      sql`select accommodation_id, name, price, unit, unit_max, description, supplier_id, room_id,
          user_selection::int as user_selection, is_stay_type::int as is_stay_type, notice::int as notice, display_order,
          tax_class
        from accommodation_options where id = ${id}`,
    )
  )[0];
const roomsOf = async (accommodationId: number) =>
  (
    await rows<{ id: number; name: string }>(
      sql`select id, name from rooms where accommodation_id = ${accommodationId} order by id`,
    )
  ).map((r) => r);
const suppliersOfCompany = () =>
  rows<{ id: number; name: string; mail: string }>(
    sql`select s.id, s.name, s.mail from suppliers s
      join accommodations a on a.company_id = s.company_id where a.id = ${acc[0]!.id} group by s.id order by s.id`,
  );
const listOf = async (accommodationId: number, token = admin, query = '') => {
  const answer = await http.get<{ options: AccommodationOption[] }>(options(accommodationId) + query, token);
  expect(answer.status).toBe(200);
  return answer.body.options;
};
const post = (accommodationId: number, json: unknown, token = admin) =>
  http.send<any>('POST', options(accommodationId), { token, json });
const patch = (accommodationId: number, id: number, json: unknown, token = admin) =>
  http.send<any>('PATCH', options(accommodationId, id), { token, json });
const valid = { name: '貸切風呂', price: 12000, unit: '回' };

/** A second company with a partner: the one partner no accommodation of ours may use. */
async function foreignSupplier(): Promise<number> {
  const [company] = await rows<{ id: number }>(sql`insert into companies (name) values ('他社') returning id`);
  const [supplier] = await rows<{ id: number }>(
    sql`insert into suppliers (company_id, name, mail) values (${company!.id}, '他社の業者', 'x@other.example.com') returning id`,
  );
  return supplier!.id;
}

beforeAll(async () => {
  ({ server, http, admin, staff, accommodations: acc } = await startSignedIn());
});
afterAll(() => server.close());

describe('GET options', () => {
  it('lists the catalogue in display order with partner and room names', async () => {
    const a = acc[0]!.id;
    const expected = await rows<{ id: number; supplier: string | null; room_name: string | null }>(
      sql`select o.id, s.name as supplier, r.name as room_name from accommodation_options o
        left join suppliers s on s.id = o.supplier_id left join rooms r on r.id = o.room_id
        where o.accommodation_id = ${a} order by o.display_order, o.id`,
    );
    expect(expected.length).toBeGreaterThan(1);
    const list = await listOf(a, staff);
    expect(list.map((o) => ({ id: o.id, supplier: o.supplier, room_name: o.room_name }))).toEqual(expected);
    expect(list.every((o) => o.accommodation_id === a)).toBe(true);
    // The demo data has both official and partner options.
    expect(list.some((o) => o.supplier_id === null && o.supplier === null)).toBe(true);
    expect(list.some((o) => o.supplier_id !== null && typeof o.supplier === 'string')).toBe(true);
  });

  it('answers one option of the catalogue (the edit overlay reads it), 404 for another accommodation or staff out of reach', async () => {
    const [own] = await listOf(acc[0]!.id);
    const one = await http.get<AccommodationOption>(options(acc[0]!.id, own!.id), staff);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(own);
    expect((await http.get(options(acc[1]!.id, own!.id), admin)).status).toBe(404);
    const [other] = await listOf(acc[1]!.id);
    expect((await http.get(options(acc[1]!.id, other!.id), staff)).status).toBe(404);
  });

  it('follows display_order, then id', async () => {
    const a = acc[2]!.id;
    const before = await listOf(a);
    const last = before.at(-1)!;
    const first = before[0]!;
    // The last one takes the first one's place: a tie that the ids break.
    expect((await patch(a, last.id, { display_order: first.display_order })).status).toBe(200);
    const expected = before
      .map((o) => (o.id === last.id ? { ...o, display_order: first.display_order } : o))
      .sort((x, y) => x.display_order - y.display_order || x.id - y.id);
    expect((await listOf(a)).map((o) => o.id)).toEqual(expected.map((o) => o.id));
    expect(expected[0]!.id).toBe(Math.min(first.id, last.id));
    // Put back.
    await patch(a, last.id, { display_order: last.display_order });
    expect((await listOf(a)).map((o) => o.id)).toEqual(before.map((o) => o.id));
  });

  it('with room_id gives the options of that room type and those for all rooms', async () => {
    const a = acc[0]!.id;
    const all = await listOf(a);
    const [room, other] = await roomsOf(a);
    // A room-only option for each of two room types, so that the filter has something to drop.
    const own = (await post(a, { ...valid, name: '部屋専用', room_id: room!.id })).body as AccommodationOption;
    const elsewhere = (await post(a, { ...valid, name: '別の部屋専用', room_id: other!.id }))
      .body as AccommodationOption;
    const filtered = await listOf(a, staff, `?room_id=${room!.id}`);
    const expected = [...all, own, elsewhere].filter((o) => o.room_id === null || o.room_id === room!.id);
    expect(filtered.map((o) => o.id)).toEqual(expected.map((o) => o.id));
    expect(filtered.map((o) => o.id)).toContain(own.id);
    expect(filtered.map((o) => o.id)).not.toContain(elsewhere.id);
    expect(filtered.find((o) => o.id === own.id)!.room_name).toBe(room!.name);
    await http.send('DELETE', options(a, own.id), { token: admin });
    await http.send('DELETE', options(a, elsewhere.id), { token: admin });
  });

  it('refuses a room_id of another accommodation with 400', async () => {
    const [foreign] = await roomsOf(acc[1]!.id);
    const answer = await http.get(options(acc[0]!.id) + `?room_id=${foreign!.id}`, admin);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      code: 'validation',
      message: optionMessages.room,
      errors: { room_id: optionMessages.room },
    });
    expect((await http.get(options(acc[0]!.id) + '?room_id=999999', admin)).status).toBe(400);
    expect((await http.get(options(acc[0]!.id) + '?room_id=abc', admin)).status).toBe(400);
  });
});

describe('POST options', () => {
  it('creates an option with everything, answers it and stores it', async () => {
    const a = acc[0]!.id;
    const [room] = await roomsOf(a);
    const [supplier] = await suppliersOfCompany();
    const body = {
      name: ' 花束 ',
      price: 5500,
      unit: '個',
      unit_max: 3,
      description: 'お誕生日に',
      supplier_id: supplier!.id,
      room_id: room!.id,
      user_selection: 1,
      is_stay_type: 1,
      notice: 1,
      display_order: 7,
      tax_class: '8',
    };
    const created = await post(a, body, staff);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      ...body,
      id: expect.any(Number),
      accommodation_id: a,
      name: '花束',
      supplier: supplier!.name,
      room_name: room!.name,
    });
    expect(await stored(created.body.id)).toEqual({ ...body, accommodation_id: a, name: '花束' });
    await http.send('DELETE', options(a, created.body.id), { token: admin });
  });

  it('defaults to official, all rooms, no limit, flags 0, after the last', async () => {
    const a = acc[1]!.id;
    const max = Math.max(...(await listOf(a)).map((o) => o.display_order));
    const created = await post(a, { ...valid, description: '  ' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      supplier_id: null,
      supplier: null,
      room_id: null,
      room_name: null,
      unit_max: null,
      description: null,
      user_selection: 0,
      is_stay_type: 0,
      notice: 0,
      display_order: max + 1,
      tax_class: '10',
    });
    expect((await listOf(a)).at(-1)!.id).toBe(created.body.id);
    await http.send('DELETE', options(a, created.body.id), { token: admin });
  });

  it('starts display_order at 0 in an empty catalogue', async () => {
    const [company] = await rows<{ company_id: number }>(
      sql`select company_id from accommodations where id = ${acc[0]!.id}`,
    );
    const [empty] = await rows<{ id: number }>(
      sql`insert into accommodations (company_id, uid, name, short_name, color)
        values (${company!.company_id}, 'options-test-empty', '空の宿', '空', '123456') returning id`,
    );
    expect(await listOf(empty!.id)).toEqual([]);
    const first = await post(empty!.id, valid);
    expect(first.status).toBe(201);
    expect(first.body.display_order).toBe(0);
    expect((await post(empty!.id, valid)).body.display_order).toBe(1);
  });

  it.each([
    ['name missing', { price: 1, unit: '個' }, 'name', optionMessages.name],
    ['name blank', { ...valid, name: '   ' }, 'name', optionMessages.name],
    ['name null', { ...valid, name: null }, 'name', optionMessages.name],
    ['name too long', { ...valid, name: 'あ'.repeat(101) }, 'name', optionMessages.nameTooLong],
    ['price missing', { name: 'x', unit: '個' }, 'price', optionMessages.price],
    ['price null', { ...valid, price: null }, 'price', optionMessages.price],
    ['price negative', { ...valid, price: -1 }, 'price', optionMessages.priceRange],
    ['price not whole', { ...valid, price: 1.5 }, 'price', optionMessages.priceRange],
    ['price too high', { ...valid, price: 10_000_001 }, 'price', optionMessages.priceRange],
    ['unit missing', { name: 'x', price: 1 }, 'unit', optionMessages.unit],
    ['unit blank', { ...valid, unit: ' ' }, 'unit', optionMessages.unit],
    ['unit too long', { ...valid, unit: 'あ'.repeat(21) }, 'unit', optionMessages.unitTooLong],
    ['unit_max 0', { ...valid, unit_max: 0 }, 'unit_max', optionMessages.unitMax],
    [
      'description too long',
      { ...valid, description: 'あ'.repeat(2001) },
      'description',
      optionMessages.descriptionTooLong,
    ],
    ['a flag out of 0/1', { ...valid, notice: 2 }, 'notice', optionMessages.flag],
    ['display_order negative', { ...valid, display_order: -1 }, 'display_order', optionMessages.displayOrder],
  ])('refuses %s with its message and writes nothing', async (_case, body, field, message) => {
    const before = await optionCount();
    const answer = await post(acc[0]!.id, body);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('validation');
    expect(answer.body.errors[field]).toBe(message);
    expect(await optionCount()).toBe(before);
  });

  it("refuses a price that is not a number with the spec's message", async () => {
    const before = await optionCount();
    const answer = await post(acc[0]!.id, { ...valid, price: 'abc' });
    expect(answer.status).toBe(400);
    expect(answer.body.errors.price).toBe('金額を入力してください');
    expect(await optionCount()).toBe(before);
  });

  it('refuses a partner of another company or none, and a room of another accommodation', async () => {
    const a = acc[0]!.id;
    const before = await optionCount();
    for (const supplierId of [await foreignSupplier(), 999999]) {
      const answer = await post(a, { ...valid, supplier_id: supplierId });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        code: 'validation',
        message: optionMessages.supplier,
        errors: { supplier_id: optionMessages.supplier },
      });
    }
    const [foreignRoom] = await roomsOf(acc[1]!.id);
    for (const roomId of [foreignRoom!.id, 999999]) {
      const answer = await post(a, { ...valid, room_id: roomId });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        code: 'validation',
        message: optionMessages.room,
        errors: { room_id: optionMessages.room },
      });
    }
    expect(await optionCount()).toBe(before);
  });
});

describe('PATCH options', () => {
  it('changes any subset and keeps the rest', async () => {
    const a = acc[0]!.id;
    const [supplier] = await suppliersOfCompany();
    const [room] = await roomsOf(a);
    const created = (await post(a, { ...valid, supplier_id: supplier!.id, room_id: room!.id, unit_max: 2 })).body;
    const changed = await patch(a, created.id, { price: 8000, description: '説明', notice: 1 }, staff);
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ ...created, price: 8000, description: '説明', notice: 1 });
    expect(await stored(created.id)).toMatchObject({ name: '貸切風呂', price: 8000, description: '説明', notice: 1 });

    // The console sends the whole option back: unchanged partner and room are accepted.
    const whole = await patch(a, created.id, { ...changed.body, name: '貸切露天風呂', unit_max: null });
    expect(whole.status).toBe(200);
    expect(whole.body).toEqual({ ...changed.body, name: '貸切露天風呂', unit_max: null });

    const reordered = await patch(a, created.id, { display_order: 0 });
    expect(reordered.body).toEqual({ ...whole.body, display_order: 0 });
    expect(await stored(created.id)).toMatchObject({ display_order: 0, name: '貸切露天風呂', unit_max: null });
    await http.send('DELETE', options(a, created.id), { token: admin });
  });

  it('refuses a change of partner or room and writes nothing', async () => {
    const a = acc[0]!.id;
    const [supplier] = await suppliersOfCompany();
    const [room] = await roomsOf(a);
    const created = (await post(a, valid)).body as AccommodationOption;
    const cases: [Record<string, unknown>, string][] = [
      [{ supplier_id: supplier!.id }, 'supplier_id'],
      [{ room_id: room!.id }, 'room_id'],
    ];
    for (const [change, field] of cases) {
      const answer = await patch(a, created.id, { name: '変更後', ...change });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        code: 'validation',
        message: optionMessages.fixedOnEdit,
        errors: { [field]: optionMessages.fixedOnEdit },
      });
    }
    const withPartner = (await post(a, { ...valid, supplier_id: supplier!.id })).body as AccommodationOption;
    const toOfficial = await patch(a, withPartner.id, { supplier_id: null });
    expect(toOfficial.status).toBe(400);
    expect(toOfficial.body.errors).toEqual({ supplier_id: optionMessages.fixedOnEdit });
    expect(await stored(created.id)).toMatchObject({ name: '貸切風呂', supplier_id: null, room_id: null });
    expect(await stored(withPartner.id)).toMatchObject({ supplier_id: supplier!.id });
    await http.send('DELETE', options(a, created.id), { token: admin });
    await http.send('DELETE', options(a, withPartner.id), { token: admin });
  });

  it('checks the fields as on create', async () => {
    const a = acc[0]!.id;
    const created = (await post(a, valid)).body as AccommodationOption;
    for (const [body, field, message] of [
      [{ name: ' ' }, 'name', optionMessages.name],
      [{ price: null }, 'price', optionMessages.price],
      [{ unit: '' }, 'unit', optionMessages.unit],
      [{ display_order: -1 }, 'display_order', optionMessages.displayOrder],
    ] as const) {
      const answer = await patch(a, created.id, body);
      expect(answer.status).toBe(400);
      expect(answer.body.errors[field]).toBe(message);
    }
    expect(await stored(created.id)).toMatchObject({ name: '貸切風呂', price: 12000, unit: '回' });
    await http.send('DELETE', options(a, created.id), { token: admin });
  });
});

describe('DELETE options', () => {
  it('deletes; the bookings that hold it keep its name and price', async () => {
    const [held] = await rows<{ id: number; option_id: number; name: string; price: number; accommodation_id: number }>(
      sql`select bo.id, bo.option_id, bo.name, bo.price, b.accommodation_id from booking_options bo
        join bookings b on b.id = bo.book_id where bo.option_id is not null order by bo.id limit 1`,
    );
    expect(held).toBeDefined();
    const answer = await http.send('DELETE', options(held!.accommodation_id, held!.option_id), { token: admin });
    expect(answer.status).toBe(204);
    expect(await stored(held!.option_id)).toBeUndefined();
    const [kept] = await rows<{ option_id: number | null; name: string; price: number }>(
      sql`select option_id, name, price from booking_options where id = ${held!.id}`,
    );
    expect(kept).toEqual({ option_id: null, name: held!.name, price: held!.price });
    expect((await http.send('DELETE', options(held!.accommodation_id, held!.option_id), { token: admin })).status).toBe(
      404,
    );
  });
});

describe('access', () => {
  it('answers 404 to staff for accommodations they cannot reach, and writes nothing', async () => {
    for (const other of [acc[1]!, acc[2]!]) {
      const [option] = await listOf(other.id);
      const before = await optionCount();
      expect((await http.get(options(other.id), staff)).status).toBe(404);
      expect((await post(other.id, valid, staff)).status).toBe(404);
      const changed = await patch(other.id, option!.id, { name: 'x' }, staff);
      expect(changed.status).toBe(404);
      expect(changed.body).toEqual({ code: 'not_found', message: errorMessages.notFound });
      expect((await http.send('DELETE', options(other.id, option!.id), { token: staff })).status).toBe(404);
      expect(await optionCount()).toBe(before);
      expect(await stored(option!.id)).toMatchObject({ name: option!.name });
    }
  });

  it('answers 404 for an option of another accommodation through a reachable one', async () => {
    const [foreign] = await listOf(acc[1]!.id);
    const a = acc[0]!.id;
    for (const token of [staff, admin]) {
      expect((await patch(a, foreign!.id, { name: 'x' }, token)).status).toBe(404);
      expect((await http.send('DELETE', options(a, foreign!.id), { token })).status).toBe(404);
    }
    expect(await stored(foreign!.id)).toMatchObject({ name: foreign!.name, accommodation_id: acc[1]!.id });
  });

  it('needs a signed-in user', async () => {
    expect((await http.get(options(acc[0]!.id))).status).toBe(401);
    expect((await post(acc[0]!.id, valid, '')).status).toBe(401);
    expect((await http.get('/api/admin/suppliers')).status).toBe(401);
  });
});

describe('GET /admin/suppliers', () => {
  it("lists the company's partners by id, for staff too", async () => {
    const expected = await suppliersOfCompany();
    expect(expected.length).toBeGreaterThan(0);
    for (const token of [admin, staff]) {
      const answer = await http.get('/api/admin/suppliers', token);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ suppliers: expected });
    }
  });
});
