import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, tokyoToday } from '../../contract/dates';
import { errorMessages } from '../../contract/messages';
import { syncBooking, syncPendingBookings } from '../../server/channel/outbound/bookSync';
import { channelKey } from '../../server/channel/wire/credentials';
import { channelAvailabilityByNight } from '../../server/channel/outbound/ourStock';
import { STAFF } from '../support/testServer';
import {
  bookingsOf,
  facility,
  freeStart,
  openOnSite,
  pull,
  pullSuite,
  siteBook,
  type Facility,
} from './channelPullSupport';

/**
 * Our changes and cancels of channel bookings reach the site (issue 21): PATCH
 * /api/admin/books/{id}/sync and the scheduler's syncPendingBookings, against the simulator over HTTP.
 */

const suite = pullSuite();
let f: Facility;
let staff: string;
let nextFrom: string;

/** A booking for one made here (not on the site) for the night of `start`. */
const bookHere = (start: string, name: string) =>
  suite.http.send<any>('POST', '/api/admin/books', {
    token: suite.admin,
    json: {
      accommodation_id: f.accommodationId,
      start_date: start,
      days: 1,
      person_number: 1,
      room_id: f.room.id,
      plan_id: f.plan.id,
      name,
      price: 0,
    },
  });
const syncPath = (id: number) => `/api/admin/books/${id}/sync`;
const sync = (id: number, token = suite.admin) => suite.http.send<any>('PATCH', syncPath(id), { token });

/** A guest's reservation made on the site and pulled in: our via-1 booking of it, synced. */
async function pulledBooking(name: string): Promise<{ id: number; reservationId: string; start: string }> {
  const start = await freeStart(suite, f.room.id, 2, nextFrom);
  nextFrom = addDays(start, 3);
  await openOnSite(f, start, addDays(start, 1), 5);
  const reservationId = await siteBook(suite, f, start, 2, name);
  await pull(suite, f);
  const [b] = await bookingsOf(suite, f, reservationId);
  expect(b).toMatchObject({ via: 1, sync: 1, delete_flg: 0 });
  return { id: b!.id, reservationId, start };
}

async function siteReservation(reservationId: string): Promise<any> {
  const res = await suite.ctl('GET', `/bookings?hotel_id=${f.account.hotelId}`);
  return (res.body.bookings as any[]).find((b) => b.reservation_id === reservationId);
}

async function syncFlag(id: number): Promise<number> {
  const [b] = await suite.rows<{ sync: number }>(sql`select sync from bookings where id = ${id}`);
  return b!.sync;
}

const logsOf = (id: number) =>
  suite.rows<{ success: number; message: string }>(
    sql`select success, message from sync_logs where book_id = ${id} order by id`,
  );

