import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { bookings } from '../../server/db/schema';
import { addDays, tokyoToday } from '../../contract/dates';
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
    const event = text.split('BEGIN:VEVENT').find((e) => e.includes(`UID:${one.uid}@yadoban`))!;
    expect(event).toContain(`DTSTART;VALUE=DATE:${one.startDate.replaceAll('-', '')}`);
    expect(event).toContain(`DTEND;VALUE=DATE:${one.endDate.replaceAll('-', '')}`);
    for (const b of live) {
      expect(text).not.toContain(b.name);
      if (b.tel) expect(text).not.toContain(b.tel);
    }
  });

  it('answers 404 for an unknown uid and refuses a malformed file name', async () => {
    expect((await http.get('/ical/0000000000000000.ics')).status).toBe(404);
    const bad = await http.get('/ical/..%2Fetc.ics');
    expect([400, 404]).toContain(bad.status);
    expect(bad.body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });
});
