import pg from 'pg';

/** Tried when BENCH_DATABASE_URL is not set. */
export const defaultPostgresUrl = 'postgres://postgres@127.0.0.1:5432/test';

export type PostgresProbe =
  | { available: true; url: string; source: 'BENCH_DATABASE_URL' | 'default'; version: string }
  | { available: false; url: string; reason: string };

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000, query_timeout: 60_000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Whether a PostgreSQL server answers at BENCH_DATABASE_URL, or else at the default address. */
export async function probePostgres(): Promise<PostgresProbe> {
  const given = process.env.BENCH_DATABASE_URL;
  const url = given || defaultPostgresUrl;
  try {
    const version = await withClient(url, async (c) => (await c.query('show server_version')).rows[0].server_version);
    return { available: true, url, source: given ? 'BENCH_DATABASE_URL' : 'default', version: String(version) };
  } catch (e) {
    return { available: false, url, reason: e instanceof Error ? e.message : String(e) };
  }
}

/** The same server address with another database name. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

let counter = 0;

/** Creates an empty database (yadoban_bench_<pid>_<n>) and returns its name and address. */
export async function createDatabase(adminUrl: string): Promise<{ name: string; url: string }> {
  const name = `yadoban_bench_${process.pid}_${++counter}`;
  await withClient(adminUrl, (c) => c.query(`create database "${name}"`));
  return { name, url: withDatabase(adminUrl, name) };
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await withClient(adminUrl, (c) => c.query(`drop database if exists "${name}" with (force)`));
}
