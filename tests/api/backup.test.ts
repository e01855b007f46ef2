import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, sqlRows, type DatabaseOptions } from '../../server/db/client';
import { seedDemo } from '../../server/db/seed';
import { withDatabase } from '../support/postgresUrl';
import { run } from '../support/processes';

const url = process.env.DATABASE_URL;
const workDir = mkdtempSync(path.join(os.tmpdir(), 'yadoban-backup-'));

/** Every table of the schema with its row count. */
async function rowCounts(options: DatabaseOptions): Promise<Record<string, number>> {
  const database = await openDatabase(options);
  try {
    const tables = await sqlRows<{ name: string }>(
      database.db,
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables) {
      const [row] = await sqlRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from ${sql.identifier(name)}`,
      );
      counts[name] = row!.n;
    }
    return counts;
  } finally {
    await database.close();
  }
}

/** `npm run backup` / `npm run restore` as an operator runs them, on the given database. */
async function cli(command: 'backup' | 'restore', env: Record<string, string>, file: string) {
  const p = run('server/cli/backup.ts', env, [command, file]);
  const code = await p.exited;
  return { code, output: p.output() };
}

describe.skipIf(!!url)('backup and restore of the embedded database', () => {
  it('round-trips a snapshot: every table has the same number of rows', async () => {
    const source = path.join(workDir, 'source');
    const database = await openDatabase({ dataDir: source });
    await seedDemo(database.db);
    await database.close();
    const before = await rowCounts({ dataDir: source });
    expect(before.bookings).toBeGreaterThan(100);

    const file = path.join(workDir, 'snapshot.tar.gz');
    const backup = await cli('backup', { DATA_DIR: source }, file);
    expect(backup.code, backup.output).toBe(0);
    const restored = path.join(workDir, 'restored');
    const restore = await cli('restore', { DATA_DIR: restored }, file);
    expect(restore.code, restore.output).toBe(0);
    expect(await rowCounts({ dataDir: restored })).toEqual(before);
  }, 120_000);

  it('refuses while a server holds the data folder, and keeps the current data aside on restore', async () => {
    const dir = path.join(workDir, 'held');
    const database = await openDatabase({ dataDir: dir });
    try {
      const refused = await cli('backup', { DATA_DIR: dir }, path.join(workDir, 'never.tar.gz'));
      expect(refused.code).toBe(1);
      expect(refused.output).toMatch(/in use by process \d+/);
    } finally {
      await database.close();
    }
    const file = path.join(workDir, 'held.tar.gz');
    expect((await cli('backup', { DATA_DIR: dir }, file)).code).toBe(0);
    const again = await cli('restore', { DATA_DIR: dir }, file);
    expect(again.code, again.output).toBe(0);
    expect(again.output).toMatch(/previous data is kept in .*held\.before-restore-/);
  }, 120_000);
});

describe.skipIf(!url)('backup and restore on a PostgreSQL server', () => {
  const admin = new pg.Client({ connectionString: url });
  const names = ['src', 'dst'].map((n) => `yadoban_backup_${n}_${randomBytes(3).toString('hex')}`);
  afterAll(async () => {
    for (const name of names) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('round-trips a pg_dump snapshot: every table has the same number of rows', async () => {
    await admin.connect();
    for (const name of names) await admin.query(`create database ${name}`);
    const [source, target] = names.map((name) => withDatabase(url!, name)) as [string, string];
    const database = await openDatabase({ url: source });
    await seedDemo(database.db);
    await database.close();
    const before = await rowCounts({ url: source });

    const file = path.join(workDir, 'snapshot.dump');
    const backup = await cli('backup', { DATABASE_URL: source }, file);
    expect(backup.code, backup.output).toBe(0);
    const restore = await cli('restore', { DATABASE_URL: target }, file);
    expect(restore.code, restore.output).toBe(0);
    expect(await rowCounts({ url: target })).toEqual(before);
  }, 120_000);
});
