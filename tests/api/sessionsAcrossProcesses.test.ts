import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { HEARTBEAT_MS, LISTEN_APPLICATION_NAME } from '../../server/db/notifications';
import { TRUST_MS } from '../../server/auth/sessionCache';
import { withDatabase } from '../support/postgresUrl';
import { startServerProcess, type ServerProcess } from '../support/serverProcess';
import { ADMIN, CLIENT } from '../support/testServer';

const url = process.env.DATABASE_URL;
const PASSWORD = 'correct horse battery';
/** What the issue asks: a change through A is refused by B within this, whatever B's connection does. */
const BOUND_MS = 2000;
const POLL_MS = 50;
/** Cross-process races to run (`SESSION_RACES=200` for the figures of docs/security.md). */
const RACES = Number(process.env.SESSION_RACES ?? 40);

let admin: pg.Client;
let name: string;
let a: ServerProcess;
let b: ServerProcess;
let adminToken: string;
let accommodations: number[];
/** When B first refused after each change with its listening connection stopped (ms after A's answer). */
const stalledRefusals: number[] = [];

const startServer = (database: string) =>
  startServerProcess({ DATABASE_URL: database, SEED_DEMO: '0', AUTH_RATE_LIMIT: '1000' });

/** A staff user made through A, signed in through A, whose token B has served once (so B keeps it). */
async function signedInUser(grants: number[], probe = '/api/me') {
  const mail = `cross${randomBytes(4).toString('hex')}@example.jp`;
  const made = await a.http.send<{ id: number }>('POST', '/api/user', {
    token: adminToken,
    json: { name: '別処 太郎', mail, password: PASSWORD, user_type: 2, accommodations: grants },
  });
  expect(made.status).toBe(201);
  const { access_token: token, refresh_token: refresh } = await a.http.login({ username: mail, password: PASSWORD });
  expect((await b.http.get(probe, token)).status).toBe(200);
  expect((await b.http.get(probe, token)).status).toBe(200);
  return { id: made.body.id, token, refresh };
}

/** A's listening connection's server process: B's is any other (A starts first and keeps its own). */
let aListenPid: number;

/** B's (newest) listening connection as PostgreSQL sees it: its server process, and whether it is inside a statement. */
async function listenBackend(): Promise<{ pid: number; state: string } | undefined> {
  const { rows } = await admin.query<{ pid: number; state: string }>(
    `select pid, state from pg_stat_activity
      where datname = $1 and application_name = $2 and pid <> $3 order by backend_start desc`,
    [name, LISTEN_APPLICATION_NAME, aListenPid],
  );
  return rows[0];
}

/**
 * Stops B's listening connection's server process (SIGSTOP: the connection stays open and says
 * nothing, as a stalled network would), runs `body`, and lets the process go on. The process is
 * stopped while idle, never inside its heartbeat's commit, where it would hold the lock every
 * NOTIFY takes and A's writes would wait for it.
 */
async function withListenStalled(body: () => Promise<void>): Promise<void> {
  let pid: number | undefined;
  for (let attempt = 0; attempt < 100 && pid === undefined; attempt++) {
    const backend = await listenBackend();
    if (!backend) {
      await new Promise((r) => setTimeout(r, 100));
      continue;
    }
    process.kill(backend.pid, 'SIGSTOP');
    if ((await listenBackend())?.state === 'idle') pid = backend.pid;
    else process.kill(backend.pid, 'SIGCONT');
  }
  if (pid === undefined) throw new Error(`no idle listening connection of B\n${b.output()}`);
  try {
    await body();
  } finally {
    process.kill(pid, 'SIGCONT');
    // B trusts what it keeps again once a heartbeat sent after this has come back: the next
    // test starts from a B that serves from its cache.
    await new Promise((r) => setTimeout(r, 3 * HEARTBEAT_MS));
  }
}

