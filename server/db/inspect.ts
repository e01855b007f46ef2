import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { RESTORED_SETTING, SERVER_APPLICATION_NAME } from './markers';
import type { DatabaseOptions } from './client';
import { describePostgres } from './describe';

/** What a server learns about its database before opening (and migrating) it. */
export interface Opening {
  /** Which database, for a person: the embedded folder, or host and database without password. */
  where: string;
  /** Nothing was there before this start: a folder without data, a database never migrated. */
  created: boolean;
  /** What restores left there: `<DATA_DIR>.before-restore-*` folders and the like, or the database's restored mark. */
  restoreTraces: string[];
  /** The embedded folder, if it is one. */
  dataDir?: string;
}

/** `<DATA_DIR>.before-restore-*`, `.restoring-*` and `.restored` beside the folder. */
export function restoreTracesBeside(dataDir: string): string[] {
  const live = path.resolve(dataDir);
  const base = path.basename(live);
  const dir = path.dirname(live);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter(
      (n) => n.startsWith(`${base}.before-restore-`) || n.startsWith(`${base}.restoring-`) || n === `${base}.restored`,
    )
    .sort()
    .map((n) => path.join(dir, n));
}

async function inspectPostgres(url: string): Promise<Opening> {
  const where = describePostgres(url);
  const client = new pg.Client({ connectionString: url, application_name: SERVER_APPLICATION_NAME });
  try {
    await client.connect();
    const { rows } = await client.query<{ migrated: boolean; restored: string | null }>(
      `select to_regclass('drizzle.__drizzle_migrations') is not null as migrated,
              nullif(current_setting('${RESTORED_SETTING}', true), '') as restored`,
    );
    const row = rows[0]!;
    return { where, created: !row.migrated, restoreTraces: row.restored ? [`a restore of ${row.restored}`] : [] };
  } catch {
    // Opening the database reports what is wrong with it.
    return { where, created: false, restoreTraces: [] };
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function inspectBeforeOpening(options: DatabaseOptions): Promise<Opening> {
  if ('url' in options) return inspectPostgres(options.url);
  if ('pglite' in options) {
    await options.pglite.waitReady;
    const { rows } = await options.pglite.query<{ migrated: boolean }>(
      `select to_regclass('drizzle.__drizzle_migrations') is not null as migrated`,
    );
    return { where: 'embedded PostgreSQL in memory', created: !rows[0]?.migrated, restoreTraces: [] };
  }
  const live = path.resolve(options.dataDir);
  return {
    where: `embedded PostgreSQL in ${live}`,
    created: !existsSync(path.join(live, 'PG_VERSION')),
    restoreTraces: restoreTracesBeside(live),
    dataDir: live,
  };
}
