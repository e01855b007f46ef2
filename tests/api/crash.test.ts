import { describe, expect, it } from 'vitest';
import { addDays, tokyoToday } from '../../contract/dates';
import { freePort, freshDataDir, run, waitFor } from '../support/processes';
import { ADMIN, CLIENT } from '../support/testServer';

const BURST = 200;

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/oauth/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', ...CLIENT, ...ADMIN }).toString(),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Starts the server on an embedded data folder and answers its address once it is up. */
async function start(dataDir: string) {
  const port = await freePort();
  const p = run('server/server.ts', { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`, 90_000, p);
  return { p, base };
}

// The embedded database only: a PostgreSQL server keeps its own data when our process dies.
describe.skipIf(!!process.env.DATABASE_URL)('the embedded database when the process is killed', () => {
  it(`keeps every booking answered 201 in a burst of ${BURST} creates cut by SIGKILL, and opens cleanly`, async () => {
    const dataDir = freshDataDir();
    const first = await start(dataDir);
    const answered: number[] = [];
    try {
      const token = await signIn(first.base);
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const rooms = (await (await fetch(`${first.base}/api/accommodations/1/rooms`, { headers })).json()) as {
        rooms: { id: number }[];
      };
      const roomId = rooms.rooms[0]!.id;
      // One night each, on days of their own far ahead: every create is allowed.
      const from = addDays(tokyoToday(), 400);
      const create = async (i: number) => {
        const res = await fetch(`${first.base}/api/admin/books`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            accommodation_id: 1,
            room_id: roomId,
            plan_id: null,
            price_sub: 10000,
            start_date: addDays(from, i),
            days: 1,
            person_number: 1,
            price: 0,
            name: `停電 ${i}`,
            via: 101,
          }),
        });
        if (res.status === 201) answered.push(((await res.json()) as { id: number }).id);
      };
      // Eight at a time; the process is killed once about half were answered.
      let next = 0;
      const worker = async () => {
        while (next < BURST) await create(next++).catch(() => undefined);
      };
      const workers = Promise.all(Array.from({ length: 8 }, worker));
      while (answered.length < BURST / 2) await new Promise((r) => setTimeout(r, 5));
      first.p.child.kill('SIGKILL');
      await workers;
      await first.p.exited;
    } finally {
      first.p.child.kill('SIGKILL');
    }
    expect(answered.length).toBeGreaterThanOrEqual(BURST / 2);
    expect(answered.length).toBeLessThan(BURST);

    const second = await start(dataDir);
    try {
      const token = await signIn(second.base);
      const res = await fetch(
        `${second.base}/api/admin/books?accommodation_id=1&stay_start_date=${addDays(tokyoToday(), 400)}&stay_end_date=${addDays(tokyoToday(), 400 + BURST)}`,
        {
          headers: { authorization: `Bearer ${token}` },
        },
      );
      expect(res.status).toBe(200);
      const kept = new Set(((await res.json()) as { books: { id: number }[] }).books.map((b) => b.id));
      const lost = answered.filter((id) => !kept.has(id));
      expect(lost).toEqual([]);
    } finally {
      second.p.child.kill('SIGTERM');
      await second.p.exited;
    }
  }, 240_000);
});
