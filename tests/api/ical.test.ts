import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { accommodations, auditLog, bookings } from '../../server/db/schema';
import { addDays, tokyoToday } from '../../contract/dates';
import { feedEventUid, FEED_FILE } from '../../server/services/icalFeed';
import { httpClient } from '../support/http';
import { ADMIN, STAFF, startTestServer, type TestServer } from '../support/testServer';

let server: TestServer;
let http: ReturnType<typeof httpClient>;
let admin: string;
let staff: string;
let accommodation: { id: number; uid: string };
/** The feed's address (accommodations.ical_uid), as GET /api/facility/{id}/ical answers it. */
let feed: { uid: string; url: string };

beforeAll(async () => {
  server = await startTestServer();
  http = httpClient(server.baseUrl);
  admin = (await http.login(ADMIN)).access_token;
  staff = (await http.login(STAFF)).access_token;
  // A facility staff reach too (staff see the link).
  accommodation = (await http.get('/api/accommodations', staff)).body.accommodations[0];
  feed = (await http.get(`/api/facility/${accommodation.id}/ical`, admin)).body;
});
afterAll(() => server.close());

async function liveBookings(accommodationId: number) {
  const today = tokyoToday();
  return server.database.db
    .select({
      id: bookings.id,
      uid: bookings.uid,
      startDate: bookings.startDate,
      endDate: bookings.endDate,
      name: bookings.name,
      tel: bookings.tel,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.accommodationId, accommodationId),
        eq(bookings.deleteFlg, 0),
        sql`${bookings.endDate} >= ${addDays(today, -92)} and ${bookings.startDate} <= ${addDays(today, 366)}`,
      ),
    );
}

describe('the feed address GET /api/facility/{id}/ical', () => {
  it('answers { uid, url }: its own address, not the uid of the mail template routes, absolute from the origin', async () => {
    expect(FEED_FILE.test(`${feed.uid}.ics`)).toBe(true);
    expect(feed.uid).not.toBe(accommodation.uid);
    expect(feed.url).toBe(`${server.baseUrl}/ical/${feed.uid}.ics`);
    // The facility's old uid no longer names its feed.
    expect((await http.get(`/ical/${accommodation.uid}.ics`)).status).toBe(404);
  });

  it('shows staff the link of a facility they reach, and 404 for one they do not', async () => {
    const asStaff = await http.get(`/api/facility/${accommodation.id}/ical`, staff);
    expect(asStaff.status).toBe(200);
    expect(asStaff.body).toEqual(feed);
    const all = (await http.get('/api/accommodations', admin)).body.accommodations as { id: number }[];
    const reached = new Set(
      ((await http.get('/api/accommodations', staff)).body.accommodations as { id: number }[]).map((a) => a.id),
    );
    const other = all.find((a) => !reached.has(a.id));
    if (other) expect((await http.get(`/api/facility/${other.id}/ical`, staff)).status).toBe(404);
    expect((await http.get(`/api/facility/999999/ical`, admin)).status).toBe(404);
    expect((await http.get(`/api/facility/abc/ical`, admin)).status).toBe(400);
    expect((await http.get(`/api/facility/${accommodation.id}/ical`)).status).toBe(401);
  });
});

