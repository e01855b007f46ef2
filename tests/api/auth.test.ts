import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { and, count, eq, sql } from 'drizzle-orm';
import { serverKeys } from '../../server/auth/keys';
import { authSessions, loginThrottles, users } from '../../server/db/schema';
import { serverSuite } from '../support/fixtures';
import { httpClient } from '../support/http';
import { ADMIN, CLIENT, STAFF, startTestServer, type TestServer } from '../support/testServer';

const MISMATCH = 'メールアドレスまたはパスワードが一致しません';

const api = serverSuite();

const sessionCount = async () => (await api.server.database.db.select({ n: count() }).from(authSessions))[0]!.n;
const passwordGrant = (fields: Record<string, string>) =>
  api.http.postForm('/oauth/auth', { grant_type: 'password', scope: 'admin', ...CLIENT, ...fields });

describe('password grant', () => {
  it('answers a bearer token pair that opens the API', async () => {
    const res = await passwordGrant(ADMIN);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ token_type: 'Bearer', expires_in: 900 });
    expect(res.body.access_token).toMatch(/^ey/);
    expect(res.body.refresh_token).toHaveLength(43);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const me = await api.http.get('/api/me', res.body.access_token);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ mail: 'admin@example.com', user_type: 1 });
  });

  it('accepts multipart form data too, and the address in any case', async () => {
    const body = new FormData();
    for (const [k, v] of Object.entries({
      grant_type: 'password',
      ...CLIENT,
      username: 'Staff@Example.com',
      password: STAFF.password,
    })) {
      body.append(k, v);
    }
    const res = await api.http.send<{ access_token: string }>('POST', '/oauth/auth', { body });
    expect(res.status).toBe(200);
    expect((await api.http.get('/api/me', res.body.access_token)).body.user_type).toBe(2);
  });

  it('gives the same answer for an unknown address and a wrong password', async () => {
    const wrong = await passwordGrant({ username: ADMIN.username, password: 'nope-nope-nope' });
    const unknown = await passwordGrant({ username: 'nobody@example.com', password: 'nope-nope-nope' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ error: 'invalid_grant', code: 'invalid_grant', message: MISMATCH });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('refuses a wrong client with invalid_client', async () => {
    const res = await passwordGrant({ ...ADMIN, client_secret: 'guess' });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('invalid_client');
  });

  it.each([
    ['an unknown grant type', { grant_type: 'client_credentials' }, 'unsupported_grant_type'],
    ['no grant type', { grant_type: '' }, 'unsupported_grant_type'],
    ['no password', { password: '' }, 'invalid_request'],
    ['another scope', { scope: 'root' }, 'invalid_scope'],
  ])('answers 400 for %s, and writes nothing', async (_name, fields, error) => {
    const before = await sessionCount();
    const res = await passwordGrant({ ...ADMIN, ...fields });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error, code: error });
    expect(typeof res.body.message).toBe('string');
    expect(await sessionCount()).toBe(before);
  });

  it('refuses a JSON body where form data is expected, before reading it', async () => {
    const before = await sessionCount();
    const res = await api.http.send<{ code: string }>('POST', '/oauth/auth', {
      json: { grant_type: 'password', ...CLIENT, ...ADMIN },
    });
    expect(res.status).toBe(415);
    expect(res.body.code).toBe('unsupported_media_type');
    expect(await sessionCount()).toBe(before);
  });

  it('refuses malformed JSON and an unknown content type with the error shape', async () => {
    const bad = await api.http.send('POST', '/oauth/auth', {
      body: '{"grant_type":',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.status).toBe(415);
    expect(bad.body).toMatchObject({ code: 'unsupported_media_type' });
    const xml = await api.http.send('POST', '/oauth/auth', {
      body: '<a/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(xml.status).toBe(415);
    expect(xml.body).toMatchObject({ code: 'unsupported_media_type' });
  });
});

describe('refresh tokens', () => {
  const refresh = (token: string) =>
    api.http.postForm('/oauth/auth', { grant_type: 'refresh_token', refresh_token: token, ...CLIENT });

  it('rotate: a refresh gives a new pair and the old refresh token stops working', async () => {
    const first = await api.http.login(ADMIN);
    const second = await refresh(first.refresh_token);
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    expect((await api.http.get('/api/me', second.body.access_token)).status).toBe(200);
  });

  it('a replayed refresh token revokes its whole family', async () => {
    const first = await api.http.login(ADMIN);
    const second = await refresh(first.refresh_token);
    const replay = await refresh(first.refresh_token);
    expect(replay.status).toBe(401);
    expect(replay.body.error).toBe('invalid_grant');
    // The legitimate newer tokens of the same family are dead too.
    expect((await refresh(second.body.refresh_token)).status).toBe(401);
    expect((await api.http.get('/api/me', second.body.access_token)).status).toBe(401);
    // Another sign-in is not touched.
    const other = await api.http.login(ADMIN);
    expect((await api.http.get('/api/me', other.access_token)).status).toBe(200);
  });

  it('of two parallel refreshes with one token, exactly one succeeds', async () => {
    const first = await api.http.login(ADMIN);
    const answers = await Promise.all([refresh(first.refresh_token), refresh(first.refresh_token)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
  });

  it('an unknown refresh token is invalid_grant', async () => {
    const res = await refresh('not-a-token');
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('invalid_grant');
  });
});

describe('logout', () => {
  it('revokes the session: its access and refresh tokens stop working', async () => {
    const pair = await api.http.login(ADMIN);
    const res = await api.http.postForm('/oauth/revoke', { token: pair.refresh_token, ...CLIENT });
    expect(res.status).toBe(200);
    expect((await api.http.get('/api/me', pair.access_token)).status).toBe(401);
    const again = await api.http.postForm('/oauth/auth', {
      grant_type: 'refresh_token',
      refresh_token: pair.refresh_token,
      ...CLIENT,
    });
    expect(again.status).toBe(401);
  });
});

describe('bearer tokens', () => {
  const secret = async () => (await serverKeys(api.server.database.db, api.server.config)).accessTokenKey;

  it('answers 401 with the error shape for every token that is not a live access token', async () => {
    const pair = await api.http.login(ADMIN);
    const [header, payload] = pair.access_token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('x'.repeat(48)));
    const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode(await secret()));
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: '999' })).toString('base64url')}.${pair.access_token.split('.')[2]}`;
    for (const token of [undefined, 'garbage', none, forged, expired, tampered, pair.refresh_token]) {
      const res = await api.http.get('/api/me', token);
      expect(res.status, String(token)).toBe(401);
      expect(res.body).toMatchObject({ code: 'unauthorized', message: expect.stringMatching(/ログイン/) });
    }
    // The same key and claims within their time do work: the cases above fail for their flaw.
    const valid = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode(await secret()));
    expect((await api.http.get('/api/me', valid)).status).toBe(200);
  });
});

describe('lockout', () => {
  const throttleOf = async (client: string) =>
    (
      await api.server.database.db
        .select()
        .from(loginThrottles)
        .innerJoin(users, eq(users.id, loginThrottles.userId))
        .where(and(eq(users.mail, STAFF.username), eq(loginThrottles.client, client)))
    )[0]?.login_throttles;

  it('locks an account for 30 minutes after 10 failed sign-ins from one client, with the same answer', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await passwordGrant({ username: STAFF.username, password: `wrong-${i}` })).status).toBe(401);
    }
    const locked = await passwordGrant(STAFF);
    expect(locked.status).toBe(401);
    expect(locked.body.message).toBe(MISMATCH);
    const minutes = ((await throttleOf('127.0.0.1'))!.lockedUntil!.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);
    // Once the lock has run out, the right password works again, and its success forgets the failures.
    await api.server.database.db
      .update(loginThrottles)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(loginThrottles.client, '127.0.0.1'));
    expect((await passwordGrant(STAFF)).status).toBe(200);
    expect(await throttleOf('127.0.0.1')).toBeUndefined();
  });

  it('counts failures afresh once the last one is older than the lock window', async () => {
    for (let i = 0; i < 9; i++) await passwordGrant({ username: STAFF.username, password: `wrong-${i}` });
    await api.server.database.db
      .update(loginThrottles)
      .set({ lastFailedAt: sql`now() - interval '31 minutes'` })
      .where(eq(loginThrottles.client, '127.0.0.1'));
    await passwordGrant({ username: STAFF.username, password: 'wrong-again' });
    expect((await throttleOf('127.0.0.1'))!.failures).toBe(1);
    expect((await passwordGrant(STAFF)).status).toBe(200);
  });
});

describe('lockout behind a proxy (TRUST_PROXY)', () => {
  let proxied: TestServer;
  let viaProxy: ReturnType<typeof httpClient>;
  beforeAll(async () => {
    proxied = await startTestServer({ TRUST_PROXY: '1' });
    viaProxy = httpClient(proxied.baseUrl);
  });
  afterAll(() => proxied.close());

  const grantFrom = (client: string, password: string) =>
    viaProxy.send<{ access_token?: string }>('POST', '/oauth/auth', {
      body: new URLSearchParams({ grant_type: 'password', ...CLIENT, username: STAFF.username, password }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': client },
    });

  it('someone guessing from one network locks only that network out: the user signs in from theirs', async () => {
    const guesser = '203.0.113.7';
    const staffNetwork = '198.51.100.20';
    for (let i = 0; i < 10; i++) expect((await grantFrom(guesser, `guess-${i}`)).status).toBe(401);
    // Even the right password stays refused from the guesser's address...
    expect((await grantFrom(guesser, STAFF.password)).status).toBe(401);
    // ...while the member of staff gets in from their own.
    const own = await grantFrom(staffNetwork, STAFF.password);
    expect(own.status).toBe(200);
    expect(own.body.access_token).toBeTruthy();
  });
});

describe('sessions kept between requests', () => {
  /**
   * Changes written straight into the database (another server process, psql, the CLI) reach this
   * server through PostgreSQL's notification: on the embedded database before the write returns,
   * on a server a moment after its commit. Waiting for the kept sessions to be emptied is waiting
   * for that notification.
   */
  const forgotten = async () => {
    for (let i = 0; i < 100 && api.server.auth.sessions.size > 0; i++) await new Promise((r) => setTimeout(r, 20));
    return api.server.auth.sessions.size;
  };
  const keptAfter = async (token: string) => {
    expect((await api.http.get('/api/me', token)).status).toBe(200);
    expect(api.server.auth.sessions.size).toBeGreaterThan(0);
  };

  it('a session revoked in the database, not through this server, is refused from then on', async () => {
    const pair = await api.http.login(ADMIN);
    await keptAfter(pair.access_token);
    await api.server.database.db.execute(sql`update auth_sessions set revoked_at = now() where revoked_at is null`);
    expect(await forgotten()).toBe(0);
    expect((await api.http.get('/api/me', pair.access_token)).status).toBe(401);
  });

  it('a grant taken away or a user deleted in the database holds from then on', async () => {
    const pair = await api.http.login(STAFF);
    await keptAfter(pair.access_token);
    const staffId = (
      await api.server.database.db.select({ id: users.id }).from(users).where(eq(users.mail, STAFF.username))
    )[0]!.id;
    await api.server.database.db.execute(sql`delete from user_accommodations where user_id = ${staffId}`);
    expect(await forgotten()).toBe(0);
    expect((await api.http.get('/api/accommodations', pair.access_token)).body.accommodations).toEqual([]);
    expect(api.server.auth.sessions.size).toBe(1);
    await api.server.database.db.delete(users).where(eq(users.id, staffId));
    expect(await forgotten()).toBe(0);
    expect((await api.http.get('/api/me', pair.access_token)).status).toBe(401);
  });

  it('any request that may write empties the kept sessions before it answers, notification or not', async () => {
    const pair = await api.http.login(ADMIN);
    await keptAfter(pair.access_token);
    // A failed sign-in writes only login_throttles, which no trigger watches: the request itself empties them.
    expect((await passwordGrant({ ...ADMIN, password: 'not-the-password' })).status).toBe(401);
    expect(api.server.auth.sessions.size).toBe(0);
    await keptAfter(pair.access_token);
    expect((await api.http.get('/api/me', pair.access_token)).status).toBe(200);
    expect(api.server.auth.sessions.size).toBe(1);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'keeps nothing while the notifications connection is lost, and keeps again once it is back',
    async () => {
      const pair = await api.http.login(ADMIN);
      await keptAfter(pair.access_token);
      await api.server.database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and application_name = 'yadoban-listen'`,
      );
      expect(await forgotten()).toBe(0);
      expect((await api.http.get('/api/me', pair.access_token)).status).toBe(200);
      expect(api.server.auth.sessions.size).toBe(0);
      // The listener connects again within about a second.
      let kept = 0;
      for (let i = 0; i < 50 && kept === 0; i++) {
        await new Promise((r) => setTimeout(r, 100));
        expect((await api.http.get('/api/me', pair.access_token)).status).toBe(200);
        kept = api.server.auth.sessions.size;
      }
      expect(kept).toBe(1);
    },
  );
});
