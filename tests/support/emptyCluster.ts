import { cpSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';

/**
 * Puts an empty embedded database (PGlite's own initdb, made once per run by
 * tests/support/apiGlobalSetup.ts) at `dataDir` when nothing is there yet, and answers `dataDir`.
 * A copy takes about 1 s where PGlite's initdb takes about 5; the server then migrates and seeds
 * it as it would a folder it created. The server calls a folder it finds "existing", not "new
 * (created now)", so the tests of a first start on a new folder (tests/api/seedGuard.test.ts) and
 * the targets of a restore do not use it. On a PostgreSQL run (DATABASE_URL) it does nothing.
 */
export function withEmptyCluster(dataDir: string): string {
  if (process.env.DATABASE_URL || existsSync(dataDir)) return dataDir;
  mkdirSync(path.dirname(dataDir), { recursive: true });
  cpSync(inject('emptyCluster'), dataDir, { recursive: true });
  return dataDir;
}
