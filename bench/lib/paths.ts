import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder (bench/lib/../..). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export const resultsDir = path.join(repoRoot, 'bench', 'results');

/** A new empty folder under the system's temporary folder. */
export function tempDir(label: string): string {
  return mkdtempSync(path.join(os.tmpdir(), `yadoban-bench-${label}-`));
}
