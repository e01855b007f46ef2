import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { resultsDir } from './paths';

/** Writes bench/results/<name>.json (git-ignored) and returns its path. */
export function writeResults(name: string, data: unknown): string {
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${name}.json`);
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  return file;
}