describe('calendar feed /ical/{ical_uid}.ics', () => {
  it('lists every live booking in range as an all-day event, without a token and without guest data', async () => {
    const res = await http.get(`/ical/${feed.uid}.ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
    // Never cached: a regenerated address must answer 404 at once.
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = res.body as string;
    const live = await liveBookings(accommodation.id);
    expect(live.length).toBeGreaterThan(10);
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(live.length);
    const one = live[0]!;
    const event = text.split('BEGIN:VEVENT').find((e) => e.includes(`UID:${feedEventUid(feed.uid, one.id)}`))!;
    expect(event).toContain(`DTSTART;VALUE=DATE:${one.startDate.replaceAll('-', '')}`);
    expect(event).toContain(`DTEND;VALUE=DATE:${one.endDate.replaceAll('-', '')}`);
    for (const b of live) {
      // Not the booking's uid either: its first characters are the confirmation number.
      expect(text).not.toContain(b.uid);
      expect(text).not.toContain(b.name);
      if (b.tel) expect(text).not.toContain(b.tel);
    }
  });

  it('is valid RFC 5545 as a real iCalendar parser (ical.js) reads it', async () => {
    const text = (await http.get(`/ical/${feed.uid}.ics`)).body as string;
    expect(text.split('\r\n').length).toBeGreaterThan(10); // CRLF line ends (RFC 5545 3.1)
    const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
    expect(calendar.name).toBe('vcalendar');
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).toEqual(expect.any(String));
    const events = calendar.getAllSubcomponents('vevent');
    const live = await liveBookings(accommodation.id);
    expect(events).toHaveLength(live.length);
    const byUid = new Map(live.map((b) => [feedEventUid(feed.uid, b.id), b]));
    const uids = new Set<string>();
    for (const component of events) {
      const event = new ICAL.Event(component);
      expect(uids.has(event.uid)).toBe(false);
      uids.add(event.uid);
      const booking = byUid.get(event.uid);
      expect(booking).toBeDefined();
      // All-day dates (VALUE=DATE), the stay's check-in and check-out.
      expect(event.startDate.isDate).toBe(true);
      expect(event.endDate.isDate).toBe(true);
      expect(event.startDate.toString()).toBe(booking!.startDate);
      expect(event.endDate.toString()).toBe(booking!.endDate);
      expect(event.endDate.compare(event.startDate)).toBe(1);
      expect(event.summary).toMatch(/^.+ 予約 #[0-9a-f]{3}$/);
      expect(component.getFirstPropertyValue('dtstamp')).toBeTruthy();
    }
    expect(uids.size).toBe(live.length);
  });

  it('keeps an event’s UID from one fetch to the next', async () => {
    const uids = async () => ((await http.get(`/ical/${feed.uid}.ics`)).body as string).match(/^UID:.*$/gm);
    expect(await uids()).toEqual(await uids());
  });

  it.each(['0000000000000000.ics', '..%2Fetc.ics', 'ABC.ics', `${'a'.repeat(65)}.ics`, 'feed', '%00.ics'])(
    'answers 404 in JSON for the unknown or malformed address %s',
    async (file) => {
      const res = await http.get(`/ical/${file}`);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'not_found', message: expect.any(String) });
      expect(res.headers.get('cache-control')).toBe('no-store');
    },
  );
});

describe('regenerate POST /api/facility/{id}/ical/regenerate', () => {
  it('is for administrators: 403 for staff, and nothing changes', async () => {
    const res = await http.send<{ code: string; message: string }>(
      'POST',
      `/api/facility/${accommodation.id}/ical/regenerate`,
      { token: staff },
    );
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/[ぁ-んァ-ン一-龯]/);
    expect((await http.get(`/api/facility/${accommodation.id}/ical`, staff)).body).toEqual(feed);
    expect((await http.get(`/ical/${feed.uid}.ics`)).status).toBe(200);
  });

  it('answers a new address of 256 random bits; the old one answers 404 at once and the new one 200', async () => {
    const old = (await http.get(`/api/facility/${accommodation.id}/ical`, admin)).body as typeof feed;
    const oldText = (await http.get(`/ical/${old.uid}.ics`)).body as string;
    const res = await http.send<typeof feed>('POST', `/api/facility/${accommodation.id}/ical/regenerate`, {
      token: admin,
    });
    expect(res.status).toBe(200);
    const next = res.body;
    expect(next.uid).toMatch(/^[0-9a-f]{64}$/);
    expect(next.uid).not.toBe(old.uid);
    expect(next.url).toBe(`${server.baseUrl}/ical/${next.uid}.ics`);
    expect((await http.get(`/ical/${old.uid}.ics`)).status).toBe(404);
    const fresh = await http.get(`/ical/${next.uid}.ics`);
    expect(fresh.status).toBe(200);
    // The same bookings; event UIDs follow the address (a new subscription), the summaries do not move.
    const events = (text: string) => new ICAL.Component(ICAL.parse(text) as unknown[]).getAllSubcomponents('vevent');
    expect(events(fresh.body as string)).toHaveLength(events(oldText).length);
    expect(fresh.body as string).not.toContain(feedEventUid(old.uid, (await liveBookings(accommodation.id))[0]!.id));
    // Staff read the new address; the accommodation row holds it.
    expect((await http.get(`/api/facility/${accommodation.id}/ical`, staff)).body).toEqual(next);
    const [row] = await server.database.db
      .select({ icalUid: accommodations.icalUid, uid: accommodations.uid })
      .from(accommodations)
      .where(eq(accommodations.id, accommodation.id));
    expect(row).toEqual({ icalUid: next.uid, uid: accommodation.uid });
    feed = next;
  });

  it('leaves an audit row naming the facility, without either secret address', async () => {
    const before = feed.uid;
    const res = await http.send<typeof feed>('POST', `/api/facility/${accommodation.id}/ical/regenerate`, {
      token: admin,
    });
    expect(res.status).toBe(200);
    const [row] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'accommodation'), eq(auditLog.targetId, accommodation.id)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row).toMatchObject({ action: 'update', accommodationId: accommodation.id, userName: expect.any(String) });
    expect(Object.keys(row!.changes as object)).toEqual(['ical_uid']);
    const stored = JSON.stringify(row!.changes);
    expect(stored).not.toContain(before);
    expect(stored).not.toContain(res.body.uid);
    feed = res.body;
  });

  it('answers 404 for a facility the administrator does not reach, 401 without a token', async () => {
    expect((await http.send('POST', '/api/facility/999999/ical/regenerate', { token: admin })).status).toBe(404);
    expect((await http.send('POST', `/api/facility/${accommodation.id}/ical/regenerate`)).status).toBe(401);
  });
});
