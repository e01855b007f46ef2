import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startChannelSim } from '../../tools/channelSim/app';
import { demoHotels } from '../../tools/channelSim/demoHotels';
import { startTestServer, type TestServer } from '../support/testServer';

/**
 * The simulator's site kept across restarts (issue 32): before, a restart of `npm start` forgot the
 * site's stock and reservations, and the first read-back after it found every night different
 * (1098 in the demo) and wrote so in the sync log (readbackMessages.differed). Now the site is kept beside the data.
 */

const dir = mkdtempSync(path.join(tmpdir(), 'yadoban-sim-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const hotel = demoHotels[0]!;
const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

describe('the simulator with a state file', () => {
  it('starts again with its stock, reservations, unacknowledged revisions and reservation numbers', async () => {
    const file = path.join(dir, 'site.json');
    const first = await startChannelSim({ port: 0, stateFile: file });
    const h = first.state.hotel(hotel.hotelId);
    first.state.pushAvailability(h, [
      { room_code: 'R1', date_from: '2027-03-01', date_to: '2027-03-03', availability: 4 },
    ]);
    first.state.pushRestrictions(h, [
      { room_code: 'R1', plan_code: 'P1', date_from: '2027-03-01', date_to: '2027-03-03', rate: 12000 },
    ]);
    const booked = await fetch(
      `${first.url}/sim/bookings`,
      json({
        hotel_id: hotel.hotelId,
        room_code: 'R1',
        plan_code: 'P1',
        start_date: '2027-03-01',
        nights: 2,
        guests: 2,
        name: '山田 太郎',
      }),
    );
    expect(booked.status).toBe(201);
    const { reservation_id } = (await booked.json()) as { reservation_id: string };
    await first.close();
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ version: 1 });

    const second = await startChannelSim({ port: 0, stateFile: file });
    try {
      const again = second.state.hotel(hotel.hotelId);
      expect(second.state.readAvailability(again, 'R1', '2027-03-01', '2027-03-03').map((n) => n.availability)).toEqual(
        [3, 3, 4],
      );
      const list = (await (await fetch(`${second.url}/sim/bookings?hotel_id=${hotel.hotelId}`)).json()) as {
        bookings: { reservation_id: string; name: string; amount: number; status: string }[];
      };
      expect(list.bookings).toEqual([
        expect.objectContaining({ reservation_id, name: '山田 太郎', amount: 48000, status: 'new' }),
      ]);
      // The guest's booking is still waiting in the feed, and the next number is a new one.
      expect(second.state.feed(again).map((r) => r.reservationId)).toEqual([reservation_id]);
      const next = await fetch(
        `${second.url}/sim/bookings`,
        json({
          hotel_id: hotel.hotelId,
          room_code: 'R1',
          plan_code: 'P1',
          start_date: '2027-03-01',
          nights: 1,
          guests: 1,
          name: '佐藤 花子',
        }),
      );
      const { reservation_id: nextId } = (await next.json()) as { reservation_id: string };
      expect(nextId > reservation_id).toBe(true);
    } finally {
      await second.close();
    }
  });

  it('sets aside a file it cannot read, says so, and starts with the demo facilities', async () => {
    const file = path.join(dir, 'broken.json');
    writeFileSync(file, '{"version": 1, "hotels": [ {');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const sim = await startChannelSim({ port: 0, stateFile: file });
    try {
      expect(warn.mock.calls.flat().join('\n')).toContain(`could not read its saved site in ${file}`);
      expect(existsSync(`${file}.unreadable`)).toBe(true);
      expect([...sim.state.hotels.keys()]).toEqual(demoHotels.map((d) => d.hotelId));
    } finally {
      warn.mockRestore();
      await sim.close();
    }
  });
});

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as { port: number }).port;
  await new Promise((resolve) => s.close(resolve));
  return port;
}

describe('npm start restarted on the same data', () => {
  let server: TestServer | undefined;
  afterAll(async () => server?.close());

  const startProduct = async (port: number, file: string) => {
    server = await startTestServer({ CHANNEL_SIM: '1', CHANNEL_SIM_PORT: String(port), CHANNEL_SIM_STATE: file });
    // The simulator's default of 10 calls a minute would stop a year's pushes half way.
    const config = await fetch(`http://127.0.0.1:${port}/sim/config`, {
      ...json({ rate_limit_per_minute: 10_000 }),
      method: 'PUT',
    });
    expect(config.status).toBe(200);
    return server;
  };
  const differed = async (s: TestServer, since: Date) =>
    (
      (await s.database.db.execute(
        sql`select count(*)::int as n from sync_logs where message like '%異なっていたため%'
            and created_at >= ${since.toISOString()}`,
      )) as unknown as { rows: { n: number }[] }
    ).rows[0]!.n;

  /**
   * `npm start` again on the data of the last run: its pushes were done (this copy of the database
   * never saw them, so its queue is emptied), and the first run reads the site back.
   */
  const restartAndReadBack = async (port: number, file: string) => {
    const restarted = new Date();
    const again = await startProduct(port, file);
    await again.database.db.execute(sql`delete from channel_changes`);
    expect(await again.jobs.runNow('channelSync')).toBe(true);
    const n = await differed(again, restarted);
    await again.close();
    server = undefined;
    return n;
  };

  it('finds the site as it left it: the read-back after the restart writes nothing to correct', async () => {
    const port = await freePort();
    const file = path.join(dir, 'product.json');
    const first = await startProduct(port, file);
    expect(await first.jobs.runNow('channelSync')).toBe(true);
    await first.close();
    server = undefined;
    expect(existsSync(file)).toBe(true);

    expect(await restartAndReadBack(port, file)).toBe(0);
    // A site that forgot everything (another file, as every restart was before) differs on every night.
    expect(await restartAndReadBack(port, path.join(dir, 'forgotten.json'))).toBeGreaterThan(0);
  }, 120_000);
});
