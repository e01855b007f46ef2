import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { DataDirBusyError, dataDirHolder, lockDataDir } from './dataDirLock';

/** Where the data is: the server's DATABASE_URL, or else its embedded DATA_DIR. */
export type BackupTarget = { url: string } | { dataDir: string };

function runTool(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}: ${stderr.trim()}`)),
    );
  });
}

/** Refuses to touch an embedded folder a running server holds (it would read a half-written state). */
function assertFree(dataDir: string) {
  const holder = dataDirHolder(dataDir);
  if (holder !== undefined) throw new DataDirBusyError(dataDir, holder);
}

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
    const db = new PGlite(target.dataDir);
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
 * Brings a snapshot back. PostgreSQL: pg_restore into the (empty or same) database, replacing what
 * it holds. Embedded: the current folder, if any, is kept aside as `<DATA_DIR>.before-restore-<time>`
 * and the snapshot becomes the data folder. Answers where the previous data went, if anywhere.
 */
export async function restoreFrom(target: BackupTarget, file: string): Promise<string | undefined> {
  if (!existsSync(file)) throw new Error(`${file}: no such file`);
  if ('url' in target) {
    await runTool('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--exit-on-error',
      '--dbname',
      target.url,
      file,
    ]);
    return undefined;
  }
  assertFree(target.dataDir);
  let keptAside: string | undefined;
  if (existsSync(target.dataDir) && readdirSync(target.dataDir).length > 0) {
    keptAside = `${path.resolve(target.dataDir)}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(target.dataDir, keptAside);
  }
  mkdirSync(path.dirname(path.resolve(target.dataDir)), { recursive: true });
  const release = lockDataDir(target.dataDir);
  try {
    const snapshot = new Blob([readFileSync(file)]);
    const db = new PGlite(target.dataDir, { loadDataDir: snapshot });
    await db.waitReady;
    await db.close();
  } finally {
    release();
  }
  return keptAside;
}
