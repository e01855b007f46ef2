import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, tokyoToday } from '../../contract/dates';
import { registerMessages, bookingGuestsSchema } from '../../contract/guestRegister';
import { precheckinMessages as msg, publicStaySchema } from '../../contract/precheckin';
import { PRECHECKIN_AUTHOR } from '../../server/services/precheckin';
import { planlessBooking, signedInSuite } from '../support/fixtures';
import { httpClient } from '../support/http';
import { startTestServer, type TestServer } from '../support/testServer';
import { PNG_1X1 } from '../support/files';
import { KIM_MINJI } from '../support/guests';

const api = signedInSuite();
const today = tokyoToday();
let nextStart = addDays(today, 300);

async function newBooking(people = 2, index = 0) {
  const start = (nextStart = addDays(nextStart, 2));
  return planlessBooking(api, index, { start_date: start, days: 2, person_number: people, name: '事前 花子' });
}

const makeLink = (bookId: number, token = api.admin) =>
  api.http.send<any>('POST', `/api/admin/books/${bookId}/checkin-link`, { token });
/** The token of a link made for the booking. */
async function linkOf(bookId: number) {
  const res = await makeLink(bookId);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return String(res.body.url).split('/checkin/')[1]!;
}
const publicPath = (token: string) => `/api/public/checkin/${token}`;
const readStay = (token: string) => api.http.send<any>('GET', publicPath(token));
const sendGuests = (token: string, json: unknown) => api.http.send<any>('PUT', publicPath(token), { json });
const sendPhoto = (token: string, index: number | string, bytes: Buffer, name = 'photo.png') => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  return api.http.send<any>('PUT', `${publicPath(token)}/guests/${index}/passport`, { body: form });
};
const registerOf = async (bookId: number) =>
  bookingGuestsSchema.parse(
    (await api.http.send<any>('GET', `/api/admin/books/${bookId}/guests`, { token: api.admin })).body,
  );

const hanako = { name: '事前 花子', address: '大阪府大阪市北区1-1', contact: '090-1111-2222', nationality: 'JP' };
const minji = KIM_MINJI;

describe('POST /admin/books/{id}/checkin-link', () => {
  it('answers a link of 256 random bits on this server, valid until the end of the check-out day, and audits it', async () => {
    const b = await newBooking();
    const res = await makeLink(b.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.url).toMatch(new RegExp(`^${api.server.baseUrl}/checkin/[A-Za-z0-9_-]{43}$`));
    const [booking] = await api.rows<{ end: string }>(
      sql`select end_date::text as end from bookings where id = ${b.id}`,
    );
    expect(res.body.expires_at).toBe(`${addDays(booking!.end, 1)}T00:00:00.000+09:00`);
    // Each call makes another link; the first stays valid.
    const second = await makeLink(b.id);
    expect(second.body.url).not.toBe(res.body.url);
    expect((await readStay(String(res.body.url).split('/checkin/')[1]!)).status).toBe(200);
    // The token itself is not kept: only its SHA-256.
    const kept = await api.rows<{ token_hash: string }>(
      sql`select token_hash from checkin_links where booking_id = ${b.id}`,
    );
    expect(kept).toHaveLength(2);
    expect(kept.every((k) => /^[0-9a-f]{64}$/.test(k.token_hash))).toBe(true);
    expect(JSON.stringify(kept)).not.toContain(String(res.body.url).split('/checkin/')[1]);
    const audits = await api.rows<{ n: number }>(sql`select count(*)::int as n from audit_log
      where target_type = 'checkin_link' and book_id = ${b.id} and action = 'create'`);
    expect(audits[0]!.n).toBe(2);
  });

  it("refuses a cancelled booking or a stay that has ended (409), another facility's booking (404)", async () => {
    const cancelled = await newBooking();
    await api.rows(sql`update bookings set delete_flg = 1, deleted_at = now() where id = ${cancelled.id}`);
    expect(await makeLink(cancelled.id)).toMatchObject({ status: 409, body: { message: msg.cancelled } });
    const ended = await newBooking();
    await api.rows(sql`update bookings set start_date = ${addDays(today, -3)}, end_date = ${addDays(today, -1)}
      where id = ${ended.id}`);
    expect(await makeLink(ended.id)).toMatchObject({ status: 409, body: { message: msg.ended } });
    const other = await newBooking(2, 1);
    expect((await makeLink(other.id, api.staff)).status).toBe(404);
    expect((await makeLink(999_999)).status).toBe(404);
  });
});

