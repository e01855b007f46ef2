import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { repoRoot } from './paths';

export interface FileSize {
  /** Path as the browser asks for it, e.g. /assets/index-abc.js. */
  file: string;
  raw: number;
  gzip: number;
}

export interface Totals {
  files: number;
  raw: number;
  gzip: number;
}

/**
 * `npx vite build --outDir <outDir>` (with `configFile`, another app: the bench's reference);
 * returns the time it took. Throws with vite's output when it fails.
 */
export function viteBuild(outDir: string, configFile?: string): number {
  const t0 = performance.now();
  const config = configFile ? ['--config', configFile] : [];
  const r = spawnSync('npx', ['vite', 'build', ...config, '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: repoRoot,
    encoding: 'utf8',
    timeout: 300_000,
    killSignal: 'SIGKILL',
  });
  if (r.status !== 0) {
    throw new Error(`vite build failed (${r.error?.message ?? `exit ${r.status}`}):\n${r.stdout}\n${r.stderr}`.trim());
  }
  return performance.now() - t0;
}

/** Raw and gzip (level 9) size of one file of the build. */
export function sizeOf(outDir: string, urlPath: string): FileSize {
  const clean = decodeURIComponent(urlPath.split(/[?#]/)[0] ?? '');
  const buf = readFileSync(path.join(outDir, clean.replace(/^\/+/, '')));
  return { file: clean, raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
}

export function total(sizes: readonly FileSize[]): Totals {
  return {
    files: sizes.length,
    raw: sizes.reduce((s, f) => s + f.raw, 0),
    gzip: sizes.reduce((s, f) => s + f.gzip, 0),
  };
}

function attributes(tag: string): Map<string, string> {
  const attrs = new Map<string, string>();
  for (const m of tag.matchAll(/([a-zA-Z_:][-a-zA-Z0-9_:.]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
    const name = m[1];
    if (name) attrs.set(name.toLowerCase(), m[2] ?? m[3] ?? m[4] ?? '');
  }
  return attrs;
}

/** What index.html loads before any lazy chunk: module scripts, module preloads and stylesheets. */
export function firstLoadEntries(indexHtml: string): {
  scripts: string[];
  modulePreloads: string[];
  stylesheets: string[];
} {
  const scripts: string[] = [];
  const modulePreloads: string[] = [];
  const stylesheets: string[] = [];
  for (const m of indexHtml.matchAll(/<(script|link)\b([^>]*)>/gi)) {
    const kind = (m[1] ?? '').toLowerCase();
    const attrs = attributes(m[2] ?? '');
    if (kind === 'script' && attrs.get('type') === 'module' && attrs.get('src')) scripts.push(attrs.get('src') ?? '');
    if (kind === 'link') {
      const rel = (attrs.get('rel') ?? '').toLowerCase().split(/\s+/);
      const href = attrs.get('href');
      if (href && rel.includes('modulepreload')) modulePreloads.push(href);
      if (href && rel.includes('stylesheet')) stylesheets.push(href);
    }
  }
  return { scripts, modulePreloads, stylesheets };
}

export interface BundleReport {
  outDir: string;
  firstLoad: { js: FileSize[]; jsTotal: Totals; css: FileSize[]; cssTotal: Totals };
  assets: { js: FileSize[]; jsTotal: Totals; cssTotal: Totals };
}

/** Sizes of the first load (from index.html) and of every JS and CSS file in assets/. */
export function measureBundle(outDir: string): BundleReport {
  const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const entries = firstLoadEntries(html);
  const firstJs = [...new Set([...entries.scripts, ...entries.modulePreloads])].map((f) => sizeOf(outDir, f));
  const firstCss = [...new Set(entries.stylesheets)].map((f) => sizeOf(outDir, f));
  const assetFiles = readdirSync(path.join(outDir, 'assets')).sort();
  const js = assetFiles.filter((f) => f.endsWith('.js')).map((f) => sizeOf(outDir, `/assets/${f}`));
  const css = assetFiles.filter((f) => f.endsWith('.css')).map((f) => sizeOf(outDir, `/assets/${f}`));
  return {
    outDir,
    firstLoad: { js: firstJs, jsTotal: total(firstJs), css: firstCss, cssTotal: total(firstCss) },
    assets: { js: js.sort((a, b) => b.raw - a.raw), jsTotal: total(js), cssTotal: total(css) },
  };
}
