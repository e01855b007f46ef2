import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { RESTORED_SETTING, SERVER_APPLICATION_NAME } from './markers';
import { describePostgres } from './describe';
import { LISTEN_APPLICATION_NAME } from './notifications';
import { RestoreRefusedError, formatSummary, summariseData, type DataSummary } from './restoreReport';
import { runTool } from './runTool';

export interface PostgresRestore {
  where: string;
  before: DataSummary;
  after: DataSummary;
}

const nothingChanged = 'Nothing was changed: the database holds what it held before.';

/** Refuses a file pg_restore cannot read as an archive (a junk file, a plain SQL dump). */
async function checkArchive(file: string): Promise<void> {
  try {
    await runTool('pg_restore', ['--list', '--file', '/dev/null', file]);
  } catch (e) {
    const reason = (e as Error).message.split('\n').find((l) => /error/i.test(l)) ?? (e as Error).message;
    throw new RestoreRefusedError(`${file} is not a pg_dump archive (${reason.trim()}). ${nothingChanged}`, {
      cause: e,
    });
  }
}

/** The connections of running Yadoban servers on the target database: their pools and LISTEN connections. */
async function serversUsing(client: pg.Client): Promise<{ pid: number; client_addr: string | null }[]> {
  const { rows } = await client.query<{ pid: number; client_addr: string | null }>(
    `select pid, client_addr::text from pg_stat_activity
      where datname = current_database() and application_name = any($1) and pid <> pg_backend_pid()`,
    [[SERVER_APPLICATION_NAME, LISTEN_APPLICATION_NAME]],
  );
  return rows;
}

function refusal(where: string, servers: { pid: number; client_addr: string | null }[]): string {
  const hosts = [...new Set(servers.map((s) => s.client_addr ?? 'a local socket'))].join(', ');
  return [
    `${where} is in use by a running Yadoban server (${servers.length} connection(s) from ${hosts}).`,
    'Stop the server first (Ctrl-C in its terminal, `systemctl stop <its service>` or `docker stop <its container>`,',
    'or `kill <pid>` of its `node ... server/server.ts` process), then run the restore again.',
    'To restore while it runs anyway (its open requests may fail, and it keeps serving what its caches hold):',
    '  npm run restore -- --force FILE',
    nothingChanged,
  ].join('\n');
}

/**
 * What goes before the snapshot's own statements: the schemas emptied whole, so that the database
 * holds exactly the snapshot. pg_restore's `--clean` drops only what the snapshot has: a table of a
 * later migration would stay while the snapshot's migration journal says it is still to come, and
 * the server would then fail to start on it (42P07). The public schema comes back as PostgreSQL
 * makes it (owned by the database's owner, usable by all).
 */
const emptySchemas = [
  'drop schema if exists drizzle cascade',
  'drop schema if exists public cascade',
  'create schema public',
  'alter schema public owner to pg_database_owner',
  'grant usage on schema public to public',
].join('; ');

/**
 * The snapshot in place of what the database holds, in one transaction. pg_restore first writes
 * the whole archive out as SQL (a file cut short fails here, before anything is touched); psql
 * then runs `emptySchemas` and that SQL inside one transaction that stops at the first error, so a
 * failed statement or a killed restore rolls everything back.
 */
async function replaceWithSnapshot(url: string, file: string): Promise<void> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'yadoban-restore-'));
  try {
    const script = path.join(work, 'snapshot.sql');
    await runTool('pg_restore', ['--clean', '--if-exists', '--no-owner', '--file', script, file]);
    await runTool('psql', [
      '--no-psqlrc',
      '--quiet',
      '--single-transaction',
      '--set',
      'ON_ERROR_STOP=1',
      '--command',
      emptySchemas,
      '--file',
      script,
      '--dbname',
      url,
    ]);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * The snapshot restored in one transaction (replaceWithSnapshot): the old schemas are dropped and
 * the snapshot's created and filled inside it, so a file cut short, a failed statement or a killed
 * restore rolls everything back and the database keeps what it held. The file is read first
 * (`pg_restore --list`), and a database that a server is using is refused unless `force`.
 */
export async function restorePostgres(url: string, file: string, force: boolean): Promise<PostgresRestore> {
  const where = describePostgres(url);
  await checkArchive(file);
  const client = new pg.Client({ connectionString: url, application_name: 'yadoban-restore' });
  await client.connect();
  try {
    const query = (text: string) => client.query(text);
    const servers = await serversUsing(client);
    if (servers.length > 0 && !force) throw new RestoreRefusedError(refusal(where, servers));
    const before = await summariseData(query);
    try {
      await replaceWithSnapshot(url, file);
    } catch (e) {
      throw new Error(`The restore of ${file} failed and was rolled back. ${nothingChanged}\n${(e as Error).message}`, {
        cause: e,
      });
    }
    const after = await summariseData(query);
    // A server that finds this setting never seeds demo data into the database (an empty snapshot).
    await client
      .query(
        `alter database ${pg.escapeIdentifier(client.database ?? '')} set ${RESTORED_SETTING} = ${pg.escapeLiteral(
          `${file} at ${new Date().toISOString()}`,
        )}`,
      )
      .catch((e: Error) => console.warn(`note: could not mark the database as restored (${e.message})`));
    return { where, before, after };
  } finally {
    await client.end();
  }
}

export const describeRestore = (r: PostgresRestore, file: string) =>
  `Restored ${file} into ${r.where}: it now holds ${formatSummary(r.after)} (before: ${formatSummary(r.before)}).`;
