import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { bookingCreateMessages as msg } from '../../contract/booking';
import { controlCharacterMessage } from '../../contract/fieldRules';
import { errorMessages } from '../../contract/messages';
import { CLIENT } from '../support/testServer';
import { startSignedIn, type SignedIn } from '../support/signedIn';

let api: SignedIn;
let bookId: number;
beforeAll(async () => {
  api = await startSignedIn();
  const [row] = await api.server.database.db
    .execute<{ id: number }>(
      sql`select id from bookings where delete_flg = 0 and accommodation_id = ${api.accommodations[0]!.id} limit 1`,
    )
    .then((r) => (r as unknown as { rows: { id: number }[] }).rows);
  bookId = row!.id;
});
afterAll(() => api.server.close());

const send = (method: string, path: string, init: { json?: unknown; body?: string; type?: string } = {}) =>
  api.http.send<any>(method, path, {
    token: api.admin,
    json: init.json,
    body: init.body,
    headers: init.type ? { 'content-type': init.type } : undefined,
  });

describe('bad input is refused in Japanese with a 4xx and writes nothing', () => {
  it('an id past PostgreSQL’s integer is a record that does not exist: 404', async () => {
    expect((await send('GET', '/api/admin/books/2147483648')).status).toBe(404);
    expect((await send('PATCH', '/api/accommodations/2147483648/rooms/1', { json: { name: 'x' } })).status).toBe(404);
  });

  it('a field past it is 400 on that field', async () => {
    const room = await send('PATCH', `/api/admin/books/${bookId}`, { json: { room_id: 2147483648 } });
    expect(room.status).toBe(400);
    expect(room.body.errors).toEqual({ room_id: msg.room });
    const total = await send('PATCH', `/api/admin/books/${bookId}`, { json: { price_sub: 2147483648 } });
    expect(total.body.errors).toEqual({ price_sub: msg.priceSubInvalid });
    const plan = await send('POST', '/api/admin/books', {
      json: {
        accommodation_id: 1,
        room_id: 1,
        plan_id: 'abc',
        start_date: '2027-01-10',
        days: 1,
        person_number: 1,
        price: 0,
        name: 'x',
      },
    });
    expect(plan.status).toBe(400);
    expect(plan.body.errors).toEqual({ plan_id: msg.plan });
  });

  it('a NUL character in any text is 400 on its field, the sign-in form included', async () => {
    const before = (await send('GET', `/api/admin/books/${bookId}`)).body;
    const name = await send('PATCH', `/api/admin/books/${bookId}`, { json: { name: '山田\u0000太郎' } });
    expect(name.status).toBe(400);
    expect(name.body.errors).toEqual({ name: controlCharacterMessage });
    expect((await send('GET', `/api/admin/books/${bookId}`)).body).toEqual(before);
    const filter = await send('GET', '/api/admin/books?mail=%00');
    expect(filter.status).toBe(400);
    const signIn = await api.http.postForm('/oauth/auth', {
      grant_type: 'password',
      ...CLIENT,
      username: 'admin\u0000@example.com',
      password: 'x',
    });
    expect([400, 401]).toContain(signIn.status);
    expect(signIn.body.message).toEqual(expect.any(String));
  });

  it('malformed JSON is 400, multipart where no file is taken 415, both in the one JSON shape', async () => {
    const broken = await send('PATCH', `/api/admin/books/${bookId}`, { body: '{"name":', type: 'application/json' });
    expect(broken.status).toBe(400);
    expect(broken.body).toMatchObject({ message: expect.any(String) });
    const multipart = await send('PATCH', `/api/admin/books/${bookId}`, {
      body: '--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n--b--\r\n',
      type: 'multipart/form-data; boundary=b',
    });
    expect(multipart.status).toBe(415);
    expect(multipart.body).toEqual({ code: 'unsupported_media_type', message: errorMessages.unsupportedContentType });
    // A malformed multipart body where one is taken: 400, not 500.
    const csv = await send('POST', '/api/plans/1/schedule/csv/check', { body: 'garbage', type: 'multipart/form-data' });
    expect(csv.status).toBe(400);
  });

  it('an over-long URL and a bad URL encoding answer our JSON shape with its headers', async () => {
    const long = await send('GET', `/api/admin/books/${'9'.repeat(200)}`);
    expect(long.status).toBeLessThan(500);
    expect(long.body).toMatchObject({ message: expect.any(String) });
    const encoding = await send('GET', '/api/admin/books/%E0%A4%A');
    expect(encoding.status).toBe(400);
    expect(encoding.body).toMatchObject({ message: expect.any(String) });
  });
});

