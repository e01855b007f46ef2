import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The embedded data folder is one process's files: a second writer would corrupt it. */
export class DataDirBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`${dataDir} is in use by process ${pid} (a running server?): stop it first`);
  }
}

const lockFile = (dataDir: string) => `${path.resolve(dataDir)}.lock`;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: alive, but another user's.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The process holding the folder, if a live one does. */
export function dataDirHolder(dataDir: string): number | undefined {
  try {
    const pid = Number(readFileSync(lockFile(dataDir), 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes the embedded data folder for this process (`<DATA_DIR>.lock` holds its pid) or throws
 * DataDirBusyError. A lock left by a process that died (SIGKILL, power cut) is taken over.
 * Answers the release.
 */
export function lockDataDir(dataDir: string): () => void {
  const holder = dataDirHolder(dataDir);
  if (holder !== undefined) throw new DataDirBusyError(dataDir, holder);
  const file = lockFile(dataDir);
  writeFileSync(file, String(process.pid));
  return () => {
    try {
      if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file);
    } catch {
      // already gone
    }
  };
}
