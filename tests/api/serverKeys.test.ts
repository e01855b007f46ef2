import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { syncSettingMessages } from '../../contract/syncSetting';
import { keyFilePath, loadServerKeys, readKeyFile } from '../../server/auth/keys';
import { AccessTokens } from '../../server/auth/tokens';
import {
  ChannelCredentialsError,
  channelKey,
  deriveChannelKey,
  loadChannelAccounts,
} from '../../server/channel/wire/credentials';
import { pullAll } from '../../server/channel/inbound/pull';
import { startChannelSim } from '../../tools/channelSim/app';
import { loadConfig } from '../../server/config';
import { openDatabase, sqlRows, type Database, type DatabaseOptions } from '../../server/db/client';
import { snapshotTar } from '../../server/db/pgliteSnapshot';
import { runTool } from '../../server/db/runTool';
import { serverSecrets } from '../../server/db/schema';
import { seedDemo } from '../../server/db/seed';
import type { Started } from '../../server/start';
import { withEmptyCluster } from '../support/emptyCluster';
import { withDatabase } from '../support/postgresUrl';
import { run } from '../support/processes';
import { startOn } from '../support/startOn';
import { ADMIN, CLIENT } from '../support/testServer';

/**
 * Issue 28, "Keys are not kept beside what they protect": the generated keys live in
 * `<DATA_DIR>.keys.json`, never in the database, so that a backup alone gives up neither the
 * access-token key nor the channel passwords. Each test runs on the engine of the run (the embedded
 * database, or the PostgreSQL server of DATABASE_URL).
 */

const url = process.env.DATABASE_URL;
const workDir = mkdtempSync(path.join(os.tmpdir(), 'yadoban-keys-'));
const admin = url ? new pg.Client({ connectionString: url }) : null;
const databases: string[] = [];
const DEMO_PASSWORDS = ['channel-pass-1234', 'channel-pass-2345', 'channel-pass-3456'];

afterAll(async () => {
  if (!admin) return;
  for (const name of databases) await admin.query(`drop database if exists ${name} with (force)`);
  if (databases.length > 0) await admin.end();
});

interface Target {
  /** The server's environment: DATA_DIR, and DATABASE_URL on PostgreSQL. */
  env: Record<string, string>;
  options: DatabaseOptions;
  dataDir: string;
  keyFile: string;
}

/**
 * An empty place for data: an embedded DATA_DIR (an empty database in it, unless it is to be a
 * restore's target: tests/support/emptyCluster.ts), or a new PostgreSQL database (keys beside a DATA_DIR).
 */
async function newTarget(name: string, { restoreTarget = false } = {}): Promise<Target> {
  const dataDir = path.join(workDir, name, 'data');
  const keyFile = keyFilePath(dataDir);
  if (!url) {
    if (!restoreTarget) withEmptyCluster(dataDir);
    return { env: { DATA_DIR: dataDir }, options: { dataDir }, dataDir, keyFile };
  }
  if (databases.length === 0) await admin!.connect();
  const database = `yadoban_keys_${name}_${randomBytes(3).toString('hex')}`;
  databases.push(database);
  await admin!.query(`create database ${database}`);
  const databaseUrl = withDatabase(url, database);
  return { env: { DATABASE_URL: databaseUrl, DATA_DIR: dataDir }, options: { url: databaseUrl }, dataDir, keyFile };
}

/** The server as `npm start` runs it on the target (no simulator inside, no scheduled sync). */
const start = (target: Target, env: Record<string, string> = {}) =>
  startOn({ ...target.env, CHANNEL_SIM: '0', ...env });

async function signIn(started: Started): Promise<string> {
  const res = await started.app.inject({
    method: 'POST',
    url: '/oauth/auth',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ grant_type: 'password', ...CLIENT, ...ADMIN }).toString(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { access_token: string }).access_token;
}

const call = (started: Started, token: string, method: 'GET' | 'PATCH' | 'POST', url: string, json?: unknown) =>
  started.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(json === undefined ? {} : { payload: json as Record<string, unknown> }),
  });

const secretRows = async (db: Database['db']) =>
  (await sqlRows<{ n: number }>(db, sql`select count(*)::int as n from server_secrets`))[0]!.n;

const modeOf = (file: string) => statSync(file).mode & 0o777;

