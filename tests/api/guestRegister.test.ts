import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, dateJa, tokyoToday } from '../../contract/dates';
import {
  bookingGuestsSchema,
  NO_EXTRA_FIELDS,
  registerMessages as msg,
  registerSettingsSchema,
  registerStatus,
} from '../../contract/guestRegister';
import { planlessBooking, signedInSuite } from '../support/fixtures';
import { PNG_1X1 } from '../support/files';
import { KIM_MINJI } from '../support/guests';
import { pdfPages } from '../support/pdfText';

const api = signedInSuite();
const today = tokyoToday();
let nextStart = addDays(today, 200);

/** A new booking of the first accommodation (or the one of `index`) for `people`, far from the demo's. */
async function newBooking(people = 2, index = 0, fields: Record<string, unknown> = {}) {
  const start = (nextStart = addDays(nextStart, 1));
  return planlessBooking(api, index, { start_date: start, person_number: people, name: '名簿 太郎', ...fields });
}

const settingsPath = (id: number) => `/api/facility/${id}/register-settings`;
const guestsPath = (bookId: number) => `/api/admin/books/${bookId}/guests`;
const getSettings = (id: number, token = api.admin) => api.http.send<any>('GET', settingsPath(id), { token });
const patchSettings = (id: number, json: unknown, token = api.admin) =>
  api.http.send<any>('PATCH', settingsPath(id), { token, json });
