import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { channelRevisionMessages } from '../../contract/channelRevision';
import { addDays, tokyoToday } from '../../contract/dates';
import { bookingCreateMessages } from '../../contract/booking';
import { controlCharacterMessage } from '../../contract/fieldRules';
import { ChannelClient, ChannelError, MAX_RETRY_AFTER_SECONDS } from '../../server/channel/wire/client';
import { pullOnce } from '../../server/channel/inbound/pull';
import { pushOnce } from '../../server/channel/outbound/push';
import { bookingsOf, facility, pullSuite, type Facility } from './channelPullSupport';

/**
 * What a broken or hostile booking site sends (issue 28), from a fake site over HTTP: revisions
 * the booking rules refuse, a feed whose head cannot be applied yet, an answer of hundreds of MB, a
 * redirect to another address, a 429 asking to wait for years. Nothing of it blocks, bloats or
 * corrupts the product.
 */

const suite = pullSuite();
const today = tokyoToday();

interface FakeSite {
  url: string;
  /** Revisions served by the feed, oldest first, until acknowledged. */
  feed: Record<string, unknown>[];
  acked: string[];
  /** Handles a request before the usual answers; true when it answered. */
  override: ((req: IncomingMessage, res: ServerResponse) => boolean) | null;
  requests: string[];
  close(): Promise<void>;
}

