import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startChannelSim, type StartedChannelSim } from '../../tools/channelSim/app';
import { SlidingWindowLimiter } from '../../tools/channelSim/rateLimit';

/** The booking channel simulator (docs/channel.md) over HTTP: no database involved. */

const SAKURA = { hotel: '100120', login: 'sakura-so', password: 'channel-pass-1234' };

let sim: StartedChannelSim;

interface Answer {
  status: number;
  body: any;
  headers: Headers;
}

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(sim.url + path, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers } as Answer;
}

const basic = (login: string, password: string) => 'Basic ' + Buffer.from(`${login}:${password}`).toString('base64');

/** A channel API call as the demo facility さくら荘. */
function api(method: string, path: string, body?: unknown, cred = SAKURA): Promise<Answer> {
  return call(method, `/api/v1/hotels/${cred.hotel}${path}`, body, {
    authorization: basic(cred.login, cred.password),
  });
}

const ctl = (method: string, path: string, body?: unknown) => call(method, `/sim${path}`, body);

async function pushStock(room: string, from: string, to: string, availability: number) {
  const r = await api('POST', '/availability', {
    values: [{ room_code: room, date_from: from, date_to: to, availability }],
  });
  expect(r.status).toBe(200);
  return r;
}

async function pushPlan(plan: string, room: string, from: string, to: string, extra: object = {}) {
  const r = await api('POST', '/restrictions', {
    values: [{ plan_code: plan, room_code: room, date_from: from, date_to: to, ...extra }],
  });
  expect(r.status).toBe(200);
  return r;
}

function guestBook(start = '2026-12-01', nights = 1, extra: object = {}) {
  return ctl('POST', '/bookings', {
    hotel_id: SAKURA.hotel,
    room_code: 'STD',
    plan_code: 'P1',
    start_date: start,
    nights,
    guests: 2,
    name: '山田 太郎',
    mail: 'taro@example.jp',
    ...extra,
  });
}

async function stockOf(from: string, to: string, room = 'STD'): Promise<number[]> {
  const r = await ctl('GET', `/inventory?hotel_id=${SAKURA.hotel}&room_code=${room}&from=${from}&to=${to}`);
  expect(r.status).toBe(200);
  return r.body.days.map((d: { stock: number }) => d.stock);
}

beforeAll(async () => {
  sim = await startChannelSim({ port: 0 });
});

afterAll(async () => {
  await sim?.close();
});

beforeEach(async () => {
  expect((await ctl('POST', '/reset')).status).toBe(200);
});