async function rename(id: number, name: string) {
  const res = await suite.http.send<any>('PATCH', `/api/admin/books/${id}`, { token: suite.admin, json: { name } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(await syncFlag(id)).toBe(0);
}

async function cancelHere(id: number) {
  const res = await suite.http.send('DELETE', `/api/admin/books/${id}`, { token: suite.admin });
  expect(res.status).toBe(204);
  expect(await syncFlag(id)).toBe(0);
}

const setPassword = (password: string) =>
  suite.ctl('PUT', `/hotels/${f.account.hotelId}`, { login_id: f.account.loginId, password, name: 'さくら荘' });

beforeAll(async () => {
  f = await facility(suite, 0);
  staff = (await suite.http.login(STAFF)).access_token;
  nextFrom = addDays(tokyoToday(), 40);
});

describe('PATCH /api/admin/books/{id}/sync', () => {
  it('a cancel here reaches the site: the reservation is cancelled there, the booking synced, and answered as GET answers it', async () => {
    const { id, reservationId } = await pulledBooking('取消 同期');
    await cancelHere(id);
    expect((await siteReservation(reservationId)).status).not.toBe('cancelled');

    const res = await sync(id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id, sync: 1, delete_flg: 1, via: 1 });
    const get = await suite.http.get(`/api/admin/books/${id}`, suite.admin);
    expect(res.body).toEqual(get.body);

    const site = await siteReservation(reservationId);
    expect(site.status).toBe('cancelled');
    const logs = await logsOf(id);
    expect(logs.at(-1)!.success).toBe(1);

    // Our own cancel comes back on the feed as the hotel's: applying it changes nothing.
    await pull(suite, f);
    const [after] = await bookingsOf(suite, f, reservationId);
    expect(after).toMatchObject({ sync: 1, delete_flg: 1 });
    // Syncing a synced booking again calls nothing.
    expect((await sync(id)).status).toBe(200);
  });

  it('a change here reaches the site, and the site seq is kept', async () => {
    const { id, reservationId } = await pulledBooking('変更 前');
    const seqBefore = (await siteReservation(reservationId)).seq as number;
    await rename(id, '変更 後');
    const res = await sync(id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id, sync: 1, name: '変更 後' });
    const site = await siteReservation(reservationId);
    expect(site).toMatchObject({ name: '変更 後', status: 'modified' });
    expect(site.seq).toBeGreaterThan(seqBefore);
    const [b] = await bookingsOf(suite, f, reservationId);
    expect(b!.external_seq).toBe(site.seq);
    await pull(suite, f);
    expect((await bookingsOf(suite, f, reservationId))[0]).toMatchObject({ sync: 1, name: '変更 後' });
  });

  it('a wrong password answers 409 with its sentence and leaves a failure log row', async () => {
    const { id } = await pulledBooking('パスワード 違い');
    await rename(id, 'パスワード 違い 二');
    await setPassword('not-the-password-0000');
    try {
      const res = await sync(id);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('外部予約サイトのパスワードが違います。');
      expect(res.body.message).toBe(errorMessages.syncWrongPassword);
      expect(await syncFlag(id)).toBe(0);
      const logs = await logsOf(id);
      expect(logs.at(-1)!.success).toBe(0);
      expect(logs.at(-1)!.message).toContain(errorMessages.syncWrongPassword);
    } finally {
      await setPassword(f.account.password);
    }
    expect((await sync(id)).body).toMatchObject({ sync: 1 });
  });

  it('the site closed, a close-booking error, a cancel-sync error and an outage give their sentences', async () => {
    const cases: { faults: Record<string, boolean>; change: 'rename' | 'cancel'; status: number; message: string }[] = [
      { faults: { closed: true }, change: 'rename', status: 409, message: errorMessages.syncStateNotAllowed },
      {
        faults: { close_booking_error: true },
        change: 'rename',
        status: 409,
        message: errorMessages.syncCloseBookingError,
      },
      { faults: { cancel_sync_error: true }, change: 'cancel', status: 409, message: errorMessages.syncCancelError },
      { faults: { outage: true }, change: 'rename', status: 502, message: errorMessages.syncFailed },
    ];
    for (const c of cases) {
      const { id, reservationId } = await pulledBooking(`障害 ${Object.keys(c.faults)[0]}`);
      if (c.change === 'rename') await rename(id, `障害 変更 ${Object.keys(c.faults)[0]}`);
      else await cancelHere(id);
      await suite.ctl('PUT', '/faults', c.faults);
      try {
        const res = await sync(id);
        expect(res.status, JSON.stringify(c.faults)).toBe(c.status);
        expect(res.body.message).toBe(c.message);
        expect(await syncFlag(id)).toBe(0);
        const logs = await logsOf(id);
        expect(logs.at(-1)).toMatchObject({ success: 0 });
        expect(logs.at(-1)!.message).toContain(c.message);
      } finally {
        await suite.ctl('PUT', '/faults', {
          closed: false,
          close_booking_error: false,
          cancel_sync_error: false,
          outage: false,
        });
      }
      // Once the site takes it again, the same booking syncs.
      const ok = await sync(id);
      expect(ok.status).toBe(200);
      expect(ok.body.sync).toBe(1);
      expect((await siteReservation(reservationId)).status).toBe(c.change === 'cancel' ? 'cancelled' : 'modified');
    }
  });

  it("a booking made here: its room type's stock for its nights reaches the site now", async () => {
    const start = await freeStart(suite, f.room.id, 1, nextFrom);
    nextFrom = addDays(start, 2);
    await openOnSite(f, start, start, 9);
    const created = await bookHere(start, '館内 予約');
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as number;
    const res = await sync(id, staff);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id, sync: 1 });
    const ours = (await channelAvailabilityByNight(suite.server.database.db, [f.room.id], start, addDays(start, 1)))
      .get(f.room.id)!
      .get(start);
    const q = new URLSearchParams({ hotel_id: f.account.hotelId, room_code: f.room.code, from: start, to: start });
    const site = await suite.ctl('GET', `/inventory?${q}`);
    expect(site.body.days[0].stock).toBe(ours);
  });

  it('a booking made here while the site refuses the password: 409 with its sentence, and again while the push waits', async () => {
    const start = await freeStart(suite, f.room.id, 1, nextFrom);
    nextFrom = addDays(start, 2);
    const created = await bookHere(start, '館内 パスワード');
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    await setPassword('not-the-password-2222');
    try {
      for (let i = 0; i < 2; i++) {
        const res = await sync(id);
        expect(res.status).toBe(409);
        expect(res.body.message).toBe(errorMessages.syncWrongPassword);
      }
      expect((await logsOf(id)).map((l) => l.success)).toEqual([0, 0]);
    } finally {
      await setPassword(f.account.password);
      await suite.server.database.db.execute(
        sql`update channel_state set push_not_before = null where accommodation_id = ${f.accommodationId}`,
      );
    }
    expect((await sync(id)).body).toMatchObject({ id, sync: 1 });
  });

  it('answers 404 for a booking of a facility the user may not reach, or none', async () => {
    const [other] = await suite.rows<{ id: number }>(
      sql`select id from bookings where accommodation_id <> ${f.accommodationId} order by id limit 1`,
    );
    const res = await sync(other!.id, staff);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(errorMessages.notFound);
    expect((await sync(99_999_999)).status).toBe(404);
    expect((await suite.http.send('PATCH', syncPath(1))).status).toBe(401);
  });

  it('a facility without a sync setting answers 409 with the sync-failed sentence', async () => {
    const accommodationId = suite.accommodationIds[2]!;
    const [b] = await suite.rows<{ id: number }>(
      sql`select id from bookings where accommodation_id = ${accommodationId} order by id limit 1`,
    );
    await suite.server.database.db.execute(sql`delete from sync_settings where accommodation_id = ${accommodationId}`);
    const res = await sync(b!.id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(errorMessages.syncFailed);
  });
});

