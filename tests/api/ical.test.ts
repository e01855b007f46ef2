import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { bookings } from '../../server/db/schema';
import { addDays, tokyoToday } from '../../contract/dates';
import { feedEventUid } from '../../server/services/icalFeed';
import { httpClient } from '../support/http';
import { ADMIN, startTestServer, type TestServer } from '../support/testServer';

let server: TestServer;
let http: ReturnType<typeof httpClient>;
let accommodation: { id: number; uid: string };

beforeAll(async () => {
  server = await startTestServer();
  http = httpClient(server.baseUrl);
  const token = (await http.login(ADMIN)).access_token;
  accommodation = (await http.get('/api/accommodations', token)).body.accommodations[0];
});
afterAll(() => server.close());

describe('calendar feed /ical/{uid}.ics', () => {
  it('lists every live booking in range as an all-day event, without a token and without guest data', async () => {
    const res = await http.get(`/ical/${accommodation.uid}.ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
    const text = res.body as string;
    const today = tokyoToday();
    const live = await server.database.db
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
          eq(bookings.accommodationId, accommodation.id),
          eq(bookings.deleteFlg, 0),
          sql`${bookings.endDate} >= ${addDays(today, -92)} and ${bookings.startDate} <= ${addDays(today, 366)}`,
        ),
      );
    expect(live.length).toBeGreaterThan(10);
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(live.length);
    const one = live[0]!;
    const event = text.split('BEGIN:VEVENT').find((e) => e.includes(`UID:${feedEventUid(accommodation.uid, one.id)}`))!;
    expect(event).toContain(`DTSTART;VALUE=DATE:${one.startDate.replaceAll('-', '')}`);
    expect(event).toContain(`DTEND;VALUE=DATE:${one.endDate.replaceAll('-', '')}`);
    for (const b of live) {
      // Not the booking's uid either: its first characters are the confirmation number.
      expect(text).not.toContain(b.uid);
      expect(text).not.toContain(b.name);
      if (b.tel) expect(text).not.toContain(b.tel);
    }
  });

  it('keeps an event’s UID from one fetch to the next', async () => {
    const uids = async () => ((await http.get(`/ical/${accommodation.uid}.ics`)).body as string).match(/^UID:.*$/gm);
    expect(await uids()).toEqual(await uids());
  });

  it.each(['0000000000000000.ics', '..%2Fetc.ics', 'ABC.ics', `${'a'.repeat(65)}.ics`, 'feed', '%00.ics'])(
    'answers 404 in JSON for the unknown or malformed address %s',
    async (file) => {
      const res = await http.get(`/ical/${file}`);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'not_found', message: expect.any(String) });
    },
  );
});
