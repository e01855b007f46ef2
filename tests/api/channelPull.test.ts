import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, tokyoToday } from '../../contract/dates';
import { applyRevision, CHANNEL_AUTHOR, channelLogMessages, reconRevisionId } from '../../server/channel/inbound/apply';
import { loadMapping } from '../../server/channel/wire/mapping';
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

/** Bookings in from the channel (issue 21): the feed applied once, in any order, and never lost. */

const suite = pullSuite();
const today = tokyoToday();

async function syncLogs(f: Facility, bookId?: number) {
  return suite.rows<{ book_id: number | null; success: number; message: string }>(sql`
    select book_id, success, message from sync_logs where accommodation_id = ${f.accommodationId}
      ${bookId === undefined ? sql`` : sql`and book_id = ${bookId}`}
    order by id`);
}

describe('the booking feed', () => {
  it('brings a site booking once, however often the feed is replayed or doubled', async () => {
    const f = await facility(suite, 0);
    const start = addDays(today, 200);
    await openOnSite(f, start, addDays(start, 20), 5);
    const rid = await siteBook(suite, f, start, 2, '渡辺 一郎');

    const first = await pull(suite, f);
    expect(first.error).toBeUndefined();
    expect(first.applied).toBe(1);
    const [booking, ...more] = await bookingsOf(suite, f, rid);
    expect(more).toEqual([]);
    expect(booking).toMatchObject({
      via: 1,
      sync: 1,
      external_seq: 1,
      start_date: start,
      days: 2,
      person_number: 2,
      name: '渡辺 一郎',
      room_id: f.room.id,
      plan_id: f.plan.id,
      price_sub: 9000 * 2 * 2,
      overbooked: 0,
      delete_flg: 0,
    });
    // The console sees it as any booking: via 1 (the channel), synced.
    const shown = await suite.http.get(`/api/admin/books/${booking!.id}`, suite.admin);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ via: 1, sync: 1, name: '渡辺 一郎', start_date: start });
    const history = await suite.http.get(`/api/admin/books/${booking!.id}/history`, suite.admin);
    expect(history.body.history).toEqual([expect.objectContaining({ action: 'create', user_name: CHANNEL_AUTHOR })]);
    expect((await syncLogs(f, booking!.id)).map((l) => [l.success, l.message])).toEqual([
      [1, channelLogMessages.imported('渡辺 一郎', start, 2)],
    ]);

    // Acknowledged: nothing comes again.
    expect(await pull(suite, f)).toMatchObject({ applied: 0, duplicates: 0, stale: 0 });

    // Every revision served again: all duplicates, still one booking, no new log row.
    expect((await suite.ctl('POST', '/replay')).status).toBe(200);
    const replayed = await pull(suite, f);
    expect(replayed.applied).toBe(0);
    expect(replayed.duplicates).toBeGreaterThanOrEqual(1);
    expect(await bookingsOf(suite, f, rid)).toHaveLength(1);
    expect(await syncLogs(f, booking!.id)).toHaveLength(1);

    // The feed serving each revision twice.
    await suite.ctl('PUT', '/faults', { duplicate_revisions: true });
    try {
      const rid2 = await siteBook(suite, f, addDays(start, 3), 1, '渡辺 二郎');
      const doubled = await pull(suite, f);
      expect(doubled).toMatchObject({ applied: 1, duplicates: 1 });
      expect(await bookingsOf(suite, f, rid2)).toHaveLength(1);
    } finally {
      await suite.ctl('PUT', '/faults', { duplicate_revisions: false });
    }
  });

  it('ends in the same state when revisions come newest first: modified twice then cancelled is cancelled', async () => {
    const f = await facility(suite, 0);
    const start = addDays(today, 230);
    await openOnSite(f, start, addDays(start, 20), 5);
    const rid = await siteBook(suite, f, start, 1, '順番 太郎');
    expect((await suite.ctl('PATCH', `/bookings/${rid}`, { nights: 2 })).status).toBe(200);
    expect((await suite.ctl('PATCH', `/bookings/${rid}`, { start_date: addDays(start, 5), guests: 3 })).status).toBe(
      200,
    );
    expect((await suite.ctl('POST', `/bookings/${rid}/cancel`)).status).toBe(200);

    await suite.ctl('PUT', '/faults', { out_of_order: true });
    try {
      const result = await pull(suite, f);
      // The cancel (seq 4) first: the booking is made already cancelled; the older three change nothing.
      expect(result).toMatchObject({ applied: 1, stale: 3 });
    } finally {
      await suite.ctl('PUT', '/faults', { out_of_order: false });
    }
    const [booking, ...more] = await bookingsOf(suite, f, rid);
    expect(more).toEqual([]);
    expect(booking).toMatchObject({
      delete_flg: 1,
      external_seq: 4,
      start_date: addDays(start, 5),
      days: 2,
      person_number: 3,
      cancel_fee: null,
      overbooked: 0,
    });

    // The same revisions in order again (a replay) change nothing either.
    await suite.ctl('POST', '/replay');
    await pull(suite, f);
    expect(await bookingsOf(suite, f, rid)).toEqual([booking]);
  });

  it('applies a modification and a cancel made on the site: no cancel fee, an audit row, a log row', async () => {
    const f = await facility(suite, 0);
    const start = addDays(today, 260);
    await openOnSite(f, start, addDays(start, 20), 5);
    const rid = await siteBook(suite, f, start, 1, '変更 花子');
    await pull(suite, f);
    const [made] = await bookingsOf(suite, f, rid);

    await suite.ctl('PATCH', `/bookings/${rid}`, { nights: 3, name: '変更 花子様' });
    expect(await pull(suite, f)).toMatchObject({ applied: 1 });
    expect((await bookingsOf(suite, f, rid))[0]).toMatchObject({
      id: made!.id,
      days: 3,
      name: '変更 花子様',
      external_seq: 2,
      price_sub: 9000 * 2 * 3,
      sync: 1,
    });

    await suite.ctl('POST', `/bookings/${rid}/cancel`);
    expect(await pull(suite, f)).toMatchObject({ applied: 1 });
    const [cancelled] = await bookingsOf(suite, f, rid);
    expect(cancelled).toMatchObject({ id: made!.id, delete_flg: 1, cancel_fee: null, external_seq: 3, sync: 1 });
    const shown = await suite.http.get(`/api/admin/books/${made!.id}`, suite.admin);
    expect(shown.body).toMatchObject({ delete_flg: 1, cancel_fee: null });
    expect(shown.body.deleted_at).toBeTruthy();
    const history = (await suite.http.get(`/api/admin/books/${made!.id}/history`, suite.admin)).body.history;
    expect(history.map((h: any) => [h.action, h.user_name])).toEqual([
      ['cancel', CHANNEL_AUTHOR],
      ['update', CHANNEL_AUTHOR],
      ['create', CHANNEL_AUTHOR],
    ]);
    expect(history[0].changes.delete_flg).toEqual({ from: 0, to: 1 });
    const logs = await syncLogs(f, made!.id);
    expect(logs.at(-1)).toMatchObject({ success: 1, message: channelLogMessages.cancelled });
  });
});