const register = async (bookId: number, token = api.admin) => {
  const res = await api.http.send<any>('GET', guestsPath(bookId), { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return bookingGuestsSchema.parse(res.body);
};
const addGuest = (bookId: number, json: unknown, token = api.admin) =>
  api.http.send<any>('POST', guestsPath(bookId), { token, json });
const patchGuest = (bookId: number, guestId: number, json: unknown, token = api.admin) =>
  api.http.send<any>('PATCH', `${guestsPath(bookId)}/${guestId}`, { token, json });
const removeGuest = (bookId: number, guestId: number, token = api.admin) =>
  api.http.send<any>('DELETE', `${guestsPath(bookId)}/${guestId}`, { token });
const guestCount = async (bookId: number) =>
  (await api.rows<{ n: number }>(sql`select count(*)::int as n from booking_guests where booking_id = ${bookId}`))[0]!
    .n;
const auditOf = (target: string, id: number) =>
  api.rows<{ action: string; book_id: number | null; accommodation_id: number | null; changes: any }>(
    sql`select action, book_id, accommodation_id, changes from audit_log
      where target_type = ${target} and target_id = ${id} order by id`,
  );

const tokyoGuest = { name: '山田 太郎', address: '東京都新宿区西新宿2-8-1', nationality: 'JP' };

describe('GET/PATCH /facility/{id}/register-settings', () => {
  it('answers a ryokan with no extra items by default, to staff of the facility too', async () => {
    const id = api.accommodations[0]!.id;
    for (const token of [api.admin, api.staff]) {
      const res = await getSettings(id, token);
      expect(res.status).toBe(200);
      expect(registerSettingsSchema.parse(res.body)).toEqual({
        licence: 'ryokan',
        // The demo's licence number (server/db/seed/register.ts).
        notification_number: '静岡県指令東保第2026-118号',
        extra_fields: {
          gender: 'off',
          age: 'off',
          previous_stay: 'off',
          next_destination: 'off',
          arrival_time: 'off',
          departure_time: 'off',
          room: 'off',
        },
      });
    }
    // A facility the member of staff is not granted is not there for them.
    expect((await getSettings(api.accommodations[1]!.id, api.staff)).status).toBe(404);
    expect((await getSettings(999_999)).status).toBe(404);
  });

  it('an administrator changes the licence, the number and some items; the rest stay; the audit keeps both', async () => {
    const id = api.accommodations[1]!.id;
    const res = await patchSettings(id, {
      licence: 'minpaku',
      notification_number: ' M130012345 ',
      extra_fields: { age: 'required', gender: 'optional' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      licence: 'minpaku',
      notification_number: 'M130012345',
      extra_fields: { age: 'required', gender: 'optional', room: 'off' },
    });
    const again = await patchSettings(id, { extra_fields: { gender: 'off' } });
    expect(again.body).toMatchObject({ licence: 'minpaku', extra_fields: { age: 'required', gender: 'off' } });
    expect((await getSettings(id)).body).toEqual(again.body);
    const trail = await auditOf('register_settings', id);
    expect(trail.map((r) => r.action)).toEqual(['update', 'update']);
    expect(trail[0]!.accommodation_id).toBe(id);
    expect(trail[0]!.changes).toMatchObject({
      licence: { from: 'ryokan', to: 'minpaku' },
      'extra_fields.age': { from: 'off', to: 'required' },
    });
  });

  it('refuses staff (403) and bad values (400 in Japanese), writing nothing', async () => {
    const id = api.accommodations[0]!.id;
    expect((await patchSettings(id, { licence: 'minpaku' }, api.staff)).status).toBe(403);
    for (const [body, field, message] of [
      [{ licence: 'hotel' }, 'licence', msg.licence],
      [{ notification_number: 'x'.repeat(51) }, 'notification_number', msg.notificationNumberTooLong],
      [
        { notification_number: 'M1\u0000' },
        'notification_number',
        '使用できない文字（改行などの制御文字）が含まれています',
      ],
      [{ extra_fields: { age: 'must' } }, 'extra_fields.age', msg.fieldMode],
    ] as const) {
      const res = await patchSettings(id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors[field]).toBe(message);
    }
    expect((await getSettings(id)).body.licence).toBe('ryokan');
  });

  it("the demo's machiya is a minpaku house with its notification number", async () => {
    expect((await getSettings(api.accommodations[2]!.id)).body).toMatchObject({
      licence: 'minpaku',
      notification_number: 'M260012345',
    });
  });
});

describe("the demo's registers", () => {
  it("the first facility's next three arrivals: complete, incomplete, and a Korean party without passport copies", async () => {
    // The bookings the seed gave guests (by the seed's today: the test's may be the next day by now).
    const arrivals = await api.rows<{ id: number }>(sql`select id from bookings b
      where accommodation_id = ${api.accommodations[0]!.id} and start_date >= ${addDays(today, -1)}
        and exists (select 1 from booking_guests g where g.booking_id = b.id)
      order by start_date, id limit 3`);
    const states = await Promise.all(arrivals.map(async (b) => (await register(b.id)).register));
    expect(states.map((s) => s.status)).toEqual(['complete', 'incomplete', 'incomplete']);
    expect(states[1]!.missing[0]!.fields).toEqual(['contact']);
    expect(states[2]!.missing.every((m) => m.fields.includes('passport_copy'))).toBe(true);
  });

  it("the stays of the last weeks entered in full: the machiya's parties from abroad with passports and copies", async () => {
    const stays = await api.rows<{ id: number; accommodation_id: number; person_number: number }>(sql`
      select id, accommodation_id, person_number from bookings
      where delete_flg = 0 and end_date < ${addDays(today, -1)} and end_date >= ${addDays(today, -40)} order by id`);
    expect(stays.length).toBeGreaterThan(10);
    // Judged by the law's items of each facility's licence (other tests here add the prefecture's).
    const states = await Promise.all(
      stays.map(async (b) => {
        const licence = b.accommodation_id === api.accommodations[2]!.id ? 'minpaku' : 'ryokan';
        const { guests } = await register(b.id);
        return registerStatus({ licence, extra_fields: NO_EXTRA_FIELDS }, b.person_number, guests);
      }),
    );
    expect(states.filter((s) => s.status !== 'complete')).toEqual([]);
    const machiya = stays.filter((b) => b.accommodation_id === api.accommodations[2]!.id);
    const guests = (await Promise.all(machiya.map(async (b) => (await register(b.id)).guests))).flat();
    // Any three stays in a row of the machiya come from two countries at least (the demo's parties in turn),
    // whichever weeks the day of the run puts in the window.
    expect(machiya.length).toBeGreaterThan(2);
    expect(new Set(guests.map((g) => g.nationality)).size).toBeGreaterThan(1);
    expect(guests.filter((g) => g.nationality !== 'JP').every((g) => g.has_passport_copy && g.passport_number)).toBe(
      true,
    );
  });
});

describe("a booking's guests and what its register misses", () => {
  it('none before a guest; the first guest is the representative; the four cases of the law', async () => {
    const b = await newBooking(2);
    expect(await register(b.id)).toEqual({
      guests: [],
      register: {
        status: 'none',
        missing: [
          { guest_id: null, fields: ['name'] },
          { guest_id: null, fields: ['name'] },
        ],
      },
    });

    // A ryokan guest living in Tokyo with no contact: the contact is missing.
    const res = await addGuest(b.id, tokyoGuest);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const rep = res.body.guest;
    expect(rep).toMatchObject({ ...tokyoGuest, representative: true, residence_country: 'JP', contact: null });
    expect((await register(b.id)).register).toEqual({
      status: 'incomplete',
      missing: [
        { guest_id: rep.id, fields: ['contact'] },
        { guest_id: null, fields: ['name'] },
      ],
    });

    // A Korean national living in Seoul, without a passport: its number and its copy.
    const kim = // The nationality as typed in lower case: kept upper-case.
      (await addGuest(b.id, { ...KIM_MINJI, nationality: 'kr', passport_number: undefined })).body.guest;
    expect(kim).toMatchObject({ representative: false, nationality: 'KR', has_passport_copy: false });
    expect((await register(b.id)).register.missing).toEqual([
      { guest_id: rep.id, fields: ['contact'] },
      { guest_id: kim.id, fields: ['passport_number', 'passport_copy'] },
    ]);

    // A Japanese national living in Paris needs no passport.
    const paris = await patchGuest(b.id, kim.id, { nationality: 'JP', residence_country: 'FR' });
    expect(paris.status).toBe(200);
    await patchGuest(b.id, rep.id, { contact: '03-1234-5678' });
    expect((await register(b.id)).register).toEqual({ status: 'complete', missing: [] });

    // The same guests at a minpaku: the occupation of each, not the contact.
    const id = api.accommodations[0]!.id;
    await patchSettings(id, { licence: 'minpaku' });
    try {
      expect((await register(b.id)).register.missing).toEqual([
        { guest_id: rep.id, fields: ['occupation'] },
        { guest_id: kim.id, fields: ['occupation'] },
      ]);
    } finally {
      await patchSettings(id, { licence: 'ryokan' });
    }
  });

  it("a companion living with the representative takes the representative's address and contact", async () => {
    const b = await newBooking(2);
    await addGuest(b.id, { ...tokyoGuest, contact: 'taro@example.jp' });
    const child = (await addGuest(b.id, { name: '山田 花子', same_as_representative: true })).body.guest;
    expect((await register(b.id)).register.status).toBe('complete');
    await patchGuest(b.id, child.id, { same_as_representative: false });
    expect((await register(b.id)).register.missing).toEqual([{ guest_id: child.id, fields: ['address', 'contact'] }]);
  });

  it('one representative: naming another moves it; removing it hands it to the first guest left', async () => {
    const b = await newBooking(3);
    const first = (await addGuest(b.id, { name: '一郎' })).body.guest;
    const second = (await addGuest(b.id, { name: '二郎' })).body.guest;
    const third = (await addGuest(b.id, { name: '三郎', representative: true })).body.guest;
    expect(third.representative).toBe(true);
    let guests = (await register(b.id)).guests;
    expect(guests.map((g) => [g.name, g.representative])).toEqual([
      ['三郎', true],
      ['一郎', false],
      ['二郎', false],
    ]);
    await patchGuest(b.id, second.id, { representative: true });
    expect((await register(b.id)).guests[0]!.id).toBe(second.id);
    expect((await removeGuest(b.id, second.id)).status).toBe(204);
    guests = (await register(b.id)).guests;
    expect(guests.map((g) => [g.id, g.representative])).toEqual([
      [first.id, true],
      [third.id, false],
    ]);
  });

  it("asks the facility's items set to required", async () => {
    const b = await newBooking(1, 2);
    const id = api.accommodations[2]!.id;
    await patchSettings(id, { licence: 'ryokan', extra_fields: { age: 'required', room: 'required' } });
    try {
      const g = (await addGuest(b.id, { ...tokyoGuest, contact: '090-0000-0000', age: 34 })).body.guest;
      expect((await register(b.id)).register.missing).toEqual([{ guest_id: g.id, fields: ['room'] }]);
    } finally {
      await patchSettings(id, { extra_fields: { age: 'off', room: 'off' } });
    }
  });

  it('refuses bad input with the field in Japanese and writes nothing', async () => {
    const b = await newBooking(2);
    for (const [body, field, message] of [
      [{}, 'name', msg.name],
      [{ name: '   ' }, 'name', msg.name],
      [{ name: 42 }, 'name', undefined],
      [{ name: '山田', nationality: 'ZZ' }, 'nationality', msg.nationality],
      [{ name: '山田', passport_number: 'AB12' }, 'passport_number', msg.passportNumber],
      [{ name: '山田', age: -1 }, 'age', msg.age],
      [{ name: '山田', age: '20' }, 'age', msg.age],
      [{ name: '山田', arrival_time: '2027-13-01T10:00' }, 'arrival_time', msg.arrivalTime],
      [{ name: '山田', address: 'x'.repeat(201) }, 'address', msg.addressTooLong],
      [{ name: '山田\n太郎' }, 'name', '使用できない文字（改行などの制御文字）が含まれています'],
      [{ name: '山田', representative: 'yes' }, 'representative', msg.flag],
    ] as const) {
      const res = await addGuest(b.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors[field], JSON.stringify(body)).toEqual(message ?? expect.stringMatching(/./));
    }
    const g = (await addGuest(b.id, { name: '山田' })).body.guest;
    const res = await patchGuest(b.id, g.id, { name: '' });
    expect(res.status).toBe(400);
    expect(res.body.errors.name).toBe(msg.name);
    expect(await guestCount(b.id)).toBe(1);
    expect((await register(b.id)).guests[0]!.name).toBe('山田');
  });

  it("answers 404 for another facility's booking, another booking's guest or no guest", async () => {
    const other = await newBooking(2, 1);
    const mine = await newBooking(2);
    const g = (await addGuest(other.id, { name: '別館 太郎' })).body.guest;
    expect((await api.http.send<any>('GET', guestsPath(other.id), { token: api.staff })).status).toBe(404);
    expect((await addGuest(other.id, { name: '職員' }, api.staff)).status).toBe(404);
    expect((await patchGuest(other.id, g.id, { name: '職員' }, api.staff)).status).toBe(404);
    expect((await removeGuest(other.id, g.id, api.staff)).status).toBe(404);
    expect((await patchGuest(mine.id, g.id, { name: '取り違え' })).status).toBe(404);
    expect((await removeGuest(mine.id, g.id)).status).toBe(404);
    expect((await patchGuest(mine.id, 2_000_000_000, { name: 'x' })).status).toBe(404);
    expect((await register(other.id)).guests.map((x) => x.name)).toEqual(['別館 太郎']);
    // Staff of the facility enter guests like an administrator.
    expect((await addGuest(mine.id, { name: '受付 入力' }, api.staff)).status).toBe(201);
  });

  it('a cancelled booking is not written (409); a stay that has ended keeps its guests (409 on delete)', async () => {
    const cancelled = await newBooking(2);
    await api.rows(sql`update bookings set delete_flg = 1, deleted_at = now() where id = ${cancelled.id}`);
    const refused = await addGuest(cancelled.id, { name: '取消 太郎' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(msg.cancelled);
    expect(await guestCount(cancelled.id)).toBe(0);

    const ended = await newBooking(1);
    const g = (await addGuest(ended.id, { name: '過去 太郎' })).body.guest;
    await api.rows(sql`update bookings set start_date = ${addDays(today, -3)}::date, end_date = ${addDays(today, -1)}::date,
      days = 2 where id = ${ended.id}`);
    const kept = await removeGuest(ended.id, g.id);
    expect(kept.status).toBe(409);
    expect(kept.body.message).toBe(msg.keptAfterStay);
    expect(await guestCount(ended.id)).toBe(1);
    // A correction is allowed, and audited.
    expect((await patchGuest(ended.id, g.id, { address: '京都市' })).status).toBe(200);
  });

  it("every change leaves an audit row in the booking's history", async () => {
    const b = await newBooking(1);
    const g = (await addGuest(b.id, { name: '監査 太郎' })).body.guest;
    await patchGuest(b.id, g.id, { address: '札幌市' });
    expect((await removeGuest(b.id, g.id)).status).toBe(204);
    const trail = await auditOf('booking_guest', g.id);
    expect(trail.map((r) => [r.action, r.book_id])).toEqual([
      ['create', b.id],
      ['update', b.id],
      ['delete', b.id],
    ]);
    expect(trail[1]!.changes).toEqual({ address: { from: null, to: '札幌市' } });
  });
});

describe('check-in, check-out and no-show', () => {
  const move = (bookId: number, to: 'checkin' | 'checkout' | 'no-show', token = api.admin) =>
    api.http.send<any>('POST', `/api/admin/books/${bookId}/${to}`, { token });
  const bookingOf = async (id: number) => (await api.http.get<any>(`/api/admin/books/${id}`, api.admin)).body;

  it('checks in on the first day with an incomplete register, saying what is missing, then out; the history keeps both', async () => {
    const b = await planlessBooking(api, 0, { start_date: today, person_number: 2, name: '到着 太郎' });
    await addGuest(b.id, tokyoGuest);
    const res = await move(b.id, 'checkin', api.staff);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      stay_status: 'checked_in',
      checked_out_at: null,
      register: { status: 'incomplete' },
    });
    expect(res.body.register.missing).toEqual([
      { guest_id: expect.any(Number), fields: ['contact'] },
      { guest_id: null, fields: ['name'] },
    ]);
    expect(res.body.checked_in_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+09:00$/);
    expect(await bookingOf(b.id)).toMatchObject({ stay_status: 'checked_in', checked_in_at: res.body.checked_in_at });

    const again = await move(b.id, 'checkin');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('この予約はすでにチェックイン済みです');
    expect((await move(b.id, 'no-show')).status).toBe(409);

    const out = await move(b.id, 'checkout');
    expect(out.status).toBe(200);
    expect(out.body.stay_status).toBe('checked_out');
    expect((await move(b.id, 'checkout')).body.message).toBe('チェックインしていない予約はチェックアウトできません');

    const trail = await api.rows<{ changes: any }>(sql`select changes from audit_log
      where target_type = 'booking' and target_id = ${b.id} and changes ? 'stay_status' order by id`);
    expect(trail.map((r) => r.changes)).toEqual([
      { stay_status: { from: 'reserved', to: 'checked_in' }, register_status: { from: null, to: 'incomplete' } },
      { stay_status: { from: 'checked_in', to: 'checked_out' } },
    ]);
  });

  it('checks out early: the nights after the departure go back to stock, the total stays, the history says both', async () => {
    const b = await planlessBooking(api, 0, {
      start_date: addDays(today, -1),
      days: 3,
      person_number: 1,
      name: '早発 太郎',
      price_sub: 36000,
    });
    const early = (json: unknown) =>
      api.http.send<any>('POST', `/api/admin/books/${b.id}/checkout`, { token: api.staff, json });
    // Not checked in yet: nothing changes.
    expect((await early({ date: today })).status).toBe(409);
    expect((await move(b.id, 'checkin')).status).toBe(200);
    for (const departure of [addDays(today, -1), addDays(today, 1), '2026-02-30', 'today']) {
      const res = await early({ date: departure });
      expect(res.status, departure).toBe(400);
      expect(res.body.errors?.date, departure).toMatch(/出発日/);
    }
    expect(await bookingOf(b.id)).toMatchObject({ days: 3, end_date: addDays(today, 2), stay_status: 'checked_in' });

    const queued = () =>
      api.rows<{ n: number }>(sql`select count(*)::int as n from channel_changes
        where accommodation_id = ${api.accommodations[0]!.id} and kind = 1 and date_from <= ${today}::date
          and date_to > ${today}::date`);
    const before = (await queued())[0]!.n;
    const res = await early({ date: today });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // The nights given back are queued for the channel's stock, in the same change.
    expect((await queued())[0]!.n).toBeGreaterThan(before);
    expect(res.body.stay_status).toBe('checked_out');
    expect(await bookingOf(b.id)).toMatchObject({ days: 1, end_date: today, price_sub: 36000 });
    const trail = await api.rows<{ changes: any }>(sql`select changes from audit_log
      where target_type = 'booking' and target_id = ${b.id} order by id`);
    expect(trail.map((r) => r.changes)).toContainEqual({ days: { from: 3, to: 1 } });
    expect(trail.at(-1)!.changes).toEqual({ stay_status: { from: 'checked_in', to: 'checked_out' } });
  });

  it('refuses a check-in or a no-show before the first day, and any move of a cancelled booking (409 in Japanese)', async () => {
    const b = await newBooking(1);
    const early = await move(b.id, 'checkin');
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/^チェックインは宿泊初日（\d{4}年\d{1,2}月\d{1,2}日）から受け付けます$/);
    expect((await move(b.id, 'no-show')).body.message).toMatch(/^ノーショーは宿泊初日/);
    expect((await move(b.id, 'checkout')).status).toBe(409);
    expect((await bookingOf(b.id)).stay_status).toBe('reserved');

    const cancelled = await planlessBooking(api, 0, { start_date: today, name: '取消 次郎' });
    await api.rows(sql`update bookings set delete_flg = 1, deleted_at = now() where id = ${cancelled.id}`);
    const refused = await move(cancelled.id, 'checkin');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('キャンセル済みの予約はチェックイン・チェックアウトできません');
  });

  it("records a no-show from the first day; another facility's booking is not there (404)", async () => {
    const b = await planlessBooking(api, 0, { start_date: today, name: '不着 三郎' });
    const res = await move(b.id, 'no-show');
    expect(res.status).toBe(200);
    expect(res.body.stay_status).toBe('no_show');
    expect((await move(b.id, 'checkin')).body.message).toBe('この予約はすでにノーショーです');
    const other = await planlessBooking(api, 1, { start_date: today, name: '別館 四郎' });
    expect((await move(other.id, 'checkin', api.staff)).status).toBe(404);
    expect((await bookingOf(other.id)).stay_status).toBe('reserved');
  });
});

describe("the copy of a guest's passport", () => {
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
  const put = (bookId: number, guestId: number, bytes: Buffer | null, name = 'passport.png', token = api.admin) => {
    const form = new FormData();
    if (bytes) form.append('file', new Blob([new Uint8Array(bytes)]), name);
    return api.http.send<any>('PUT', `${guestsPath(bookId)}/${guestId}/passport`, { token, body: form });
  };
  const fetchCopy = (bookId: number, guestId: number, token = api.admin) =>
    fetch(`${api.server.baseUrl}${guestsPath(bookId)}/${guestId}/passport`, {
      headers: { authorization: `Bearer ${token}` },
    });

  it("completes a Korean guest's register; served back as kept, never cached, each view audited", async () => {
    const b = await newBooking(1);
    const kim = (await addGuest(b.id, KIM_MINJI)).body.guest;
    expect((await register(b.id)).register.missing).toEqual([{ guest_id: kim.id, fields: ['passport_copy'] }]);
    const res = await put(b.id, kim.id, PNG_1X1, 'scan.pdf');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.guest.has_passport_copy).toBe(true);
    expect((await register(b.id)).register).toEqual({ status: 'complete', missing: [] });

    const copy = await fetchCopy(b.id, kim.id, api.staff);
    expect(copy.status).toBe(200);
    expect(copy.headers.get('content-type')).toBe('image/png');
    expect(copy.headers.get('cache-control')).toBe('no-store');
    expect(Buffer.from(await copy.arrayBuffer()).equals(PNG_1X1)).toBe(true);
    // A PDF replaces it.
    expect((await put(b.id, kim.id, pdf, 'passport.pdf')).status).toBe(200);
    expect((await fetchCopy(b.id, kim.id)).headers.get('content-type')).toBe('application/pdf');
    const views = await api.rows<{ n: number }>(sql`select count(*)::int as n from audit_log
      where target_type = 'booking_guest_passport' and target_id = ${kim.id} and action = 'view'`);
    expect(views[0]!.n).toBe(2);
  });

  it('refuses a file of another kind, an empty form and one too large, keeping nothing; 404 for another facility', async () => {
    const b = await newBooking(1);
    const g = (await addGuest(b.id, { name: 'Lee Seojun', nationality: 'KR', residence_country: 'KR' })).body.guest;
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
    for (const [bytes, name] of [
      [exe, 'passport.jpg'],
      [Buffer.from('not an image at all'), 'passport.png'],
    ] as const) {
      const res = await put(b.id, g.id, bytes, name);
      expect(res.status).toBe(400);
      expect(res.body.errors.file).toBe(msg.passportType);
    }
    const none = await put(b.id, g.id, null);
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(msg.passportFile);
    const large = await put(b.id, g.id, Buffer.concat([PNG_1X1, Buffer.alloc(5_100_000)]));
    expect(large.status).toBe(413);
    expect(large.body.message).toBe(msg.passportTooLarge);
    // One byte past the limit: refused by the upload's own limit, with the general sentence.
    expect((await put(b.id, g.id, Buffer.concat([PNG_1X1, Buffer.alloc(5_000_001 - PNG_1X1.length)]))).status).toBe(
      413,
    );
    expect((await fetchCopy(b.id, g.id)).status).toBe(404);

    const other = await newBooking(1, 1);
    const stranger = (await addGuest(other.id, { name: 'Park Jisoo' })).body.guest;
    expect((await put(other.id, stranger.id, PNG_1X1, 'p.png')).status).toBe(200);
    expect((await put(other.id, stranger.id, PNG_1X1, 'p.png', api.staff)).status).toBe(404);
    expect((await fetchCopy(other.id, stranger.id, api.staff)).status).toBe(404);
    expect((await fetchCopy(b.id, stranger.id)).status).toBe(404);
  });
});

describe('GET /admin/books/register-states: the badges of the day schedule and the dashboard', () => {
  const states = (ids: string, token = api.admin) =>
    api.http.send<any>('GET', `/api/admin/books/register-states?ids=${ids}`, { token });

  it("answers each booking's state and how much is missing, only of the facilities the user reaches", async () => {
    const none = await newBooking(2);
    const part = await newBooking(2);
    await addGuest(part.id, tokyoGuest);
    const done = await newBooking(1);
    await addGuest(done.id, { ...tokyoGuest, contact: '03-1234-5678' });
    const elsewhere = await newBooking(1, 1);
    const res = await states(`${none.id},${part.id},${done.id},${elsewhere.id},${part.id}`, api.staff);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.states).toEqual([
      { book_id: none.id, status: 'none', missing: 2 },
      // The representative's contact, and the companion not entered.
      { book_id: part.id, status: 'incomplete', missing: 2 },
      { book_id: done.id, status: 'complete', missing: 0 },
    ]);
    expect((await states(`${elsewhere.id}`)).body.states).toEqual([
      { book_id: elsewhere.id, status: 'none', missing: 1 },
    ]);
  });

  it('refuses a list that is not ids, or too long, in Japanese', async () => {
    for (const [ids, message] of [
      ['', msg.stateIds],
      ['1,,2', msg.stateIds],
      ['1;drop', msg.stateIds],
      [Array.from({ length: 501 }, (_, i) => i + 1).join(','), msg.stateIdsTooMany],
    ] as const) {
      const res = await states(ids);
      expect(res.status, ids.slice(0, 20)).toBe(400);
      expect(JSON.stringify(res.body)).toContain(message);
    }
  });
});