async function startFakeSite(): Promise<FakeSite> {
  const site = { feed: [], acked: [], override: null, requests: [] } as unknown as FakeSite;
  const server: Server = createServer((req, res) => {
    site.requests.push(`${req.method} ${req.url}`);
    if (site.override?.(req, res)) return;
    const path = (req.url ?? '').replace(/^\/api\/v1\/hotels\/[^/]+/, '');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (path === '/booking_revisions/feed') return json(200, { revisions: site.feed.slice(0, 100) });
    const ack = /^\/booking_revisions\/([^/]+)\/ack$/.exec(path);
    if (ack && req.method === 'POST') {
      const id = decodeURIComponent(ack[1]!);
      site.acked.push(id);
      site.feed = site.feed.filter((r) => r.id !== id);
      return json(200, { ok: true });
    }
    if (path.startsWith('/bookings')) return json(200, { bookings: [] });
    if (path === '/availability' || path === '/restrictions') return json(200, { accepted: 0 });
    return json(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  site.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  site.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return site;
}

let site: FakeSite;
let f: Facility;
let serial = 0;
beforeAll(async () => {
  site = await startFakeSite();
  f = await facility(suite, 1);
});
afterAll(() => site?.close());
beforeEach(() => {
  site.feed = [];
  site.acked = [];
  site.override = null;
  site.requests = [];
});

const pull = (options = {}) => pullOnce(suite.server.database.db, site.url, f.account, new Date(), options);

/** A revision of the facility's mapped room type, as a correct site sends it. */
function revision(over: Record<string, unknown> = {}) {
  serial++;
  return {
    id: `fake-rev-${serial}-${Date.now()}`,
    reservation_id: `FK${serial}${Date.now().toString(36)}`,
    seq: 1,
    status: 'new',
    room_code: f.room.code,
    plan_code: f.plan.code,
    start_date: addDays(today, 300 + serial),
    nights: 1,
    guests: 2,
    name: '偽サイト 花子',
    mail: 'fake.site@example.jp',
    amount: 12000,
    inserted_at: new Date().toISOString(),
    ...over,
  };
}

const parkedOf = (reason: string) =>
  suite.rows<{ revision_id: string; reservation_id: string | null; detail: string; received: string | null }>(sql`
    select revision_id, reservation_id, detail, received from channel_parked_revisions
    where accommodation_id = ${f.accommodationId} and reason = ${reason} order by id`);

describe('revisions the booking rules refuse', () => {
  it('are set aside with a sync log row naming the problem, acknowledged, and do not stop the good one after them', async () => {
    const bad = [
      revision({ nights: 100_000 }),
      revision({ start_date: '9999-12-30', nights: 5 }),
      revision({ mail: 'guest@example.jp\r\nBcc: victim@example.jp' }),
      revision({ name: '長'.repeat(100_000) }),
      revision({ guests: 'two' }),
    ];
    const good = revision();
    site.feed = [...bad, good];
    const before = (await parkedOf('invalid')).length;

    const result = await pull();
    expect(result.error).toBeUndefined();
    expect(result).toMatchObject({ invalid: 5, applied: 1 });
    expect(site.acked).toEqual([...bad, good].map((r) => r.id));
    expect(await bookingsOf(suite, f, good.reservation_id)).toHaveLength(1);
    for (const r of bad) expect(await bookingsOf(suite, f, r.reservation_id)).toEqual([]);

    const parked = (await parkedOf('invalid')).slice(before);
    expect(parked.map((p) => [p.revision_id, p.detail])).toEqual([
      [bad[0]!.id, bookingCreateMessages.daysTooMany],
      [bad[1]!.id, channelRevisionMessages.stayOutOfRange],
      [bad[2]!.id, controlCharacterMessage],
      [bad[3]!.id, channelRevisionMessages.nameTooLong],
      [bad[4]!.id, bookingCreateMessages.personInvalid],
    ]);
    // What was received is kept for whoever looks into it, cut short.
    expect(parked.every((p) => (p.received ?? '').length <= 4000)).toBe(true);
    const logs = await suite.rows<{ message: string; success: number }>(sql`
      select message, success from sync_logs where accommodation_id = ${f.accommodationId}
        and message like '%内容に誤りがあるため取り込みませんでした%'`);
    expect(logs).toContainEqual({
      message: channelRevisionMessages.invalid(bad[0]!.reservation_id, [bookingCreateMessages.daysTooMany]),
      success: 0,
    });
    const health = await suite.http.get('/api/admin/sync/health', suite.admin);
    expect(
      health.body.rows.find((r: { accommodation_id: number }) => r.accommodation_id === f.accommodationId),
    ).toMatchObject({ parked_invalid: (await parkedOf('invalid')).length });
    // And nothing of it reaches a booking's mail.
    const mails = await suite.rows(sql`select id from bookings where mail like '%bcc:%'`);
    expect(mails).toEqual([]);
  });
});

describe('a feed whose head cannot be applied yet', () => {
  it('100 revisions of a room type not mapped are parked and the booking after them arrives in the same pull', async () => {
    const code = `NOT-MAPPED-${Date.now()}`;
    const waiting = Array.from({ length: 100 }, () => revision({ room_code: code }));
    const after = revision();
    site.feed = [...waiting, after];
    const result = await pull();
    expect(result).toMatchObject({ unmapped: 100, applied: 1 });
    expect(await bookingsOf(suite, f, after.reservation_id)).toHaveLength(1);
    expect(site.feed).toEqual([]);
    const parked = (await parkedOf('unmapped')).filter((p) => p.detail === code);
    expect(parked).toHaveLength(100);
    // Each says which room code staff must map.
    const logs = await suite.rows(sql`
      select id from sync_logs where accommodation_id = ${f.accommodationId} and message like ${`%${code}%`}`);
    expect(logs.length).toBeGreaterThan(0);
    await suite.rows(sql`delete from channel_parked_revisions where detail = ${code}`);
  });
});

describe("the channel's answers", () => {
  it('reads no more than 4 MB of an answer of hundreds of MB: the pull fails, the stream is cut', async () => {
    let written = 0;
    site.override = (req, res) => {
      if (!req.url?.endsWith('/booking_revisions/feed')) return false;
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      res.write('{"revisions":[');
      const more = () => {
        while (written < 400 * 1024 * 1024) {
          written += chunk.length;
          if (!res.write(chunk)) return res.once('drain', more);
        }
        res.end(']}');
      };
      more();
      return true;
    };
    const result = await pull();
    expect(result.error).toBeInstanceOf(ChannelError);
    expect(result.error!.code).toBe('too_large');
    // The site could not push anywhere near the 400 MB: the client stopped reading.
    expect(written).toBeLessThan(64 * 1024 * 1024);
    // A declared length over the limit is refused before a byte is read.
    site.override = (req, res) => {
      if (!req.url?.endsWith('/booking_revisions/feed')) return false;
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(500 * 1024 * 1024) });
      res.write('{"revisions":[');
      setTimeout(() => res.destroy(), 500);
      return true;
    };
    expect((await pull()).error?.code).toBe('too_large');
  });

  it('follows no redirect, even to an address that answers well', async () => {
    const elsewhere = await startFakeSite();
    try {
      elsewhere.feed = [revision()];
      site.override = (req, res) => {
        res.writeHead(302, { location: `${elsewhere.url}${req.url ?? ''}` });
        res.end();
        return true;
      };
      const result = await pull();
      expect(result.error?.code).toBe('bad_answer');
      expect(result.applied).toBe(0);
      expect(elsewhere.requests).toEqual([]);
    } finally {
      await elsewhere.close();
    }
  });

  it('waits an hour at most after a 429 asking for years, and logs every failed push', async () => {
    const client = new ChannelClient(site.url, f.account);
    for (const absurd of ['99999999', '1e15']) {
      site.override = (_req, res) => {
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': absurd });
        res.end(JSON.stringify({ error: 'rate_limited' }));
        return true;
      };
      const error = await client.pushAvailability([]).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ChannelError);
      expect((error as ChannelError).retryAfterSeconds).toBe(MAX_RETRY_AFTER_SECONDS);

      // A push with something to send: a change queued for the facility.
      await suite.rows(
        sql`update channel_state set push_not_before = null where accommodation_id = ${f.accommodationId}`,
      );
      await suite.rows(sql`insert into channel_changes (accommodation_id, kind, target_id, date_from, date_to)
        values (${f.accommodationId}, 1, ${f.room.id}, ${addDays(today, 10)}::date, ${addDays(today, 11)}::date)`);
      const logged: object[] = [];
      const now = new Date();
      const result = await pushOnce(suite.server.database.db, site.url, f.account, now, {
        log: { warn: (obj: object) => logged.push(obj) },
      });
      expect(result.error?.code).toBe('rate_limited');
      expect(result.waitedUntil!.getTime() - now.getTime()).toBeLessThanOrEqual(MAX_RETRY_AFTER_SECONDS * 1000);
      expect(logged).toEqual([expect.objectContaining({ accommodationId: f.accommodationId, code: 'rate_limited' })]);
    }
    // A wait stored before the bound (years ahead) does not hold the pushes either.
    site.override = null;
    await suite.rows(sql`update channel_state set push_not_before = now() + interval '3 years', last_push_at = now()
      where accommodation_id = ${f.accommodationId}`);
    const result = await pushOnce(suite.server.database.db, site.url, f.account, new Date());
    expect(result.error).toBeUndefined();
    expect(result.availabilityCalls).toBeGreaterThan(0);
  });
});