describe('the last room sold on both sides', () => {
  it('keeps the channel booking, flags it overbooked, logs it and shows the day as over', async () => {
    const f = await facility(suite, 0);
    const night = await freeStart(suite, f.room.id, 1, addDays(today, 290));
    // The site still holds a room for the night (our sale has not reached it).
    await openOnSite(f, night, night, 1);
    // Staff sell every room of the type for the night in the console.
    for (let i = 0; i < f.room.maxNum; i++) {
      const res = await suite.http.send<any>('POST', '/api/admin/books', {
        token: suite.admin,
        json: {
          accommodation_id: f.accommodationId,
          start_date: night,
          days: 1,
          person_number: 2,
          room_id: f.room.id,
          plan_id: null,
          price_sub: 10000,
          name: `窓口 ${i + 1}`,
          price: 0,
        },
      });
      expect(res.status).toBe(201);
    }
    // A guest takes the site's last room: the site sells it.
    const rid = await siteBook(suite, f, night, 1, '最後 一室');

    expect(await pull(suite, f)).toMatchObject({ applied: 1 });
    const [booking] = await bookingsOf(suite, f, rid);
    expect(booking).toMatchObject({ overbooked: 1, delete_flg: 0, via: 1 });
    const logs = await syncLogs(f, booking!.id);
    expect(logs).toContainEqual({ book_id: booking!.id, success: 0, message: channelLogMessages.overbooked(night) });
    const day = await suite.http.get(
      `/api/admin/books/date/${night}?accommodation_id=${f.accommodationId}`,
      suite.admin,
    );
    expect(day.status).toBe(200);
    expect(day.body.rooms.find((r: any) => r.room_id === f.room.id)).toMatchObject({
      over: true,
      booked: f.room.maxNum + 1,
    });

    // The guest cancels on the site: the flag goes with the booking, the day is no longer over.
    await suite.ctl('POST', `/bookings/${rid}/cancel`);
    await pull(suite, f);
    expect((await bookingsOf(suite, f, rid))[0]).toMatchObject({ overbooked: 0, delete_flg: 1 });
    const after = await suite.http.get(
      `/api/admin/books/date/${night}?accommodation_id=${f.accommodationId}`,
      suite.admin,
    );
    expect(after.body.rooms.find((r: any) => r.room_id === f.room.id)).toMatchObject({ over: false });
  });
});

