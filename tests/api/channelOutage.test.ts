import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { errorMessages } from '../../contract/messages';
import { addDays, tokyoToday } from '../../contract/dates';
import { ChannelCredentialsError, channelKey } from '../../server/channel/wire/credentials';
import { pullAll, pullMessages } from '../../server/channel/inbound/pull';
import { facility, openOnSite, pull, pullSuite, siteBook, type Facility } from './channelPullSupport';

/**
 * The channel down while guests keep booking on the site (issue 21): every pull fails and says so,
 * a gap opens, and the first pull after the end brings every booking, from the feed or, when the
 * feed lost them, from the site's booking list read from the gap's start.
 */

const suite = pullSuite();
const today = tokyoToday();
const SECOND = 1000;
const MINUTE = 60 * SECOND;

async function setClock(at: Date) {
  expect((await suite.ctl('PUT', '/clock', { now: at.toISOString() })).status).toBe(200);
}

async function state(f: Facility) {
  const [row] = await suite.rows<{
    gap_from: string | null;
    last_pull_ok_at: string | null;
    last_error: string | null;
  }>(
    sql`select gap_from::text as gap_from, last_pull_ok_at::text as last_pull_ok_at, last_error
        from channel_state where accommodation_id = ${f.accommodationId}`,
  );
  return row!;
}

const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());

async function bookedHere(f: Facility, reservationIds: string[]) {
  const [row] = await suite.rows<{ n: number }>(sql`
    select count(*)::int as n from bookings where accommodation_id = ${f.accommodationId} and via = 1
      and external_id in (${sql.join(
        reservationIds.map((r) => sql`${r}`),
        sql`, `,
      )})`);
  return row!.n;
}

async function failureLogsSince(f: Facility, since: Date) {
  const [row] = await suite.rows<{ n: number }>(sql`
    select count(*)::int as n from sync_logs where accommodation_id = ${f.accommodationId} and success = 0
      and message = ${pullMessages.unreachable} and created_at >= ${since.toISOString()}::timestamptz`);
  return row!.n;
}

// One fake clock for the file, moving forward only; the simulator stamps its revisions with it.
let clock = new Date(Math.floor(Date.now() / MINUTE) * MINUTE);
const tick = async (ms: number) => {
  clock = new Date(clock.getTime() + ms);
  await setClock(clock);
  return clock;
};

describe('a 45-minute outage during a day of bookings', () => {
  it('loses none: every pull fails and logs, and the first pull after the end brings them all', async () => {
    const f = await facility(suite, 1);
    const start = addDays(today, 150);
    await openOnSite(f, start, addDays(start, 40), 50);
    await setClock(clock);
    expect((await pull(suite, f, clock)).error).toBeUndefined();
    const lastGood = clock;

    await suite.ctl('PUT', '/faults', { outage: true });
    const outageStart = new Date(clock.getTime() + 1);
    const booked: string[] = [];
    // 45 minutes, a poll every 30 s; guests book on the site every 2 minutes or so.
    for (let step = 1; step <= 90; step++) {
      const now = await tick(30 * SECOND);
      if (step % 4 === 2 && booked.length < 22) {
        booked.push(
          await siteBook(suite, f, addDays(start, booked.length), 1 + (step % 3), `停電中 ${booked.length + 1}`),
        );
      }
      const result = await pull(suite, f, now);
      expect(result.error?.code).toBe('unavailable');
      expect(result.applied).toBe(0);
    }
    expect(booked.length).toBeGreaterThanOrEqual(20);
    expect(await bookedHere(f, booked)).toBe(0);
    expect(await failureLogsSince(f, outageStart)).toBe(90);
    const during = await state(f);
    expect(iso(during.gap_from)).toBe(lastGood.toISOString());
    expect(during.last_error).toBe(pullMessages.unreachable);
    expect(iso(during.last_pull_ok_at)).toBe(lastGood.toISOString());

    await suite.ctl('PUT', '/faults', { outage: false });
    const end = await tick(30 * SECOND);
    const result = await pull(suite, f, end);
    expect(result.error).toBeUndefined();
    expect(result.applied).toBe(booked.length);
    // The booking list read from the gap's start brings the same ones again: already here.
    expect(result.reconciled).toBe(0);
    expect(await bookedHere(f, booked)).toBe(booked.length);
    const after = await state(f);
    expect(after.gap_from).toBeNull();
    expect(after.last_error).toBeNull();
    expect(iso(after.last_pull_ok_at)).toBe(end.toISOString());
    const [recovered] = await suite.rows<{ n: number }>(sql`
      select count(*)::int as n from sync_logs where accommodation_id = ${f.accommodationId} and success = 1
        and message = ${pullMessages.reconciled(booked.length)}`);
    expect(recovered!.n).toBe(1);
    // Nothing left: the next poll does nothing and writes nothing.
    const logCount = async () =>
      (
        await suite.rows<{ n: number }>(
          sql`select count(*)::int as n from sync_logs where accommodation_id = ${f.accommodationId}`,
        )
      )[0]!.n;
    const before = await logCount();
    expect(await pull(suite, f, await tick(30 * SECOND))).toMatchObject({ applied: 0, reconciled: 0 });
    expect(await logCount()).toBe(before);
  });

  it('brings from the booking list what the feed lost (revisions acknowledged by someone else)', async () => {
    const f = await facility(suite, 1);
    const start = addDays(today, 195);
    await openOnSite(f, start, addDays(start, 20), 50);
    await suite.ctl('PUT', '/faults', { outage: true });
    const booked: string[] = [];
    for (let step = 1; step <= 20; step++) {
      const now = await tick(30 * SECOND);
      if (step % 4 === 0) booked.push(await siteBook(suite, f, addDays(start, step), 1, `消失 ${step}`));
      expect((await pull(suite, f, now)).error?.code).toBe('unavailable');
    }
    await suite.ctl('PUT', '/faults', { outage: false });
    // Another client takes the revisions off the feed.
    for (const rev of await f.client.feed()) await f.client.ack(rev.id);
    expect(await f.client.feed()).toEqual([]);

    const result = await pull(suite, f, await tick(30 * SECOND));
    expect(result).toMatchObject({ applied: 0, reconciled: booked.length });
    expect(await bookedHere(f, booked)).toBe(booked.length);
    expect((await state(f)).gap_from).toBeNull();
  });

  it('reads the booking list after a restart (no good pull for more than 2 poll intervals)', async () => {
    const f = await facility(suite, 1);
    const start = addDays(today, 220);
    await openOnSite(f, start, addDays(start, 5), 10);
    // The server is down for 10 minutes; meanwhile a guest books and the feed loses it.
    await tick(5 * MINUTE);
    const rid = await siteBook(suite, f, start, 2, '再起動 三郎');
    for (const rev of await f.client.feed()) await f.client.ack(rev.id);
    const result = await pull(suite, f, await tick(5 * MINUTE));
    expect(result).toMatchObject({ applied: 0, reconciled: 1 });
    expect(await bookedHere(f, [rid])).toBe(1);
  });
});