describe('syncPendingBookings (the scheduler)', () => {
  it('syncs every unsynced channel booking, and a refusal streak logs once per booking', async () => {
    const a = await pulledBooking('予定 一');
    const b = await pulledBooking('予定 二');
    await rename(a.id, '予定 一 変更');
    await cancelHere(b.id);
    const db = suite.server.database.db;
    const key = await channelKey(db, suite.server.config);

    await setPassword('not-the-password-1111');
    try {
      for (let i = 0; i < 3; i++) await syncPendingBookings(db, suite.sim.url, key, new Date());
    } finally {
      await setPassword(f.account.password);
    }
    // The facility's refusal ends the turn: the first booking tried has one failure row, however many turns.
    const failures = await suite.rows<{ n: number }>(
      sql`select count(*)::int as n from sync_logs where book_id in (${a.id}, ${b.id}) and success = 0`,
    );
    expect(failures[0]!.n).toBe(1);
    expect(await syncFlag(a.id)).toBe(0);

    await syncPendingBookings(db, suite.sim.url, key, new Date());
    expect(await syncFlag(a.id)).toBe(1);
    expect(await syncFlag(b.id)).toBe(1);
    expect((await siteReservation(a.reservationId)).name).toBe('予定 一 変更');
    expect((await siteReservation(b.reservationId)).status).toBe('cancelled');
  });
});

describe('a change the site made but never answered (timeout_after_commit)', () => {
  it('fails as unreachable and stays unsynced; the retry after it makes no second change on the site', async () => {
    const db = suite.server.database.db;
    const channel = { baseUrl: suite.sim.url, key: await channelKey(db, suite.server.config), timeoutMs: 700 };
    const changed = await pulledBooking('応答なし 変更前');
    const cancelled = await pulledBooking('応答なし 取消');
    await rename(changed.id, '応答なし 変更後');
    await cancelHere(cancelled.id);
    const seqBefore = {
      changed: (await siteReservation(changed.reservationId)).seq as number,
      cancelled: (await siteReservation(cancelled.reservationId)).seq as number,
    };

    expect((await suite.ctl('PUT', '/faults', { timeout_after_commit: true })).status).toBe(200);
    try {
      for (const b of [changed, cancelled]) {
        const failure = await syncBooking(db, b.id, null, new Date(), channel).then(
          () => null,
          (e: unknown) => e as { statusCode: number; message: string },
        );
        expect(failure, 'the site never answered').not.toBeNull();
        expect(failure!.statusCode).toBe(502);
        expect(await syncFlag(b.id)).toBe(0);
        expect((await logsOf(b.id)).at(-1)!.success).toBe(0);
      }
    } finally {
      await suite.ctl('PUT', '/faults', { timeout_after_commit: false });
    }
    // The site made both changes before it stopped answering.
    expect(await siteReservation(changed.reservationId)).toMatchObject({ name: '応答なし 変更後', status: 'modified' });
    expect((await siteReservation(cancelled.reservationId)).status).toBe('cancelled');

    // The retry: synced, and the site holds one change of each, not two.
    for (const b of [changed, cancelled]) {
      const res = await sync(b.id);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.sync).toBe(1);
    }
    expect((await siteReservation(changed.reservationId)).seq).toBe(seqBefore.changed + 1);
    expect((await siteReservation(cancelled.reservationId)).seq).toBe(seqBefore.cancelled + 1);
    const [b] = await bookingsOf(suite, f, changed.reservationId);
    expect(b).toMatchObject({ sync: 1, name: '応答なし 変更後', external_seq: seqBefore.changed + 1 });
  });
});