describe('one text rule: control and invisible formatting characters are refused on their field', () => {
  const db = () => api.server.database.db;
  const count = async (table: 'bookings' | 'rooms' | 'calendar_comments') =>
    (
      (await db().execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]!.n;
  // ESC (a terminal escape), U+202E (writes the rest backwards), BEL.
  const bad = ['\u001b[31m', '\u202e', '\u0007'];
  const createBody = () => ({
    accommodation_id: api.accommodations[0]!.id,
    room_id: 1,
    plan_id: '',
    start_date: '2030-01-10',
    days: 1,
    person_number: 2,
    price: 0,
    price_sub: 10000,
    name: '山田 太郎',
    address: '東京都千代田区1-1',
    tel: '03-1234-5678',
    mini_memo: '',
  });

  it.each(['name', 'address', 'tel', 'mini_memo'])(
    'a new booking with one in its %s: 400, nothing made',
    async (field) => {
      const before = await count('bookings');
      for (const char of bad) {
        const res = await send('POST', '/api/admin/books', { json: { ...createBody(), [field]: `山田${char}太郎` } });
        expect(res.status).toBe(400);
        expect(res.body.errors).toEqual({ [field]: controlCharacterMessage });
      }
      expect(await count('bookings')).toBe(before);
    },
  );

  it.each(['name', 'address', 'tel', 'memo', 'mini_memo', 'mail'])(
    'a booking changed with one in its %s: 400 on the field, the booking as it was',
    async (field) => {
      const before = (await send('GET', `/api/admin/books/${bookId}`)).body;
      for (const char of bad) {
        const value = field === 'mail' ? `a${char}@example.jp` : `山田${char}太郎`;
        const res = await send('PATCH', `/api/admin/books/${bookId}`, { json: { [field]: value } });
        expect(res.status).toBe(400);
        expect(res.body.errors).toEqual({ [field]: controlCharacterMessage });
      }
      expect((await send('GET', `/api/admin/books/${bookId}`)).body).toEqual(before);
    },
  );

  it('a line break is refused in a one-line field and kept as typed in the memo', async () => {
    const name = await send('PATCH', `/api/admin/books/${bookId}`, { json: { name: '山田\n太郎' } });
    expect(name.body.errors).toEqual({ name: controlCharacterMessage });
    const memo = '到着は19時頃\r\n駐車場：1台\n\tアレルギー：そば🙏　全角スペース';
    const saved = await send('PATCH', `/api/admin/books/${bookId}`, { json: { memo } });
    expect(saved.status).toBe(200);
    expect(saved.body.memo).toBe(memo);
    expect((await send('GET', `/api/admin/books/${bookId}`)).body.memo).toBe(memo);
  });

  it('a text filter of the booking search with one: 400 on it, not 500', async () => {
    const res = await send('GET', `/api/admin/books?mail=${encodeURIComponent('a\u202e@example.jp')}`);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ mail: controlCharacterMessage });
  });

  it('a room’s name and a calendar comment follow the same rule', async () => {
    const accommodationId = api.accommodations[0]!.id;
    const rooms = await count('rooms');
    const room = await send('POST', `/api/accommodations/${accommodationId}/rooms`, {
      json: { name: '離れ\u202e', max_num: 1 },
    });
    expect(room.status).toBe(400);
    expect(room.body.errors).toEqual({ name: controlCharacterMessage });
    expect(await count('rooms')).toBe(rooms);

    const comments = await count('calendar_comments');
    const path = `/api/admin/accommodations/${accommodationId}/calendar/comments`;
    const comment = await send('POST', path, { json: { target_date: '2030-01-10', comment: '団体\u001b[2J' } });
    expect(comment.status).toBe(400);
    expect(comment.body.errors).toEqual({ comment: controlCharacterMessage });
    expect(await count('calendar_comments')).toBe(comments);
    const lines = await send('POST', path, { json: { target_date: '2030-01-10', comment: '団体15名\n夕食18時' } });
    expect(lines.status).toBeLessThan(300);
    expect(lines.body.comment).toBe('団体15名\n夕食18時');
  });
});
