import { gunzipSync } from 'node:zlib';

/**
 * The tar inside a snapshot file (`npm run backup` writes PGlite's gzipped tar of the data
 * folder), checked whole before PGlite sees it: PGlite's own gunzip rejects a file cut short from
 * a promise nobody awaits, which ends the process instead of failing the restore.
 * Throws a sentence saying what is wrong.
 */
export function snapshotTar(file: Buffer): Buffer {
  let tar = file;
  if (file[0] === 0x1f && file[1] === 0x8b) {
    try {
      tar = gunzipSync(file);
    } catch (e) {
      throw new Error(`its compressed data is damaged or cut short (${(e as Error).message})`, { cause: e });
    }
  }
  checkTar(tar);
  return tar;
}

const BLOCK = 512;

/** Walks the tar's headers up to its end-of-archive block: every entry whole, a data folder inside. */
function checkTar(tar: Buffer): void {
  let offset = 0;
  let names = 0;
  let pgVersion = false;
  while (offset + BLOCK <= tar.length) {
    const header = tar.subarray(offset, offset + BLOCK);
    if (header.every((b) => b === 0)) {
      if (!pgVersion) throw new Error('it holds no PostgreSQL data folder (no PG_VERSION)');
      return;
    }
    if (!validChecksum(header)) {
      throw new Error(names === 0 ? 'it is not a snapshot (not a tar archive)' : `it is damaged after ${names} files`);
    }
    const name = field(header, 0, 100);
    if (name.replace(/^\.?\//, '') === 'PG_VERSION') pgVersion = true;
    const size = parseInt(field(header, 124, 12) || '0', 8);
    if (!Number.isFinite(size) || size < 0) throw new Error(`it is damaged at ${name}`);
    offset += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    names += 1;
  }
  throw new Error(names === 0 ? 'it is not a snapshot (not a tar archive)' : `it is cut short after ${names} files`);
}

const field = (header: Buffer, start: number, length: number) =>
  header
    .subarray(start, start + length)
    .toString('latin1')
    .replace(/\0.*$/s, '')
    .trim();

/** The header's checksum: the sum of its bytes, the checksum field counted as spaces. */
function validChecksum(header: Buffer): boolean {
  const stored = parseInt(field(header, 148, 8), 8);
  let sum = 0;
  for (let i = 0; i < BLOCK; i += 1) sum += i >= 148 && i < 156 ? 0x20 : header[i]!;
  return stored === sum;
}
