import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, sqlRows } from '../../server/db/client';
import { withDatabase } from '../support/postgresUrl';
import { run } from '../support/processes';
import { startOn } from '../support/startOn';

const url = process.env.DATABASE_URL;
const workDir = mkdtempSync(path.join(os.tmpdir(), 'yadoban-seed-guard-'));

/** Starts the server on the database, and answers its start log and how many companies it then holds. */
async function start(env: Record<string, string>) {
  const started = await startOn(env);
  try {
    const [row] = await sqlRows<{ n: number }>(started.database.db, sql`select count(*)::int as n from companies`);
    // The log's messages, one a line (the log itself is JSON).
    const log = started
      .log()
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const { level, msg } = JSON.parse(line) as { level: number; msg: string };
        return `${level === 40 ? 'WARN ' : ''}${msg}`;
      })
      .join('\n');
    return { companies: row!.n, log };
  } finally {
    await started.close();
  }
}

describe.skipIf(!!url)('demo data on the embedded database', () => {
  it('a first start on a new folder writes the demo data and says so', async () => {
    const dir = path.join(workDir, 'first');
    const { companies, log } = await start({ DATA_DIR: dir });
    expect(companies).toBe(1);
    expect(log).toContain(
      `Database: embedded PostgreSQL in ${dir}, new (created now), empty: the demo data was written`,
    );
  }, 60_000);

  it('never in production: an empty new folder stays empty, and the log says so', async () => {
    const dir = path.join(workDir, 'production');
    const { companies, log } = await start({ DATA_DIR: dir, NODE_ENV: 'production' });
    expect(companies).toBe(0);
    expect(log).toContain(
      `Database: embedded PostgreSQL in ${dir}, new (created now), empty: no demo data (NODE_ENV=production`,
    );
  }, 60_000);

  it('never beside a folder a restore kept aside: the empty database starts empty and the log says how to get the data back', async () => {
    const dir = path.join(workDir, 'restored');
    const kept = `${dir}.before-restore-2025-01-01T00-00-00-000Z`;
    mkdirSync(kept);
    writeFileSync(path.join(kept, 'PG_VERSION'), '17\n');
    const { companies, log } = await start({ DATA_DIR: dir });
    expect(companies).toBe(0);
    const warning = log.split('\n').find((l) => l.includes('is EMPTY'));
    expect(warning).toMatch(/^WARN /);
    expect(warning).toContain('no demo data was written');
    expect(warning).toContain(`mv ${kept} ${dir}`);
  }, 60_000);
});

describe.skipIf(!url)('demo data on a PostgreSQL server', () => {
  const admin = new pg.Client({ connectionString: url });
  const names: string[] = [];
  const newDatabase = async () => {
    if (names.length === 0) await admin.connect();
    const name = `yadoban_seedguard_${randomBytes(3).toString('hex')}`;
    names.push(name);
    await admin.query(`create database ${name}`);
    return { name, url: withDatabase(url!, name) };
  };
  afterAll(async () => {
    for (const name of names) await admin.query(`drop database if exists ${name} with (force)`);
    if (names.length > 0) await admin.end();
  });

  it('never in production: an empty new database stays empty; the log names host and database, no password', async () => {
    const db = await newDatabase();
    const withPassword = new URL(db.url);
    withPassword.password = 'secret-pass';
    const { companies, log } = await start({
      DATABASE_URL: withPassword.toString(),
      NODE_ENV: 'production',
      OAUTH_CLIENT_ID: 'console',
      OAUTH_CLIENT_SECRET: 'console-secret',
      // Required in production on a PostgreSQL server (server/config.ts).
      JWT_SECRET: 'a-jwt-secret-of-the-seed-guard-test-0123',
      CHANNEL_SECRET_KEY: 'a-channel-key-of-the-seed-guard-test-0123',
    });
    expect(companies).toBe(0);
    expect(log).toMatch(
      new RegExp(
        `Database: PostgreSQL database "${db.name}" on [^ ]+:\\d+ as \\w+, new \\(created now\\), empty: no demo data \\(NODE_ENV=production`,
      ),
    );
    expect(log).not.toContain('secret-pass');
  }, 60_000);

  it('never into a database a restore made, even from a snapshot of an empty one', async () => {
    const empty = await newDatabase();
    await (await openDatabase({ url: empty.url })).close();
    const file = path.join(workDir, 'empty.dump');
    const backup = run('server/cli/backup.ts', { DATABASE_URL: empty.url }, ['backup', file]);
    expect(await backup.exited, backup.output()).toBe(0);
    const target = await newDatabase();
    const restore = run('server/cli/backup.ts', { DATABASE_URL: target.url }, ['restore', file]);
    expect(await restore.exited, restore.output()).toBe(0);

    const { companies, log } = await start({ DATABASE_URL: target.url });
    expect(companies).toBe(0);
    expect(log).toMatch(/is EMPTY, and a restore was here .*no demo data was written/);
  }, 90_000);
});