describe('a pull the channel refuses', () => {
  it('says the password differs, in the state and a log row, and keeps the gap open', async () => {
    const f = await facility(suite, 1);
    await suite.ctl('PUT', '/faults', { wrong_password: true });
    try {
      const now = await tick(30 * SECOND);
      const result = await pull(suite, f, now);
      expect(result.error?.code).toBe('wrong_password');
      const s = await state(f);
      expect(s.last_error).toBe(errorMessages.syncWrongPassword);
      expect(s.gap_from).not.toBeNull();
      const [row] = await suite.rows<{ n: number }>(sql`
        select count(*)::int as n from sync_logs where accommodation_id = ${f.accommodationId} and success = 0
          and message = ${errorMessages.syncWrongPassword} and created_at = ${now.toISOString()}::timestamptz`);
      expect(row!.n).toBe(1);
    } finally {
      await suite.ctl('PUT', '/faults', { wrong_password: false });
    }
    expect((await pull(suite, f, await tick(30 * SECOND))).error).toBeUndefined();
    expect((await state(f)).gap_from).toBeNull();
  });
});

describe('pullAll', () => {
  it('pulls every facility; one whose password cannot be opened does not stop the others', async () => {
    const db = suite.server.database.db;
    const key = await channelKey(db, suite.server.config);
    const f = await facility(suite, 1);
    const broken = suite.accommodationIds[2]!;
    await suite.rows(sql`
      update sync_settings set params = jsonb_set(params, '{password}', '"enc:v1:AAAAAAAA:AAAA:AAAA:AAAA"')
      where accommodation_id = ${broken} and service_id = 1`);
    const start = addDays(today, 240);
    await openOnSite(f, start, start, 5);
    const rid = await siteBook(suite, f, start, 1, '全館 七郎');
    const now = await tick(30 * SECOND);
    const results = await pullAll(db, suite.sim.url, key, now);
    expect(results.map((r) => r.accommodationId).sort()).toEqual([...suite.accommodationIds].sort());
    expect(results.find((r) => r.accommodationId === broken)?.failure).toBeInstanceOf(ChannelCredentialsError);
    expect(results.find((r) => r.accommodationId === f.accommodationId)).toMatchObject({ applied: 1 });
    expect(await bookedHere(f, [rid])).toBe(1);
    const [row] = await suite.rows<{ n: number }>(sql`
      select count(*)::int as n from sync_logs where accommodation_id = ${broken} and success = 0
        and created_at = ${now.toISOString()}::timestamptz`);
    expect(row!.n).toBe(1);
  });
});