describe("GET /facility/{id}/register: a facility's register over dates", () => {
  const listPath = (id: number, query: string) => `/api/facility/${id}/register?${query}`;

  it('lists every guest of the stays that meet the dates, a companion with the representative’s address, the guests not entered', async () => {
    const id = api.accommodations[0]!.id;
    const b = await newBooking(2);
    const empty = await newBooking(1);
    await addGuest(b.id, { ...tokyoGuest, contact: '03-1234-5678' });
    await addGuest(b.id, { name: '山田 花子', same_as_representative: true, nationality: 'JP' });
    const [stay] = await api.rows<{ start: string }>(
      sql`select start_date::text as start from bookings where id = ${b.id}`,
    );
    const [other] = await api.rows<{ start: string }>(
      sql`select start_date::text as start from bookings where id = ${empty.id}`,
    );
    const res = await api.http.send<any>('GET', listPath(id, `from=${stay!.start}&to=${other!.start}`), {
      token: api.staff,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const mine = res.body.rows.filter((r: any) => r.book_id === b.id || r.book_id === empty.id);
    expect(mine.map((r: any) => [r.name, r.representative, r.entered, r.address])).toEqual([
      ['山田 太郎', true, true, tokyoGuest.address],
      ['山田 花子', false, true, tokyoGuest.address],
      [null, true, false, null],
    ]);
    expect(mine[1].contact).toBe('03-1234-5678');
    // Each read is in the audit: who, which dates, how many rows.
    const audits = await api.rows<{ changes: any }>(sql`select changes from audit_log
      where target_type = 'guest_register' and action = 'view' and accommodation_id = ${id} order by id desc limit 1`);
    expect(audits[0]!.changes.range).toEqual({ from: stay!.start, to: other!.start });
  });

  it("answers CSV in UTF-8 with BOM: a ryokan's items, a minpaku house's in MLIT's column order", async () => {
    const b = await newBooking(1);
    await addGuest(b.id, { ...tokyoGuest, contact: '03-1234-5678' });
    const [stay] = await api.rows<{ start: string }>(
      sql`select start_date::text as start from bookings where id = ${b.id}`,
    );
    const csvOf = async (id: number) => {
      const res = await fetch(
        `${api.server.baseUrl}${listPath(id, `from=${stay!.start}&to=${stay!.start}&format=csv`)}`,
        {
          headers: { authorization: `Bearer ${api.admin}` },
        },
      );
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      return bytes.subarray(3).toString('utf8').split('\r\n');
    };
    const ryokan = await csvOf(api.accommodations[0]!.id);
    expect(
      ryokan[0]!.startsWith(
        '宿泊開始日,到着時刻,宿泊終了日,出発時刻,宿泊日数,客室,種別,確認番号,氏名,住所,連絡先,国籍',
      ),
    ).toBe(true);
    expect(ryokan.some((line) => line.includes('山田 太郎') && line.includes('03-1234-5678'))).toBe(true);

    const house = api.accommodations[2]!.id;
    await patchSettings(house, { licence: 'minpaku' });
    const minpaku = await csvOf(house);
    expect(minpaku[0]).toBe(
      '宿泊開始日,開始時刻,宿泊終了日,終了時刻,宿泊日数,種別,グループ識別,氏名,住所,職業,国籍,旅券番号',
    );
  });

  it('answers a printable A4 PDF whose text holds the guests; a long register repeats its headings on each page', async () => {
    const id = api.accommodations[0]!.id;
    const b = await newBooking(45);
    await addGuest(b.id, { ...tokyoGuest, contact: '03-1234-5678' });
    const seoul = '서울특별시 강남구 테헤란로 152';
    await addGuest(b.id, {
      name: 'Kim Minji',
      address: seoul,
      nationality: 'KR',
      residence_country: 'KR',
      passport_number: 'M1234567',
    });
    const [stay] = await api.rows<{ start: string }>(
      sql`select start_date::text as start from bookings where id = ${b.id}`,
    );
    const res = await fetch(
      `${api.server.baseUrl}${listPath(id, `from=${stay!.start}&to=${stay!.start}&format=pdf`)}`,
      { headers: { authorization: `Bearer ${api.staff}` } },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent(`宿泊者名簿_${stay!.start.replaceAll('-', '')}-`)}`,
    );
    const bytes = Buffer.from(await res.arrayBuffer());
    const pages = await pdfPages(bytes);
    // A4 landscape: 842 by 595 points.
    expect(pages.map((p) => [Math.round(p.width), Math.round(p.height)])).toContainEqual([842, 595]);
    const text = pages.map((p) => p.text).join('\n');
    expect(text).toContain('宿泊者名簿');
    expect(text).toContain(api.accommodations[0]!.name);
    expect(text).toContain('山田 太郎');
    expect(text).toContain('Kim Minji');
    expect(text).toContain('M1234567');
    // Hangul, which Noto Sans JP lacks, is set in Noto Sans KR (embedded as a subset), not as empty boxes.
    expect(text).toContain(seoul);
    expect(bytes.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansKR/);
    expect(text).toContain(dateJa(stay!.start));
    // 45 guests (43 not entered yet) take more than one page, each with the headings and its number.
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, i) => {
      expect(page.text).toContain('氏名');
      expect(page.text).toContain(`${i + 1} / ${pages.length}`);
    });
    expect(text.split('（未記入）').length - 1).toBeGreaterThanOrEqual(43);
    const audits = await api.rows<{ changes: any }>(sql`select changes from audit_log
      where target_type = 'guest_register' and action = 'view' and accommodation_id = ${id} order by id desc limit 1`);
    expect(audits[0]!.changes.range).toEqual({ from: stay!.start, to: stay!.start });
  });

  it('prints an empty period as a page that says so', async () => {
    const res = await fetch(
      `${api.server.baseUrl}${listPath(api.accommodations[0]!.id, 'from=2001-01-01&to=2001-01-02&format=pdf')}`,
      {
        headers: { authorization: `Bearer ${api.admin}` },
      },
    );
    expect(res.status).toBe(200);
    const [page, ...more] = await pdfPages(Buffer.from(await res.arrayBuffer()));
    expect(more).toEqual([]);
    expect(page!.text).toContain('この期間に宿泊者はいません。');
    expect(page!.text).toContain('2001年1月1日〜2001年1月2日');
    // Printed at: the Tokyo date and time as the console writes them (9:05, not 09:05).
    expect(page!.text).toMatch(/出力日時 \d{4}年[1-9]\d?月[1-9]\d?日 [1-9]?\d:\d{2}/);
  });

  it('refuses bad dates and formats in Japanese; another facility is not there (404)', async () => {
    const id = api.accommodations[0]!.id;
    for (const [query, message] of [
      ['from=2026-12-10&to=2026-12-01', '終了日は開始日以降の日付にしてください'],
      ['from=2026-01-01&to=2027-01-02', '期間は366日以内で指定してください'],
      ['from=2026-02-30&to=2026-03-01', '開始日を正しく入力してください'],
      ['from=2026-03-01', '終了日を正しく入力してください'],
      ['from=2026-03-01&to=2026-03-02&format=xlsx', '形式は json、csv、pdf のいずれかで指定してください'],
    ] as const) {
      const res = await api.http.send<any>('GET', listPath(id, query), { token: api.admin });
      expect(res.status, query).toBe(400);
      expect(JSON.stringify(res.body), query).toContain(message);
    }
    const res = await api.http.send<any>('GET', listPath(api.accommodations[1]!.id, 'from=2026-03-01&to=2026-03-02'), {
      token: api.staff,
    });
    expect(res.status).toBe(404);
  });
});