describe('the generated keys live in <DATA_DIR>.keys.json, not in the database', () => {
  it('on a first start: no row in server_secrets, the key file 0600 beside the data, the demo channel passwords open, and a restart keeps the sessions', async () => {
    const target = await newTarget('fresh');
    let token: string;
    let started = await start(target);
    try {
      expect(await secretRows(started.database.db)).toBe(0);
      expect(modeOf(target.keyFile)).toBe(0o600);
      const stored = readKeyFile(target.keyFile)!;
      const key = await channelKey(started.database.db, { DATA_DIR: target.dataDir });
      expect(key).toEqual(deriveChannelKey(stored.channel_key));
      const accounts = await loadChannelAccounts(started.database.db, key);
      expect(accounts.map((a) => a.password)).toEqual(DEMO_PASSWORDS);
      token = await signIn(started);
      expect(await new AccessTokens(stored.access_token_key, 900).verify(token)).not.toBeNull();
      expect(started.log()).toContain(`Generated the server's keys in ${target.keyFile}`);
    } finally {
      await started.close();
    }
    // Not inside the embedded data folder, which a backup copies whole.
    if (!url) expect(readdirSync(target.dataDir).filter((n) => n.includes('key'))).toEqual([]);
    const before = readFileSync(target.keyFile, 'utf8');
    started = await start(target);
    try {
      expect((await call(started, token, 'GET', '/api/me')).statusCode).toBe(200);
      expect(readFileSync(target.keyFile, 'utf8')).toBe(before);
      expect(await secretRows(started.database.db)).toBe(0);
    } finally {
      await started.close();
    }
  }, 120_000);

  it('an older database: its rows of server_secrets move into the key file at start, the passwords sealed and the tokens signed under them still open, and the rows are gone', async () => {
    const target = await newTarget('upgrade');
    const oldToken = randomBytes(48).toString('base64url');
    const oldChannel = randomBytes(48).toString('base64url');
    const database = await openDatabase(target.options);
    try {
      await seedDemo(database.db, { channelKey: deriveChannelKey(oldChannel) });
      await database.db.insert(serverSecrets).values([
        { name: 'access-token-key', value: oldToken },
        { name: 'channel-credentials-key', value: oldChannel },
      ]);
    } finally {
      await database.close();
    }
    expect(existsSync(target.keyFile)).toBe(false);

    const started = await start(target);
    try {
      expect(await secretRows(started.database.db)).toBe(0);
      expect(readKeyFile(target.keyFile)).toEqual({ version: 1, access_token_key: oldToken, channel_key: oldChannel });
      expect(modeOf(target.keyFile)).toBe(0o600);
      const key = await channelKey(started.database.db, { DATA_DIR: target.dataDir });
      expect((await loadChannelAccounts(started.database.db, key)).map((a) => a.password)).toEqual(DEMO_PASSWORDS);
      // Tokens are signed with the old key still: the ones in the console before the upgrade stay valid.
      expect(await new AccessTokens(oldToken, 900).verify(await signIn(started))).not.toBeNull();
      expect(started.log()).toContain(
        `Moved the generated keys out of the database (server_secrets) into ${target.keyFile}`,
      );
    } finally {
      await started.close();
    }
  }, 120_000);

  it('two processes moving the old rows at once: both get the old keys, one file holds them, the rows are gone', async () => {
    const target = await newTarget('race');
    const old = { token: randomBytes(48).toString('base64url'), channel: randomBytes(48).toString('base64url') };
    // Two connections on PostgreSQL (two processes); the embedded database is one process's.
    const first = await openDatabase(target.options);
    const second = url ? await openDatabase(target.options) : first;
    try {
      await first.db.insert(serverSecrets).values([
        { name: 'access-token-key', value: old.token },
        { name: 'channel-credentials-key', value: old.channel },
      ]);
      const config = { DATA_DIR: target.dataDir };
      const answers = await Promise.all([loadServerKeys(first.db, config), loadServerKeys(second.db, config)]);
      for (const keys of answers) expect([keys.accessTokenKey, keys.channelKey]).toEqual([old.token, old.channel]);
      expect(answers.map((a) => a.moved.length).sort()).toEqual([0, 2]);
      expect(readKeyFile(target.keyFile)).toEqual({
        version: 1,
        access_token_key: old.token,
        channel_key: old.channel,
      });
      expect(await secretRows(first.db)).toBe(0);
    } finally {
      if (second !== first) await second.close();
      await first.close();
    }
  }, 60_000);

  it('processes making the key file at once end with one file, which all of them read', async () => {
    const dataDir = path.join(workDir, 'together', 'data');
    const script = path.join(workDir, 'makeKeys.ts');
    writeFileSync(
      script,
      `import { keyFileOf } from ${JSON.stringify(path.resolve('server/auth/keys.ts'))};\n` +
        `console.log(JSON.stringify(keyFileOf(${JSON.stringify(dataDir)})));\n`,
    );
    const processes = Array.from({ length: 4 }, () => run(script, {}));
    const codes = await Promise.all(processes.map((p) => p.exited));
    expect(codes, processes.map((p) => p.output()).join('\n')).toEqual([0, 0, 0, 0]);
    const stored = readKeyFile(keyFilePath(dataDir));
    for (const p of processes) expect(JSON.parse(p.output().trim())).toEqual(stored);
    expect(modeOf(keyFilePath(dataDir))).toBe(0o600);
    // No temporary file left beside it.
    expect(readdirSync(path.dirname(dataDir))).toEqual(['data.keys.json']);
  }, 60_000);

  it('refuses to start in production on a PostgreSQL server without JWT_SECRET and CHANNEL_SECRET_KEY, naming them', async () => {
    const production = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/nothing',
      OAUTH_CLIENT_ID: 'console',
      OAUTH_CLIENT_SECRET: 'a-client-secret',
    };
    const jwt = 'j'.repeat(32);
    const channel = 'c'.repeat(32);
    expect(() => loadConfig(production)).toThrow(
      /JWT_SECRET and CHANNEL_SECRET_KEY are required in production on a PostgreSQL server/,
    );
    expect(() => loadConfig({ ...production, JWT_SECRET: jwt })).toThrow(
      / CHANNEL_SECRET_KEY is required in production/,
    );
    expect(() => loadConfig({ ...production, CHANNEL_SECRET_KEY: channel })).toThrow(
      / JWT_SECRET is required in production/,
    );
    expect(loadConfig({ ...production, JWT_SECRET: jwt, CHANNEL_SECRET_KEY: channel }).NODE_ENV).toBe('production');
    // The embedded database is one process: its key file is fine in production too.
    expect(loadConfig({ NODE_ENV: 'production', DATA_DIR: path.join(workDir, 'prod') }).JWT_SECRET).toBeUndefined();
    // The server stops before it opens anything, saying why.
    const p = run('server/server.ts', production);
    expect(await p.exited).toBe(1);
    expect(p.output()).toMatch(/JWT_SECRET and CHANNEL_SECRET_KEY are required in production on a PostgreSQL server/);
  }, 60_000);
});

