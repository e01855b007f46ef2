import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, sqlRows, type DatabaseOptions } from '../../server/db/client';
import { seedDemo } from '../../server/db/seed';
import { withEmptyCluster } from '../support/emptyCluster';
import { withDatabase } from '../support/postgresUrl';
import { childEnv, nodeArgs, run } from '../support/processes';
import { adminSignsIn, startOn } from '../support/startOn';
import { testChannelKey } from '../support/testKeys';

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
async function cli(command: 'backup' | 'restore', env: Record<string, string>, file: string, flags: string[] = []) {
  const p = run('server/cli/backup.ts', env, [command, ...flags, file]);
  const code = await p.exited;
  return { code, output: p.output() };
}

/** What a restore must leave alone when it fails: the counts and one known booking, field by field. */
async function dataState(options: DatabaseOptions) {
  const database = await openDatabase(options);
  try {
    const [counts] = await sqlRows<{ bookings: number; users: number }>(
      database.db,
      sql`select (select count(*) from bookings)::int as bookings, (select count(*) from users)::int as users`,
    );
    const [known] = await sqlRows<Record<string, unknown>>(
      database.db,
      sql`select id, uid, name, room_id, start_date::text as start_date, end_date::text as end_date, price, memo
          from bookings order by id limit 1`,
    );
    return { ...counts!, known: known! };
  } finally {
    await database.close();
  }
}

/** A change made after the snapshot was taken: a restore that went through would undo it. */
async function renameFirstBooking(options: DatabaseOptions) {
  const database = await openDatabase(options);
  try {
    await database.db.execute(sql`update bookings set name = '復元前 太郎' where id = (select min(id) from bookings)`);
  } finally {
    await database.close();
  }
}

/** The server starts on the data and the demo administrator signs in. */
async function serverStartsOn(env: Record<string, string>) {
  const started = await startOn({ LOG_LEVEL: 'silent', ...env });
  try {
    expect(await adminSignsIn(started)).toBe(200);
  } finally {
    await started.close();
  }
}

/** A snapshot cut short (its first 60%) and a file that is no snapshot at all. */
function badFiles(good: string) {
  const bytes = readFileSync(good);
  const truncated = path.join(workDir, `truncated-${path.basename(good)}`);
  writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
  const junk = path.join(workDir, `junk-${path.basename(good)}`);
  writeFileSync(junk, randomBytes(200_000));
  return { truncated, junk };
}