describe('the public pre-check-in API', () => {
  it('reads the stay and its rules, never a guest', async () => {
    const b = await newBooking(3);
    await api.http.send('POST', `/api/admin/books/${b.id}/guests`, { token: api.admin, json: hanako });
    const token = await linkOf(b.id);
    const res = await readStay(token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const stay = publicStaySchema.parse(res.body);
    expect(stay).toMatchObject({
      accommodation_name: api.accommodations[0]!.name,
      nights: 2,
      person_number: 3,
      licence: 'ryokan',
      sent_at: null,
    });
    expect(Object.keys(res.body).sort()).toEqual([
      'accommodation_name',
      'end_date',
      'extra_fields',
      'licence',
      'nights',
      'person_number',
      'sent_at',
      'start_date',
    ]);
    expect(JSON.stringify(res.body)).not.toContain('大阪府');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers an unknown, malformed, expired or cancelled link with the same 404', async () => {
    const expired = await newBooking();
    const expiredToken = await linkOf(expired.id);
    await api.rows(
      sql`update checkin_links set expires_at = now() - interval '1 second' where booking_id = ${expired.id}`,
    );
    const cancelled = await newBooking();
    const cancelledToken = await linkOf(cancelled.id);
    await api.rows(sql`update bookings set delete_flg = 1, deleted_at = now() where id = ${cancelled.id}`);
    for (const token of ['A'.repeat(43), 'short', '%00', expiredToken, cancelledToken]) {
      const res = await readStay(token);
      expect(res.status, token).toBe(404);
      expect(res.body).toEqual({ code: 'not_found', message: msg.linkNotFound });
      expect((await sendGuests(token, { guests: [hanako] })).status).toBe(404);
    }
    expect(
      await api.rows(sql`select 1 from booking_guests where booking_id in (${expired.id}, ${cancelled.id})`),
    ).toEqual([]);
  });

  it('keeps the list the guest sends in place of the one before, then the passport photo by its place; audited', async () => {
    const b = await newBooking(2);
    const staffEntered = (
      await api.http.send<any>('POST', `/api/admin/books/${b.id}/guests`, {
        token: api.admin,
        json: { name: '仮 名前' },
      })
    ).body.guest;
    const token = await linkOf(b.id);
    const res = await sendGuests(token, { guests: [hanako, minji] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ status: 'incomplete', missing: [{ index: 1, fields: ['passport_copy'] }] });

    let register = await registerOf(b.id);
    expect(register.guests.map((g) => [g.name, g.representative])).toEqual([
      ['事前 花子', true],
      ['Kim Minji', false],
    ]);
    expect((await sendPhoto(token, 1, PNG_1X1)).status).toBe(204);
    register = await registerOf(b.id);
    expect(register.register).toEqual({ status: 'complete', missing: [] });
    expect(register.guests[1]!.has_passport_copy).toBe(true);

    // The page says when the register was sent.
    expect((await readStay(token)).body.sent_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
    // The audit names the guest's page and keeps what the list replaced.
    const rows = await api.rows<{ action: string; user_id: number | null; user_name: string; changes: any }>(
      sql`select action, user_id, user_name, changes from audit_log
        where book_id = ${b.id} and target_type = 'booking_guest' and user_id is null order by id`,
    );
    expect(rows.map((r) => r.action)).toEqual(['delete', 'create', 'create', 'update']);
    expect(rows.every((r) => r.user_name === PRECHECKIN_AUTHOR)).toBe(true);
    expect(rows[0]!.changes.name).toEqual({ from: staffEntered.name, to: null });

    // Sent again with one guest: the list is that one guest.
    expect((await sendGuests(token, { guests: [{ ...hanako, name: '事前 花子（訂正）' }] })).status).toBe(200);
    register = await registerOf(b.id);
    expect(register.guests.map((g) => g.name)).toEqual(['事前 花子（訂正）']);
    expect(register.register.missing).toEqual([{ guest_id: null, fields: ['name'] }]);
  });

  it('refuses bad input with a Japanese message, writing nothing', async () => {
    const b = await newBooking(2);
    const token = await linkOf(b.id);
    const cases: [unknown, string][] = [
      [{ guests: [hanako, minji, { name: '三人目' }] }, msg.tooManyGuests(2)],
      [{ guests: [] }, msg.noGuests],
      [{ guests: [hanako, { ...minji, passport_number: 'AB12' }] }, registerMessages.passportNumber],
      [{ guests: [{ ...hanako, nationality: 'ZZ' }] }, registerMessages.nationality],
      [{ guests: [{ ...hanako, name: 'a\u0007b' }] }, ''],
      [{}, msg.noGuests],
      ['not json', ''],
    ];
    for (const [json, message] of cases) {
      const res = await sendGuests(token, json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      if (message) expect(JSON.stringify(res.body), JSON.stringify(json)).toContain(message);
    }
    expect(await api.rows(sql`select 1 from booking_guests where booking_id = ${b.id}`)).toEqual([]);

    expect((await sendGuests(token, { guests: [minji] })).status).toBe(200);
    expect(await sendPhoto(token, 1, PNG_1X1)).toMatchObject({ status: 404, body: { message: msg.guestIndex } });
    expect((await sendPhoto(token, 'x', PNG_1X1)).status).toBe(400);
    const notImage = await sendPhoto(token, 0, Buffer.from('MZ not an image'), 'passport.jpg');
    expect(notImage).toMatchObject({ status: 400, body: { errors: { file: registerMessages.passportType } } });
    expect((await registerOf(b.id)).guests[0]!.has_passport_copy).toBe(false);
  });
});

describe('the pre-check-in rate limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ CHECKIN_RATE_LIMIT: '3' });
  });
  afterAll(() => server.close());

  it('answers 429 in Japanese once an address passes the limit', async () => {
    const http = httpClient(server.baseUrl);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await http.send<any>('GET', publicPath('B'.repeat(43)))).status);
    expect(statuses).toEqual([404, 404, 404, 429]);
  });
});