/**
 * Asks B every POLL_MS from `since` on: answers the time of the first refusal (ms after `since`),
 * and every answer after it, until `BOUND_MS + 1000` after `since`.
 */
async function refusalOnB(path: string, token: string, refused: number, since: number) {
  let first: number | undefined;
  const after: number[] = [];
  while (Date.now() - since < BOUND_MS + 1000) {
    const { status } = await b.http.get(path, token);
    if (first === undefined) {
      if (status === refused) first = Date.now() - since;
    } else {
      after.push(status);
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  return { first, after };
}

/** A change through A, then B asked until it refuses: within BOUND_MS, and for good. */
async function expectRefusedOnB(
  change: () => Promise<{ status: number }>,
  path: string,
  token: string,
  refused: number,
): Promise<number> {
  let answer: { first: number | undefined; after: number[] } = { first: undefined, after: [] };
  await withListenStalled(async () => {
    const changed = await change();
    const since = Date.now();
    expect(changed.status).toBeLessThan(300);
    answer = await refusalOnB(path, token, refused, since);
  });
  expect(answer.first, 'B still served the token').toBeDefined();
  expect(answer.first!).toBeLessThan(BOUND_MS);
  expect(answer.after.length).toBeGreaterThan(0);
  expect(answer.after.every((s) => s === refused)).toBe(true);
  stalledRefusals.push(answer.first!);
  return answer.first!;
}

// Two processes on one database is a PostgreSQL set-up (PGlite is one process's own files).
describe.skipIf(!url)('a session ended through process A is refused by process B within 2 s', () => {
  beforeAll(async () => {
    name = `yadoban_x_${randomBytes(5).toString('hex')}`;
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('dbTemplate')}`);
    a = await startServer(withDatabase(url!, name));
    const { rows } = await admin.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1 and application_name = $2',
      [name, LISTEN_APPLICATION_NAME],
    );
    expect(rows).toHaveLength(1);
    aListenPid = rows[0]!.pid;
    b = await startServer(withDatabase(url!, name));
    adminToken = (await a.http.login(ADMIN)).access_token;
    const list = await a.http.get<{ accommodations: { id: number }[] }>('/api/accommodations', adminToken);
    accommodations = list.body.accommodations.map((x) => x.id);
    expect(accommodations.length).toBeGreaterThanOrEqual(2);
  }, 120_000);

  afterAll(async () => {
    if (stalledRefusals.length > 0) {
      console.log(`B's listening connection stopped: first refusal ${stalledRefusals.join(', ')} ms after A's answer`);
    }
    await Promise.all([a?.kill(), b?.kill()]);
    await admin?.query(`drop database if exists ${name} with (force)`);
    await admin?.end();
  });

  it('with B listening normally, a sign-out through A is refused by B at once', async () => {
    const user = await signedInUser([accommodations[0]!]);
    const out = await a.http.postForm('/oauth/revoke', { token: user.refresh, ...CLIENT });
    expect(out.status).toBe(200);
    const since = Date.now();
    let status = 200;
    while (status === 200 && Date.now() - since < BOUND_MS) status = (await b.http.get('/api/me', user.token)).status;
    expect(status).toBe(401);
    expect(Date.now() - since).toBeLessThan(TRUST_MS);
  });

  it(`${RACES} races, B listening normally: B asked the moment A has signed a session out`, async () => {
    const mail = `racer${randomBytes(4).toString('hex')}@example.jp`;
    const made = await a.http.send('POST', '/api/user', {
      token: adminToken,
      json: { name: '競争 花子', mail, password: PASSWORD, user_type: 2, accommodations: [accommodations[0]] },
    });
    expect(made.status).toBe(201);
    let racesWithStale = 0;
    let staleAnswers = 0;
    /** The latest moment, after A's answer, at which B was asked and still served the token. */
    let longestMs = 0;
    for (let race = 0; race < RACES; race++) {
      const pair = await a.http.login({ username: mail, password: PASSWORD });
      expect((await b.http.get('/api/me', pair.access_token)).status).toBe(200);
      expect((await b.http.get('/api/me', pair.access_token)).status).toBe(200);
      expect((await a.http.postForm('/oauth/revoke', { token: pair.refresh_token, ...CLIENT })).status).toBe(200);
      const since = performance.now();
      let stale = 0;
      for (;;) {
        const asked = performance.now() - since;
        const { status } = await b.http.get('/api/me', pair.access_token);
        if (status !== 200) {
          expect(status).toBe(401);
          break;
        }
        stale += 1;
        longestMs = Math.max(longestMs, asked);
        expect(asked).toBeLessThan(TRUST_MS);
      }
      if (stale > 0) racesWithStale += 1;
      staleAnswers += stale;
    }
    console.log(
      `${racesWithStale} of ${RACES} races saw a stale answer (${staleAnswers} in all); ` +
        `the latest was asked ${longestMs.toFixed(1)} ms after A's answer`,
    );
  }, 120_000);

  it('with B listening on a stopped connection: a sign-out', async () => {
    const user = await signedInUser([accommodations[0]!]);
    await expectRefusedOnB(
      () => a.http.postForm('/oauth/revoke', { token: user.refresh, ...CLIENT }),
      '/api/me',
      user.token,
      401,
    );
  }, 30_000);

  it('with B listening on a stopped connection: the user deleted', async () => {
    const user = await signedInUser([accommodations[0]!]);
    await expectRefusedOnB(
      () => a.http.send('DELETE', `/api/user/${user.id}`, { token: adminToken }),
      '/api/me',
      user.token,
      401,
    );
  }, 30_000);

  it("with B listening on a stopped connection: an accommodation taken from the user's grants", async () => {
    const [kept, taken] = [accommodations[0]!, accommodations[1]!];
    const rooms = `/api/accommodations/${taken}/rooms`;
    const user = await signedInUser([kept, taken], rooms);
    await expectRefusedOnB(
      () => a.http.send('PATCH', `/api/user/${user.id}`, { token: adminToken, json: { accommodations: [kept] } }),
      rooms,
      user.token,
      404,
    );
    // The grant that stays still opens its rooms on B.
    expect((await b.http.get(`/api/accommodations/${kept}/rooms`, user.token)).status).toBe(200);
  }, 30_000);

  it("with B listening on a stopped connection: the user's password changed by an administrator", async () => {
    const user = await signedInUser([accommodations[0]!]);
    await expectRefusedOnB(
      () =>
        a.http.send('PATCH', `/api/user/${user.id}`, {
          token: adminToken,
          json: { password: 'another horse battery' },
        }),
      '/api/me',
      user.token,
      401,
    );
  }, 30_000);

  it('B takes a stalled connection for dead, listens on a new one and keeps tokens again', async () => {
    const before = await listenBackend();
    const stoppedAt = Date.now();
    let after: { pid: number } | undefined;
    await withListenStalled(async () => {
      // Nothing closes the stopped connection: B notices the missing heartbeats and makes another.
      while (Date.now() - stoppedAt < 20_000) {
        after = await listenBackend();
        if (after && after.pid !== before?.pid) break;
        await new Promise((r) => setTimeout(r, 200));
      }
    });
    expect(after?.pid).toBeDefined();
    expect(after?.pid).not.toBe(before?.pid);
    // The new connection delivers: a sign-out through A is refused by B at once again.
    const user = await signedInUser([accommodations[0]!]);
    expect((await a.http.postForm('/oauth/revoke', { token: user.refresh, ...CLIENT })).status).toBe(200);
    const since = Date.now();
    let status = 200;
    while (status === 200 && Date.now() - since < BOUND_MS) status = (await b.http.get('/api/me', user.token)).status;
    expect(status).toBe(401);
  }, 40_000);
});