describe('channel simulator', () => {
  it('starts with the demo facilities, no rooms, and checks the login', async () => {
    const login = await api('GET', '/login');
    expect(login.status).toBe(200);
    expect(login.body).toEqual({ hotel_id: '100120', name: '温泉旅館 さくら荘' });
    const mizuumi = await api('GET', '/login', undefined, {
      hotel: '100121',
      login: 'mizuumi',
      password: 'channel-pass-2345',
    });
    expect(mizuumi.status).toBe(200);
    const kyo = await api('GET', '/login', undefined, {
      hotel: '100122',
      login: 'machiya-kyo',
      password: 'channel-pass-3456',
    });
    expect(kyo.status).toBe(200);
    const hotels = await ctl('GET', '/hotels');
    expect(hotels.body.hotels.map((h: any) => [h.hotel_id, h.rooms.length])).toEqual([
      ['100120', 0],
      ['100121', 0],
      ['100122', 0],
    ]);
    const unknown = await api('GET', '/login', undefined, { ...SAKURA, hotel: '999999' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('not_found');
  });

  it('sells pushed stock until sold out, then answers 409', async () => {
    expect((await pushStock('STD', '2026-12-01', '2026-12-03', 3)).body).toEqual({ accepted: 3 });
    expect((await pushPlan('P1', 'STD', '2026-12-01', '2026-12-03', { rate: 8000 })).body).toEqual({ accepted: 3 });
    for (let i = 0; i < 3; i++) {
      const r = await guestBook('2026-12-01', 2);
      expect(r.status).toBe(201);
      expect(r.body.reservation_id).toMatch(/^IK\d{8}$/);
    }
    const full = await guestBook('2026-12-02', 1);
    expect(full.status).toBe(409);
    expect(full.body.error).toBe('sold_out');
    expect(await stockOf('2026-12-01', '2026-12-03')).toEqual([0, 0, 3]);
    // A never-set night sells nothing.
    expect((await guestBook('2026-12-03', 2)).status).toBe(409);
    // The default amount: the plan's rates times guests.
    const list = await ctl('GET', `/bookings?hotel_id=${SAKURA.hotel}`);
    expect(list.body.bookings).toHaveLength(3);
    expect(list.body.bookings[0].amount).toBe(8000 * 2 * 2);
    // The read-back: what the site holds.
    const back = await api('GET', '/availability?room_code=STD&from=2026-12-02&to=2026-12-04');
    expect(back.body.days).toEqual([
      { date: '2026-12-02', availability: 0, stop_sell: false },
      { date: '2026-12-03', availability: 3, stop_sell: false },
      { date: '2026-12-04', availability: null, stop_sell: false },
    ]);
    // A stopped plan does not sell even with stock.
    await pushPlan('P1', 'STD', '2026-12-03', '2026-12-03', { stop_sell: true });
    expect((await guestBook('2026-12-03', 1)).status).toBe(409);
    const stopped = await api('GET', '/availability?room_code=STD&from=2026-12-03&to=2026-12-03');
    expect(stopped.body.days[0].stop_sell).toBe(true);
    // A push is absolute.
    await pushStock('STD', '2026-12-01', '2026-12-01', 5);
    expect(await stockOf('2026-12-01', '2026-12-01')).toEqual([5]);
  });

  it('answers 404 for an unknown hotel, room or plan on /sim/bookings', async () => {
    await pushStock('STD', '2026-12-01', '2026-12-03', 3);
    await pushPlan('P1', 'STD', '2026-12-01', '2026-12-03');
    expect((await guestBook('2026-12-01', 1, { hotel_id: '999' })).status).toBe(404);
    expect((await guestBook('2026-12-01', 1, { room_code: 'NOPE' })).status).toBe(404);
    expect((await guestBook('2026-12-01', 1, { plan_code: 'NOPE' })).status).toBe(404);
  });

  it('serves revisions oldest first until acknowledged, and again after a replay', async () => {
    await ctl('PUT', '/clock', { now: '2026-11-25T09:00:00.000Z' });
    await pushStock('STD', '2026-12-01', '2026-12-10', 5);
    await pushPlan('P1', 'STD', '2026-12-01', '2026-12-10', { rate: 10000 });
    const ids: string[] = [];
    for (const d of ['2026-12-01', '2026-12-02', '2026-12-03']) ids.push((await guestBook(d)).body.reservation_id);

    const feed = await api('GET', '/booking_revisions/feed');
    expect(feed.status).toBe(200);
    expect(feed.body.revisions.map((r: any) => r.reservation_id)).toEqual(ids);
    const first = feed.body.revisions[0];
    expect(first).toMatchObject({
      reservation_id: ids[0],
      seq: 1,
      status: 'new',
      room_code: 'STD',
      plan_code: 'P1',
      start_date: '2026-12-01',
      nights: 1,
      guests: 2,
      name: '山田 太郎',
      mail: 'taro@example.jp',
      amount: 20000,
      inserted_at: '2026-11-25T09:00:00.000Z',
      origin: 'guest',
    });
    expect(typeof first.id).toBe('string');

    expect((await api('POST', `/booking_revisions/${first.id}/ack`)).body).toEqual({ ok: true });
    // Acknowledging twice is harmless; an unknown revision is 404.
    expect((await api('POST', `/booking_revisions/${first.id}/ack`)).status).toBe(200);
    expect((await api('POST', '/booking_revisions/nope/ack')).status).toBe(404);
    expect((await api('GET', '/booking_revisions/feed')).body.revisions).toHaveLength(2);

    // The guest changes the first one: a modified revision with seq 2 and the whole reservation.
    const changed = await ctl('PATCH', `/bookings/${ids[0]}`, { nights: 2 });
    expect(changed.status).toBe(200);
    const after = (await api('GET', '/booking_revisions/feed')).body.revisions;
    expect(after.map((r: any) => [r.reservation_id, r.seq, r.status])).toEqual([
      [ids[1], 1, 'new'],
      [ids[2], 1, 'new'],
      [ids[0], 2, 'modified'],
    ]);
    expect(after[2]).toMatchObject({ nights: 2, amount: 40000 });
    for (const r of after) await api('POST', `/booking_revisions/${r.id}/ack`);
    expect((await api('GET', '/booking_revisions/feed')).body.revisions).toEqual([]);

    expect((await ctl('POST', '/replay')).status).toBe(200);
    const replayed = (await api('GET', '/booking_revisions/feed')).body.revisions;
    expect(replayed.map((r: any) => [r.reservation_id, r.seq])).toEqual([
      [ids[0], 1],
      [ids[1], 1],
      [ids[2], 1],
      [ids[0], 2],
    ]);
  });

  it('pages the feed at 100 revisions', async () => {
    await pushStock('STD', '2026-12-01', '2026-12-01', 999);
    await pushPlan('P1', 'STD', '2026-12-01', '2026-12-01');
    for (let i = 0; i < 120; i++) expect((await guestBook()).status).toBe(201);
    const page = (await api('GET', '/booking_revisions/feed')).body.revisions;
    expect(page).toHaveLength(100);
    for (const r of page) await api('POST', `/booking_revisions/${r.id}/ack`);
    expect((await api('GET', '/booking_revisions/feed')).body.revisions).toHaveLength(20);
  });

  it('serves duplicates and newest first when asked', async () => {
    await pushStock('STD', '2026-12-01', '2026-12-10', 5);
    await pushPlan('P1', 'STD', '2026-12-01', '2026-12-10');
    const a = (await guestBook('2026-12-01')).body.reservation_id;
    const b = (await guestBook('2026-12-02')).body.reservation_id;

    await ctl('PUT', '/faults', { duplicate_revisions: true });
    const dup = (await api('GET', '/booking_revisions/feed')).body.revisions;
    expect(dup.map((r: any) => r.reservation_id)).toEqual([a, b, a, b]);
    expect(dup[0].id).toBe(dup[2].id);

    await ctl('PUT', '/faults', { duplicate_revisions: false, out_of_order: true });
    expect((await ctl('GET', '/faults')).body).toMatchObject({ duplicate_revisions: false, out_of_order: true });
    const rev = (await api('GET', '/booking_revisions/feed')).body.revisions;
    expect(rev.map((r: any) => r.reservation_id)).toEqual([b, a]);
  });

  it('gives the stock back on a cancel, by the guest or by us', async () => {
    await pushStock('STD', '2026-12-01', '2026-12-03', 2);
    await pushPlan('P1', 'STD', '2026-12-01', '2026-12-03');
    const a = (await guestBook('2026-12-01', 3)).body.reservation_id;
    const b = (await guestBook('2026-12-01', 2)).body.reservation_id;
    expect(await stockOf('2026-12-01', '2026-12-03')).toEqual([0, 0, 1]);

    const guestCancel = await ctl('POST', `/bookings/${a}/cancel`);
    expect(guestCancel.status).toBe(200);
    expect(guestCancel.body.status).toBe('cancelled');
    expect(await stockOf('2026-12-01', '2026-12-03')).toEqual([1, 1, 2]);

    // Our cancel refused by the site: nothing changes.
    await ctl('PUT', '/faults', { cancel_sync_error: true });
    const refused = await api('POST', `/bookings/${b}/cancel`);
    expect(refused.status).toBe(502);
    expect(refused.body.error).toBe('cancel_sync_error');
    expect(await stockOf('2026-12-01', '2026-12-03')).toEqual([1, 1, 2]);
    await ctl('PUT', '/faults', { cancel_sync_error: false });

    const ours = await api('POST', `/bookings/${b}/cancel`);
    expect(ours.status).toBe(200);
    expect(ours.body).toMatchObject({ reservation_id: b, status: 'cancelled', origin: 'hotel', seq: 2 });
    expect(await stockOf('2026-12-01', '2026-12-03')).toEqual([2, 2, 2]);
    // Idempotent: the same answer, no new revision, no stock given twice.
    const again = await api('POST', `/bookings/${b}/cancel`);
    expect(again.status).toBe(200);
    expect(again.body.seq).toBe(2);
    expect(await stockOf('2026-12-01', '2026-12-03')).toEqual([2, 2, 2]);
    const feed = (await api('GET', '/booking_revisions/feed')).body.revisions;
    expect(feed.map((r: any) => [r.reservation_id, r.status, r.origin])).toEqual([
      [a, 'new', 'guest'],
      [b, 'new', 'guest'],
      [a, 'cancelled', 'guest'],
      [b, 'cancelled', 'hotel'],
    ]);
    expect((await api('POST', '/bookings/IK00000000/cancel')).status).toBe(404);
  });

  it('applies our change, moving the stock, unless the site refuses', async () => {
    await pushStock('STD', '2026-12-01', '2026-12-05', 3);
    await pushStock('DLX', '2026-12-01', '2026-12-05', 1);
    await pushPlan('P1', 'STD', '2026-12-01', '2026-12-05');
    await pushPlan('P2', 'DLX', '2026-12-01', '2026-12-05');
    const id = (await guestBook('2026-12-01', 2, { amount: 30000 })).body.reservation_id;

    await ctl('PUT', '/faults', { close_booking_error: true });
    const refused = await api('PATCH', `/bookings/${id}`, { start_date: '2026-12-03' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('close_booking_error');
    await ctl('PUT', '/faults', { close_booking_error: false });

    const r = await api('PATCH', `/bookings/${id}`, {
      room_code: 'DLX',
      plan_code: 'P2',
      start_date: '2026-12-02',
      nights: 2,
      guests: 3,
      name: '山田 花子',
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      reservation_id: id,
      room_code: 'DLX',
      plan_code: 'P2',
      start_date: '2026-12-02',
      guests: 3,
      seq: 2,
      status: 'modified',
      origin: 'hotel',
      amount: 30000,
    });
    expect(await stockOf('2026-12-01', '2026-12-03')).toEqual([3, 3, 3]);
    expect(await stockOf('2026-12-01', '2026-12-04', 'DLX')).toEqual([1, 0, 0, 1]);
    // The same change again makes no new revision.
    expect((await api('PATCH', `/bookings/${id}`, { guests: 3 })).body.seq).toBe(2);
    expect((await api('PATCH', `/bookings/${id}`, { plan_code: 'NOPE' })).status).toBe(404);
    expect((await api('PATCH', `/bookings/${id}`, { nights: 31 })).status).toBe(400);
  });

  it('lets the guest change a booking only onto nights with stock', async () => {
    await pushStock('STD', '2026-12-01', '2026-12-02', 1);
    await pushStock('STD', '2026-12-03', '2026-12-03', 0);
    await pushPlan('P1', 'STD', '2026-12-01', '2026-12-03', { rate: 7000 });
    const id = (await guestBook('2026-12-01', 1)).body.reservation_id;
    const full = await ctl('PATCH', `/bookings/${id}`, { nights: 3 });
    expect(full.status).toBe(409);
    expect(full.body.error).toBe('sold_out');
    expect(await stockOf('2026-12-01', '2026-12-03')).toEqual([0, 1, 0]);
    // Its own night counts as free for the change.
    const ok = await ctl('PATCH', `/bookings/${id}`, { nights: 2, guests: 1 });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ hotel_id: SAKURA.hotel, nights: 2, amount: 14000, seq: 2, origin: 'guest' });
    expect(await stockOf('2026-12-01', '2026-12-03')).toEqual([0, 0, 0]);
    await ctl('POST', `/bookings/${id}/cancel`);
    expect((await ctl('PATCH', `/bookings/${id}`, { nights: 1 })).status).toBe(409);
    expect((await ctl('PATCH', '/bookings/IK00000000', { nights: 1 })).status).toBe(404);
  });

  it('lists the reservations changed since a time', async () => {
    await pushStock('STD', '2026-12-01', '2026-12-05', 3);
    await pushPlan('P1', 'STD', '2026-12-01', '2026-12-05');
    await ctl('PUT', '/clock', { now: '2026-11-25T09:00:00Z' });
    const a = (await guestBook('2026-12-01')).body.reservation_id;
    await ctl('PUT', '/clock', { now: '2026-11-25T10:00:00Z' });
    const b = (await guestBook('2026-12-02')).body.reservation_id;
    await ctl('PUT', '/clock', { now: '2026-11-25T11:00:00Z' });
    await ctl('POST', `/bookings/${a}/cancel`);
    await ctl('PUT', '/clock', { now: null });

    const all = await api('GET', '/bookings');
    expect(all.body.bookings.map((x: any) => x.reservation_id)).toEqual([b, a]);
    const since = await api('GET', '/bookings?updated_from=2026-11-25T10:30:00Z');
    expect(since.body.bookings).toHaveLength(1);
    expect(since.body.bookings[0]).toMatchObject({
      reservation_id: a,
      status: 'cancelled',
      seq: 2,
      revision_id: expect.any(String),
      updated_at: '2026-11-25T11:00:00.000Z',
    });
    expect((await api('GET', '/bookings?updated_from=yesterday')).status).toBe(400);
  });

  it('refuses a wrong login with 401, and every login under the wrong_password fault', async () => {
    const wrong = await api('GET', '/login', undefined, { ...SAKURA, password: 'nope' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe('wrong_password');
    expect((await call('GET', `/api/v1/hotels/${SAKURA.hotel}/login`)).status).toBe(401);
    // The credentials of another facility do not open this one.
    expect((await api('GET', '/login', undefined, { ...SAKURA, login: 'mizuumi' })).status).toBe(401);

    await ctl('PUT', '/faults', { wrong_password: true });
    expect((await api('GET', '/login')).status).toBe(401);
    // A facility's login can be replaced.
    await ctl('PUT', '/faults', { wrong_password: false });
    const put = await ctl('PUT', `/hotels/${SAKURA.hotel}`, {
      login_id: 'sakura-so',
      password: 'new',
      name: 'さくら荘',
    });
    expect(put.status).toBe(200);
    expect((await api('GET', '/login')).status).toBe(401);
    expect((await api('GET', '/login', undefined, { ...SAKURA, password: 'new' })).status).toBe(200);
  });

  it('answers 403 closed, 503 in an outage while guests still book, 500 at error_rate 1', async () => {
    await pushStock('STD', '2026-12-01', '2026-12-05', 3);
    await pushPlan('P1', 'STD', '2026-12-01', '2026-12-05');

    await ctl('PUT', '/faults', { closed: true });
    const closed = await api('POST', '/availability', {
      values: [{ room_code: 'STD', date_from: '2026-12-01', date_to: '2026-12-01', availability: 9 }],
    });
    expect(closed.status).toBe(403);
    expect(closed.body.error).toBe('closed');
    expect(await stockOf('2026-12-01', '2026-12-01')).toEqual([3]);

    await ctl('PUT', '/faults', { closed: false, outage: true });
    const down = await api('GET', '/booking_revisions/feed');
    expect(down.status).toBe(503);
    expect(down.body.error).toBe('unavailable');
    expect((await guestBook('2026-12-01')).status).toBe(201);
    expect((await ctl('GET', `/bookings?hotel_id=${SAKURA.hotel}`)).body.bookings).toHaveLength(1);

    await ctl('PUT', '/faults', { outage: false, error_rate: 1 });
    const failed = await api('GET', '/login');
    expect(failed.status).toBe(500);
    expect(failed.body.error).toBe('internal');
    await ctl('PUT', '/faults', { error_rate: 0.5, seed: 7 });
    const codes: number[] = [];
    for (let i = 0; i < 40; i++) codes.push((await api('GET', '/login')).status);
    expect(codes.filter((c) => c === 500).length).toBeGreaterThan(5);
    expect(codes.filter((c) => c === 200).length).toBeGreaterThan(5);

    // A reset clears the faults.
    await ctl('POST', '/reset');
    expect((await ctl('GET', '/faults')).body.error_rate).toBe(0);
    expect((await api('GET', '/login')).status).toBe(200);
  });

  it('delays every channel answer by slow_ms', async () => {
    await ctl('PUT', '/faults', { slow_ms: 300 });
    const t = Date.now();
    expect((await api('GET', '/login')).status).toBe(200);
    expect(Date.now() - t).toBeGreaterThanOrEqual(280);
    const u = Date.now();
    await ctl('GET', '/faults');
    expect(Date.now() - u).toBeLessThan(250);
  });

  it('answers 429 with Retry-After past 10 pushes a minute, per kind', async () => {
    const value = { room_code: 'STD', date_from: '2026-12-01', date_to: '2026-12-31', availability: 4 };
    for (let i = 0; i < 10; i++) {
      expect((await api('POST', '/availability', { values: [value] })).status).toBe(200);
    }
    const limited = await api('POST', '/availability', { values: [value] });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe('rate_limited');
    const retry = Number(limited.headers.get('retry-after'));
    expect(Number.isInteger(retry)).toBe(true);
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    // Restrictions have their own window; reads and other facilities are not limited.
    expect((await api('POST', '/restrictions', { values: [{ ...value, plan_code: 'P1', rate: 1 }] })).status).toBe(200);
    expect((await api('GET', '/availability?room_code=STD&from=2026-12-01&to=2026-12-02')).status).toBe(200);
    const other = { hotel: '100121', login: 'mizuumi', password: 'channel-pass-2345' };
    expect((await api('POST', '/availability', { values: [value] }, other)).status).toBe(200);

    const stats = await ctl('GET', `/stats?hotel_id=${SAKURA.hotel}`);
    expect(stats.body.calls).toMatchObject({ availability: 11, restrictions: 1, availability_read: 1 });
    expect(stats.body.rate_limited).toBe(1);
    expect((await ctl('GET', '/stats?hotel_id=100121')).body.calls.availability).toBe(1);

    expect((await ctl('DELETE', `/stats?hotel_id=${SAKURA.hotel}`)).status).toBe(200);
    expect((await ctl('GET', `/stats?hotel_id=${SAKURA.hotel}`)).body).toMatchObject({
      calls: { availability: 0, total: 0 },
      rate_limited: 0,
    });
    // A higher limit lets more through (the window itself survives a stats reset).
    expect((await api('POST', '/availability', { values: [value] })).status).toBe(429);
    expect((await ctl('PUT', '/config', { rate_limit_per_minute: 20 })).status).toBe(200);
    expect((await api('POST', '/availability', { values: [value] })).status).toBe(200);
  });

  it('applies a change and never answers under timeout_after_commit', async () => {
    await ctl('PUT', '/faults', { timeout_after_commit: true });
    const t = Date.now();
    await expect(
      fetch(`${sim.url}/api/v1/hotels/${SAKURA.hotel}/availability`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: basic(SAKURA.login, SAKURA.password) },
        body: JSON.stringify({
          values: [{ room_code: 'STD', date_from: '2026-12-01', date_to: '2026-12-02', availability: 7 }],
        }),
        signal: AbortSignal.timeout(400),
      }),
    ).rejects.toThrow();
    expect(Date.now() - t).toBeGreaterThanOrEqual(350);
    expect(await stockOf('2026-12-01', '2026-12-02')).toEqual([7, 7]);
    // Reads still answer.
    expect((await api('GET', '/login')).status).toBe(200);
  });

  it('closes promptly while a request is held', async () => {
    const other = await startChannelSim({ port: 0 });
    await fetch(`${other.url}/sim/faults`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ timeout_after_commit: true }),
    });
    const held = fetch(`${other.url}/api/v1/hotels/${SAKURA.hotel}/availability`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: basic(SAKURA.login, SAKURA.password) },
      body: JSON.stringify({
        values: [{ room_code: 'STD', date_from: '2026-12-01', date_to: '2026-12-01', availability: 1 }],
      }),
    }).then(
      () => 'answered',
      () => 'dropped',
    );
    await new Promise((r) => setTimeout(r, 100));
    const t = Date.now();
    await other.close();
    expect(Date.now() - t).toBeLessThan(2000);
    expect(await held).toBe('dropped');
    expect(other.state.hotels.get(SAKURA.hotel)?.rooms.get('STD')?.nights.get('2026-12-01')).toBe(1);
  });

  it('gives the status code of each day of a month', async () => {
    await pushStock('STD', '2027-02-01', '2027-02-03', 5);
    await pushStock('STD', '2027-02-04', '2027-02-04', 2);
    await pushStock('STD', '2027-02-05', '2027-02-05', 1);
    await pushStock('STD', '2027-02-06', '2027-02-06', 0);
    await pushPlan('P1', 'STD', '2027-02-01', '2027-02-28', { rate: 9000 });
    await pushPlan('P1', 'STD', '2027-02-03', '2027-02-03', { stop_sell: true });
    const r = await api('GET', '/status?plan_code=P1&year=2027&month=2');
    expect(r.status).toBe(200);
    const codes = r.body.status.split(',').map(Number);
    expect(codes).toHaveLength(28);
    expect(codes.slice(0, 7)).toEqual([1, 1, 0, 2, 2, 0, 3]);
    expect(codes.every((c: number) => [0, 1, 2, 3].includes(c))).toBe(true);
    expect((await api('GET', '/status?plan_code=NOPE&year=2027&month=2')).status).toBe(404);
    expect((await api('GET', '/status?plan_code=P1&year=2027&month=13')).status).toBe(400);
  });

  it('answers 400 bad_request on bad input and writes nothing', async () => {
    const bad = [
      [{ values: [{ room_code: 'STD', date_from: '2026-12-01', date_to: '2026-12-02', availability: 1000 }] }],
      [{ values: [{ room_code: 'STD', date_from: '2026-12-01', date_to: '2026-12-02', availability: 1.5 }] }],
      [{ values: [{ room_code: 'STD', date_from: '2026-02-30', date_to: '2026-12-02', availability: 1 }] }],
      [{ values: [{ room_code: 'STD', date_from: '2026-12-03', date_to: '2026-12-02', availability: 1 }] }],
      [{ values: [] }],
      ['{not json'],
      ['[]'],
    ];
    for (const [body] of bad) {
      const r = await api('POST', '/availability', body);
      expect(r.status).toBe(400);
      expect(r.body.error).toBe('bad_request');
      expect(typeof r.body.message).toBe('string');
    }
    expect((await api('POST', '/availability')).status).toBe(400);
    const rate = await api('POST', '/restrictions', {
      values: [{ plan_code: 'P1', room_code: 'STD', date_from: '2026-12-01', date_to: '2026-12-01', rate: -1 }],
    });
    expect(rate.status).toBe(400);
    expect((await ctl('GET', '/hotels')).body.hotels[0].rooms).toEqual([]);

    await pushStock('STD', '2026-12-01', '2026-12-05', 3);
    await pushPlan('P1', 'STD', '2026-12-01', '2026-12-05');
    expect((await guestBook('2026-12-01', 31)).status).toBe(400);
    expect((await guestBook('2026-12-01', 0)).status).toBe(400);
    expect((await guestBook('2026/12/01', 1)).status).toBe(400);
    expect((await ctl('PUT', '/faults', { error_rate: 2 })).status).toBe(400);
    expect((await ctl('PUT', '/faults', { nonsense: true })).status).toBe(400);
    expect((await ctl('PUT', '/config', { rate_limit_per_minute: 'ten' })).status).toBe(400);
    expect((await ctl('PUT', '/clock', { now: 'tomorrow' })).status).toBe(400);
    expect((await api('GET', '/availability?room_code=STD&from=2026-12-01')).status).toBe(400);
    expect((await ctl('GET', '/inventory?hotel_id=100120&room_code=STD&from=x&to=y')).status).toBe(400);
    expect((await ctl('GET', '/nothing')).status).toBe(404);
  });

  it('takes a burst of 1,000 bookings and serves them through the feed quickly', async () => {
    await pushStock('STD', '2026-12-01', '2026-12-31', 999);
    await pushPlan('P1', 'STD', '2026-12-01', '2026-12-31', { rate: 5000 });
    const t = Date.now();
    const batch = 50;
    for (let i = 0; i < 1000; i += batch) {
      const rs = await Promise.all(
        Array.from({ length: batch }, (_, j) => guestBook(`2026-12-${String(((i + j) % 28) + 1).padStart(2, '0')}`, 2)),
      );
      for (const r of rs) expect(r.status).toBe(201);
    }
    let served = 0;
    for (;;) {
      const page = (await api('GET', '/booking_revisions/feed')).body.revisions;
      if (page.length === 0) break;
      served += page.length;
      await Promise.all(page.map((r: any) => api('POST', `/booking_revisions/${r.id}/ack`)));
    }
    expect(served).toBe(1000);
    expect(Date.now() - t).toBeLessThan(15_000);
  });
});

describe('the sliding window', () => {
  it('frees a slot 60 s after the call that took it, and says when', () => {
    let now = 0;
    const limiter = new SlidingWindowLimiter(10, () => now);
    for (let i = 0; i < 10; i++) {
      expect(limiter.take('h', 'availability').ok).toBe(true);
      now += 1000;
    }
    // Calls at 0..9 s; at 10 s the first frees at 60 s.
    expect(limiter.take('h', 'availability')).toEqual({ ok: false, retryAfter: 50 });
    expect(limiter.take('h', 'restrictions').ok).toBe(true);
    expect(limiter.take('other', 'availability').ok).toBe(true);
    now = 59_500;
    expect(limiter.take('h', 'availability')).toEqual({ ok: false, retryAfter: 1 });
    now = 60_000;
    expect(limiter.take('h', 'availability').ok).toBe(true);
    expect(limiter.take('h', 'availability')).toEqual({ ok: false, retryAfter: 1 });
    now = 61_000;
    expect(limiter.take('h', 'availability').ok).toBe(true);
  });
});