describe.skipIf(!!url)('backup and restore of the embedded database', () => {
  it('round-trips a snapshot: every table has the same number of rows', async () => {
    const source = withEmptyCluster(path.join(workDir, 'source'));
    const database = await openDatabase({ dataDir: source });
    await seedDemo(database.db, { channelKey: testChannelKey() });
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
    const dir = withEmptyCluster(path.join(workDir, 'held'));
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

describe.skipIf(!!url)('a restore of the embedded database that fails changes nothing', () => {
  const live = path.join(workDir, 'live');
  const good = path.join(workDir, 'live.tar.gz');
  let before: Awaited<ReturnType<typeof dataState>>;
  const siblings = () => readdirSync(workDir).filter((n) => n.startsWith('live.'));

  beforeAll(async () => {
    const database = await openDatabase({ dataDir: withEmptyCluster(live) });
    await seedDemo(database.db, { channelKey: testChannelKey() });
    await database.close();
    expect((await cli('backup', { DATA_DIR: live }, good)).code).toBe(0);
    await renameFirstBooking({ dataDir: live });
    before = await dataState({ dataDir: live });
    expect(before.known.name).toBe('復元前 太郎');
  }, 120_000);

  it.each(['truncated', 'junk'] as const)(
    'a %s file: exit 1 saying nothing was changed, the data as it was, and the server starts on it',
    async (kind) => {
      const restore = await cli('restore', { DATA_DIR: live }, badFiles(good)[kind]);
      expect(restore.code, restore.output).toBe(1);
      expect(await dataState({ dataDir: live })).toEqual(before);
      expect(restore.output).toMatch(/cannot be restored: .*Nothing was changed/);
      expect(siblings().filter((n) => /restoring-|before-restore-/.test(n))).toEqual([]);
      await serverStartsOn({ DATA_DIR: live });
      expect(await dataState({ dataDir: live })).toEqual(before);
    },
    120_000,
  );

  it('a restore killed while it unpacks: the data as it was; the next restore cleans up and goes through', async () => {
    const p = run('server/cli/backup.ts', { DATA_DIR: live }, ['restore', good]);
    const until = Date.now() + 30_000;
    // Killed as soon as it has started touching folders (today's code renames the live one first).
    while (!siblings().some((n) => /restoring-|before-restore-/.test(n)) && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 10));
    }
    p.child.kill('SIGKILL');
    await p.exited;
    expect(await dataState({ dataDir: live }), p.output()).toEqual(before);
    await serverStartsOn({ DATA_DIR: live });

    const again = await cli('restore', { DATA_DIR: live }, good);
    expect(again.code, again.output).toBe(0);
    expect(again.output).toMatch(/Restored .* now holds \d+ bookings, \d+ users/);
    expect(siblings().some((n) => n.includes('.restoring-'))).toBe(false);
    const after = await dataState({ dataDir: live });
    expect(after.bookings).toBe(before.bookings);
    expect(after.known).toEqual({ ...before.known, name: expect.not.stringMatching('復元前') });
  }, 180_000);
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
    await seedDemo(database.db, { channelKey: testChannelKey() });
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

describe.skipIf(!url)('a restore on a PostgreSQL server is all or nothing', () => {
  const admin = new pg.Client({ connectionString: url });
  const name = `yadoban_restore_${randomBytes(3).toString('hex')}`;
  let target: string;
  const good = path.join(workDir, 'restore.dump');
  let before: Awaited<ReturnType<typeof dataState>>;

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`create database ${name}`);
    target = withDatabase(url!, name);
    const database = await openDatabase({ url: target });
    await seedDemo(database.db, { channelKey: testChannelKey() });
    await database.close();
    expect((await cli('backup', { DATABASE_URL: target }, good)).code).toBe(0);
    await renameFirstBooking({ url: target });
    before = await dataState({ url: target });
  }, 120_000);
  afterAll(async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it.each(['truncated', 'junk'] as const)(
    'a %s dump: exit 1 saying nothing was changed, every table as it was, and the server starts on it',
    async (kind) => {
      const restore = await cli('restore', { DATABASE_URL: target }, badFiles(good)[kind]);
      expect(restore.code, restore.output).toBe(1);
      expect(await dataState({ url: target })).toEqual(before);
      expect(restore.output).toMatch(/Nothing was changed: the database holds what it held before/);
      await serverStartsOn({ DATABASE_URL: target });
    },
    120_000,
  );

  it('a restore killed while it copies the rows in: every table as it was', async () => {
    // The command and its psql killed together, as Ctrl-C or a service manager does.
    const child = spawn(process.execPath, nodeArgs('server/cli/backup.ts', ['restore', good]), {
      env: childEnv({ DATABASE_URL: target }),
      stdio: 'ignore',
      detached: true,
    });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    const restoring = async (copying: boolean) => {
      const { rows } = await admin.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
          where datname = $1 and application_name = 'psql' and ($2 = false or query ilike 'copy %')`,
        [name, copying],
      );
      return rows[0]!.n > 0;
    };
    const until = Date.now() + 60_000;
    while (!(await restoring(true)) && Date.now() < until) await new Promise((r) => setTimeout(r, 5));
    expect(Date.now() < until, 'the restore never reached COPY').toBe(true);
    // Stopped first, so that it cannot reach its end between the look and the kill.
    process.kill(-child.pid!, 'SIGSTOP');
    const { rows } = await admin.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
        where datname = $1 and application_name = 'psql' and query not ilike 'commit%'`,
      [name],
    );
    expect(rows[0]!.n, 'the restore had finished before it was stopped').toBe(1);
    process.kill(-child.pid!, 'SIGKILL');
    await exited;
    while (await restoring(false)) await new Promise((r) => setTimeout(r, 20));
    expect(await dataState({ url: target })).toEqual(before);
    await serverStartsOn({ DATABASE_URL: target });
  }, 120_000);

  it('a snapshot older than the database (a table of a later migration): the database becomes the snapshot, and the server starts on it', async () => {
    const client = new pg.Client({ connectionString: target });
    await client.connect();
    try {
      // As a migration made after the snapshot would: a table the snapshot does not know.
      await client.query('create table later_migration_table (id int primary key)');
      const restore = await cli('restore', { DATABASE_URL: target }, good);
      expect(restore.code, restore.output).toBe(0);
      const { rows } = await client.query<{ found: string | null }>(
        `select to_regclass('public.later_migration_table')::text as found`,
      );
      expect(rows[0]!.found).toBeNull();
      const restored = await dataState({ url: target });
      expect(restored.bookings).toBe(before.bookings);
      expect(restored.users).toBe(before.users);
      await serverStartsOn({ DATABASE_URL: target });
      // The data of the snapshot, taken before the known booking was renamed: put the rename back.
      await renameFirstBooking({ url: target });
      expect(await dataState({ url: target })).toEqual(before);
    } finally {
      await client.end();
    }
  }, 120_000);

  it('refuses while a server uses the database, saying how to stop it; --force restores all the same', async () => {
    const server = await startOn({ DATABASE_URL: target, LOG_LEVEL: 'silent' });
    try {
      const refused = await cli('restore', { DATABASE_URL: target }, good);
      expect(refused.code, refused.output).toBe(1);
      expect(refused.output).toMatch(/in use by a running Yadoban server/);
      expect(refused.output).toMatch(/Stop the server first \(Ctrl-C/);
      expect(refused.output).toContain('npm run restore -- --force FILE');
      expect(await dataState({ url: target })).toEqual(before);

      const forced = await cli('restore', { DATABASE_URL: target }, good, ['--force']);
      expect(forced.code, forced.output).toBe(0);
      expect(forced.output).toMatch(
        new RegExp(
          `Restored .* into PostgreSQL database "${name}" on .*: it now holds ${before.bookings} bookings, ${before.users} users`,
        ),
      );
      expect(forced.output).not.toMatch(/password/i);
    } finally {
      await server.close();
    }
    const after = await dataState({ url: target });
    expect(after.bookings).toBe(before.bookings);
    expect(after.known).toEqual({ ...before.known, name: expect.not.stringMatching('復元前') });
    await serverStartsOn({ DATABASE_URL: target });
  }, 120_000);
});
