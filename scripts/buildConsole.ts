/**
 * `npm start`'s console build (issue 32: it rebuilt on every start, 30 s of its 50, and printed Vite's
 * warnings as if something were wrong): `vite build` only when the console's sources differ from
 * those of the build in dist/, quietly (errors only). The build leaves a hash of its sources in
 * dist/.sources; a start whose sources hash the same serves dist/ as it is.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';

/** What the console's build is made of: its code, pages, static files, build set-up and locked dependencies. */
export const CONSOLE_SOURCES = [
  'src',
  'resources',
  'dataProvider',
  'i18n',
  'contract',
  'public',
  'index.html',
  'checkin.html',
  'vite.config.ts',
  'scripts/vitePlugins.ts',
  'tsconfig.json',
  'package-lock.json',
];

function filesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => filesUnder(join(path, name)));
}

/** A hash of every source file's path and content, under `root`. */
export function sourceStamp(root: string, sources: readonly string[] = CONSOLE_SOURCES): string {
  const hash = createHash('sha256');
  for (const file of sources.flatMap((s) => filesUnder(join(root, s)))) {
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

const stampFile = (dist: string) => join(dist, '.sources');

/** Whether dist/ lacks a build of these sources (none at all, or one of other sources). */
export function needsBuild(root: string, dist: string, stamp = sourceStamp(root)): boolean {
  if (!existsSync(join(dist, 'index.html')) || !existsSync(stampFile(dist))) return true;
  return readFileSync(stampFile(dist), 'utf8').trim() !== stamp;
}

/** Records that dist/ holds the build of these sources. */
export function markBuilt(dist: string, stamp: string): void {
  writeFileSync(stampFile(dist), `${stamp}\n`);
}

function main() {
  const root = process.cwd();
  // Where vite.config.ts builds, and the server's CONSOLE_DIR by default.
  const dist = join(root, 'dist');
  const stamp = sourceStamp(root);
  if (!needsBuild(root, dist, stamp)) {
    console.log('The console in dist/ is up to date with its sources: not rebuilt.');
    return;
  }
  console.log('Building the console (its sources changed since the last build)…');
  const built = spawnSync('npx', ['vite', 'build', '--logLevel', 'error'], {
    stdio: 'inherit',
    // The config imports TypeScript modules without extensions on purpose (they are the app's own).
    env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
  markBuilt(dist, stamp);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