describe('a room type the site sells but we have not mapped', () => {
  it('is parked and acknowledged (the feed goes on), counted on the health, and taken once the mapping is added', async () => {
    const f = await facility(suite, 2);
    const start = addDays(today, 210);
    const code = `UNMAPPED-${f.accommodationId}`;
    await openOnSite(f, start, addDays(start, 5), 3, code);
    const rid = await siteBook(suite, f, start, 1, '未連携 次郎', { room_code: code });

    const first = await pull(suite, f);
    expect(first.error).toBeUndefined();
    expect(first).toMatchObject({ applied: 0, unmapped: 1 });
    expect(await bookingsOf(suite, f, rid)).toEqual([]);
    // Acknowledged: the feed holds nothing more, and it waits here instead.
    expect(await f.client.feed()).toEqual([]);
    expect(await pull(suite, f)).toMatchObject({ applied: 0, unmapped: 0, unparked: 0 });
    const parked = () =>
      suite.rows<{ reason: string; reservation_id: string; detail: string }>(sql`
        select reason, reservation_id, detail from channel_parked_revisions where accommodation_id = ${f.accommodationId}`);
    expect(await parked()).toEqual([{ reason: 'unmapped', reservation_id: rid, detail: code }]);
    const health = async () =>
      (await suite.http.get('/api/admin/sync/health', suite.admin)).body.rows.find(
        (r: { accommodation_id: number }) => r.accommodation_id === f.accommodationId,
      );
    expect(await health()).toMatchObject({ parked_unmapped: 1, parked_invalid: 0 });
    // One failure row while staff have not read it, however many polls.
    const logs = (await syncLogs(f)).filter((l) => l.message === channelLogMessages.unmapped(code, rid));
    expect(logs).toEqual([{ book_id: null, success: 0, message: channelLogMessages.unmapped(code, rid) }]);

    // Staff name a room type by that code (a sync item, target_type 1).
    await suite.rows(sql`
      update sync_items set target_name = ${code}
      where accommodation_id = ${f.accommodationId} and target_type = 1 and target_id = ${f.room.id}`);
    expect(await pull(suite, f)).toMatchObject({ applied: 1, unmapped: 0, unparked: 1 });
    expect(await bookingsOf(suite, f, rid)).toEqual([expect.objectContaining({ room_id: f.room.id, via: 1 })]);
    expect(await parked()).toEqual([]);
    expect(await health()).toMatchObject({ parked_unmapped: 0 });
    await suite.rows(sql`
      update sync_items set target_name = ${f.room.code}
      where accommodation_id = ${f.accommodationId} and target_type = 1 and target_id = ${f.room.id}`);
  });
});

describe('two processes applying the same reservation at once', () => {
  it('end with one booking: the feed and the reconciliation, and two pulls side by side', async () => {
    const f = await facility(suite, 0);
    const db = suite.server.database.db;
    const start = addDays(today, 320);
    await openOnSite(f, start, addDays(start, 10), 10);
    const rid = await siteBook(suite, f, start, 1, '同時 四郎');
    const [rev] = await f.client.feed();
    const mapping = await loadMapping(db, f.accommodationId);
    const outcomes = await Promise.all([
      applyRevision(db, f.accommodationId, mapping, rev!, new Date()),
      applyRevision(db, f.accommodationId, mapping, { ...rev!, id: reconRevisionId(rid, rev!.seq) }, new Date()),
      applyRevision(db, f.accommodationId, mapping, rev!, new Date()),
    ]);
    expect(outcomes.filter((o) => o === 'applied')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'stale')).toHaveLength(1);
    expect(await bookingsOf(suite, f, rid)).toHaveLength(1);

    const others = [
      await siteBook(suite, f, addDays(start, 1), 1, '同時 五郎'),
      await siteBook(suite, f, addDays(start, 2), 2, '同時 六郎'),
    ];
    const [a, b] = await Promise.all([pull(suite, f), pull(suite, f)]);
    expect(a!.applied + b!.applied).toBe(2);
    for (const r of others) expect(await bookingsOf(suite, f, r)).toHaveLength(1);
  });
});

describe('the booking feed on a flaky site (error_rate)', () => {
  it('half the calls failing, feed reads and acknowledgements alike: every booking arrives once', async () => {
    const f = await facility(suite, 1);
    const start = addDays(today, 260);
    await openOnSite(f, start, addDays(start, 30), 20);
    const reservations: string[] = [];
    for (let i = 0; i < 12; i++) reservations.push(await siteBook(suite, f, addDays(start, i * 2), 1, `不安定 ${i}`));

    expect((await suite.ctl('PUT', '/faults', { error_rate: 0.5, seed: 7 })).status).toBe(200);
    let failedPulls = 0;
    try {
      for (let turn = 0; turn < 60; turn++) {
        const result = await pull(suite, f);
        if (result.error) failedPulls++;
        const arrived = await suite.rows<{ n: number }>(sql`
          select count(*)::int as n from bookings where accommodation_id = ${f.accommodationId}
            and external_id in (${sql.join(
              reservations.map((r) => sql`${r}`),
              sql`, `,
            )})`);
        if (arrived[0]!.n === reservations.length && !result.error) break;
      }
    } finally {
      await suite.ctl('PUT', '/faults', { error_rate: 0 });
    }
    expect(failedPulls, 'the site failed some of the pulls').toBeGreaterThan(0);
    // Drained once the site answers again; every reservation is exactly one booking of ours.
    await pull(suite, f);
    for (const [i, rid] of reservations.entries()) {
      const rows = await bookingsOf(suite, f, rid);
      expect(rows, rid).toHaveLength(1);
      expect(rows[0]).toMatchObject({ name: `不安定 ${i}`, via: 1, delete_flg: 0, start_date: addDays(start, i * 2) });
    }
    expect(await pull(suite, f)).toMatchObject({ applied: 0 });
  });
});
