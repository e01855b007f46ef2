import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { lockDataDir } from './dataDirLock';
import { newPglite } from './pglite';
import { describeEmbeddedRestore, restoreEmbedded } from './restoreEmbedded';
import { RestoreRefusedError } from './restoreReport';
import { describeRestore, restorePostgres } from './restorePostgres';
import { runTool } from './runTool';

/** Where the data is: the server's DATABASE_URL, or else its embedded DATA_DIR. */
export type BackupTarget = { url: string } | { dataDir: string };

/**
 * Writes a consistent snapshot to `file`: pg_dump's custom format for a PostgreSQL server (it reads
 * one transaction's view while the server runs), PGlite's own dump (a gzipped tar of the data
 * folder, taken with the folder locked) for the embedded database.
 */
export async function backupTo(target: BackupTarget, file: string): Promise<void> {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  if ('url' in target) {
    await runTool('pg_dump', ['--format=custom', '--no-owner', '--file', file, target.url]);
    return;
  }
  if (!existsSync(target.dataDir)) throw new Error(`${target.dataDir}: no database there`);
  const release = lockDataDir(target.dataDir);
  try {
    const db = newPglite(target.dataDir);
    try {
      await db.waitReady;
      const dump = await db.dumpDataDir('gzip');
      writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await db.close();
    }
  } finally {
    release();
  }
}

/**
 * Brings a snapshot back, all or nothing (restorePostgres.ts, restoreEmbedded.ts): on any failure
 * the current data stays as it was. Answers what was restored, in a sentence.
 */
export async function restoreFrom(
  target: BackupTarget,
  file: string,
  options: { force?: boolean } = {},
): Promise<string> {
  if (!existsSync(file)) throw new RestoreRefusedError(`${file}: no such file. Nothing was changed.`);
  if ('url' in target) return describeRestore(await restorePostgres(target.url, file, options.force ?? false), file);
  return describeEmbeddedRestore(await restoreEmbedded(target.dataDir, file), file);
}
