import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  rmdirSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { lockDataDir } from './dataDirLock';
import { newPglite } from './pglite';
import { snapshotTar } from './pgliteSnapshot';
import { RestoreRefusedError, formatSummary, summariseData, type DataSummary } from './restoreReport';

export interface EmbeddedRestore {
  dataDir: string;
  after: DataSummary;
  /** Where the previous data went, if there was any. */
  keptAside?: string;
}

/** Siblings of a data folder that a restore leaves: `<DATA_DIR>.before-restore-<time>` and the like. */
export const restoreSiblings = {
  keptAside: (live: string, stamp: string) => `${live}.before-restore-${stamp}`,
  staging: (live: string, stamp: string) => `${live}.restoring-${stamp}`,
  /** Written beside a data folder that a restore made (it may hold no company: never seed it). */
  marker: (live: string) => `${live}.restored`,
};

/** Folders of a restore that was killed before it swapped: nothing uses them. */
function removeStaleStaging(live: string) {
  const dir = path.dirname(live);
  const prefix = `${path.basename(live)}.restoring-`;
  for (const name of readdirSync(dir)) {
    if (name.startsWith(prefix)) rmSync(path.join(dir, name), { recursive: true, force: true });
  }
}

/**
 * Unpacks the snapshot into `staging`, opens it and checks that it holds the schema (migrations
 * and users tables) and that every table reads, then closes it. Throws a sentence saying why not.
 */
async function openSnapshot(staging: string, file: string): Promise<DataSummary> {
  const tar = snapshotTar(readFileSync(file));
  // readFileSync and gunzipSync answer Buffers over a plain (never shared) ArrayBuffer.
  const db = newPglite(staging, { loadDataDir: new Blob([tar as Uint8Array<ArrayBuffer>]) });
  try {
    await db.waitReady;
    const [schema] = (
      await db.query<{ migrations: boolean; users: boolean }>(
        `select to_regclass('drizzle.__drizzle_migrations') is not null as migrations,
                to_regclass('public.users') is not null as users`,
      )
    ).rows;
    if (!schema?.migrations || !schema.users)
      throw new Error('it holds no Yadoban database (no migrations or users table)');
    // A folder cut short may open and still miss a table's files: read every table once.
    const tables = await db.query<{ name: string }>(
      `select quote_ident(schemaname) || '.' || quote_ident(tablename) as name from pg_tables
        where schemaname in ('public', 'drizzle')`,
    );
    for (const { name } of tables.rows) await db.query(`select count(*) from ${name}`);
    return await summariseData((text) => db.query(text));
  } finally {
    await db.close().catch(() => undefined);
  }
}

/**
 * Brings a snapshot back into the embedded data folder, all or nothing: it is unpacked and opened
 * in `<DATA_DIR>.restoring-<time>` beside the live folder, and only once it opened are the two
 * swapped (the live one becomes `<DATA_DIR>.before-restore-<time>`). On any failure, or if the
 * process dies before the swap, the live folder is where and as it was. The folder's lock is
 * held throughout, so no server opens either folder meanwhile.
 */
export async function restoreEmbedded(dataDir: string, file: string): Promise<EmbeddedRestore> {
  const live = path.resolve(dataDir);
  mkdirSync(path.dirname(live), { recursive: true });
  const release = lockDataDir(live);
  try {
    removeStaleStaging(live);
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const staging = restoreSiblings.staging(live, stamp);
    let after: DataSummary;
    try {
      after = await openSnapshot(staging, file);
    } catch (e) {
      rmSync(staging, { recursive: true, force: true });
      throw new RestoreRefusedError(
        `${file} cannot be restored: ${(e as Error).message}. Nothing was changed: ${live} is as it was.`,
        { cause: e },
      );
    }
    let keptAside: string | undefined;
    if (existsSync(live)) {
      if (readdirSync(live).length > 0) {
        keptAside = restoreSiblings.keptAside(live, stamp);
        renameSync(live, keptAside);
      } else {
        rmdirSync(live);
      }
    }
    renameSync(staging, live);
    writeFileSync(restoreSiblings.marker(live), `restored from ${path.resolve(file)} at ${new Date().toISOString()}\n`);
    return { dataDir: live, after, ...(keptAside ? { keptAside } : {}) };
  } finally {
    release();
  }
}

export const describeEmbeddedRestore = (r: EmbeddedRestore, file: string) =>
  `Restored ${file} into ${r.dataDir}: it now holds ${formatSummary(r.after)}.` +
  (r.keptAside ? ` The previous data is kept in ${r.keptAside}.` : '');