describe('backups hold no key', () => {
  it('a backup holds neither key, nor a channel password in clear', async () => {
    const target = await newTarget('backup');
    const started = await start(target);
    await started.close();
    const keys = readKeyFile(target.keyFile)!;
    const file = path.join(workDir, url ? 'keys.dump' : 'keys.tar.gz');
    const backup = run('server/cli/backup.ts', target.env, ['backup', file]);
    expect(await backup.exited, backup.output()).toBe(0);
    const bytes = readFileSync(file);
    // What the file holds once unpacked: the data folder's tar, or the dump as SQL.
    let contents: Buffer;
    if (url) {
      const text = path.join(workDir, 'keys.sql');
      await runTool('pg_restore', ['--file', text, file]);
      contents = readFileSync(text);
    } else {
      contents = snapshotTar(bytes);
    }
    // The search finds what is there: the demo's sync settings are in it.
    expect(contents.includes('sync-alert@yadoban.example.com')).toBe(true);
    for (const secret of [keys.access_token_key, keys.channel_key, ...DEMO_PASSWORDS]) {
      expect(bytes.includes(secret)).toBe(false);
      expect(contents.includes(secret)).toBe(false);
    }
  }, 120_000);

  it('a backup restored without its key: the settings ask for each password again, the sync log and health say why, and a password entered again syncs', async () => {
    const source = await newTarget('source');
    await (await start(source)).close();
    const file = path.join(workDir, url ? 'source.dump' : 'source.tar.gz');
    const backup = run('server/cli/backup.ts', source.env, ['backup', file]);
    expect(await backup.exited, backup.output()).toBe(0);
    const target = await newTarget('restored', { restoreTarget: true });
    const restore = run('server/cli/backup.ts', target.env, ['restore', file]);
    expect(await restore.exited, restore.output()).toBe(0);

    const sim = await startChannelSim({ port: 0 });
    // NODE_ENV test: no scheduled sync beside the test's own pulls.
    const started = await start(target, { NODE_ENV: 'test', CHANNEL_URL: sim.url });
    try {
      const db = started.database.db;
      expect(readKeyFile(target.keyFile)!.channel_key).not.toBe(readKeyFile(source.keyFile)!.channel_key);
      expect(started.log()).toMatch(
        /The channel passwords of 3 facilities were sealed with a key this server does not have/,
      );
      const token = await signIn(started);
      const settings = await sqlRows<{ id: number; accommodation_id: number }>(
        db,
        sql`select id, accommodation_id from sync_settings where service_id = 1 order by accommodation_id`,
      );
      expect(settings).toHaveLength(3);
      for (const { accommodation_id: id } of settings) {
        const res = await call(started, token, 'GET', `/api/facility/${id}/sync-settings`);
        expect(res.statusCode).toBe(200);
        expect(res.json().sync_settings[0].params).toMatchObject({ password_set: true, password_unreadable: true });
      }

      const key = await channelKey(db, { DATA_DIR: target.dataDir });
      const refused = await pullAll(db, sim.url, key, new Date());
      expect(refused.map((r) => r.failure)).toEqual(settings.map(() => expect.any(ChannelCredentialsError)));
      const [first, second] = settings as [(typeof settings)[0], (typeof settings)[0]];
      const [logged] = await sqlRows<{ message: string }>(
        db,
        sql`select message from sync_logs where accommodation_id = ${first.accommodation_id} and success = 0
            order by id desc limit 1`,
      );
      expect(logged!.message).toBe(syncSettingMessages.passwordUnreadable);
      expect(syncSettingMessages.passwordUnreadable).toContain('このサーバーにない鍵');
      expect(syncSettingMessages.passwordUnreadable).toContain('パスワードを入力し直してください');
      const health = await call(started, token, 'GET', '/api/admin/sync/health');
      expect(health.statusCode).toBe(200);
      expect(JSON.stringify(health.json())).toContain(syncSettingMessages.passwordUnreadable);
      // A booking's sync answers the same sentence (409), not a 500.
      const [booking] = await sqlRows<{ id: number }>(
        db,
        sql`select id from bookings where accommodation_id = ${second.accommodation_id} and delete_flg = 0 limit 1`,
      );
      const bookSync = await call(started, token, 'PATCH', `/api/admin/books/${booking!.id}/sync`);
      expect(bookSync.statusCode, bookSync.body).toBe(409);
      expect(bookSync.json().message).toBe(syncSettingMessages.passwordUnreadable);

      // The administrator types the first facility's password again.
      const saved = await call(
        started,
        token,
        'PATCH',
        `/api/facility/${first.accommodation_id}/sync-settings/${first.id}`,
        { params: { accommodation_id: '100120', id: 'sakura-so', password: DEMO_PASSWORDS[0] } },
      );
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().params).toMatchObject({ password_set: true, password_unreadable: false });
      const pulled = await pullAll(db, sim.url, key, new Date());
      const firstPull = pulled.find((r) => r.accommodationId === first.accommodation_id)!;
      expect(firstPull.failure).toBeUndefined();
      expect(firstPull.error).toBeUndefined();
      expect(pulled.find((r) => r.accommodationId === second.accommodation_id)!.failure).toBeInstanceOf(
        ChannelCredentialsError,
      );
      const [state] = await sqlRows<{ last_error: string | null; ok: boolean }>(
        db,
        sql`select last_error, last_pull_ok_at is not null as ok from channel_state
            where accommodation_id = ${first.accommodation_id}`,
      );
      expect(state).toEqual({ last_error: null, ok: true });
    } finally {
      await started.close();
      await sim.close();
    }
  }, 180_000);
});
