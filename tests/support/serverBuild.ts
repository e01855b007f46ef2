import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

/**
 * The entry points the process tests start (tests/support/processes.ts `run`), by their source
 * path, and the name of each one's built file.
 */
export const builtEntries: Record<string, string> = {
  'server/server.ts': 'server',
  'server/cli/backup.ts': 'backup',
};

/** The one module of ours that reads its own address (it finds its migrations beside it). */
const clientModule = 'server/db/client.ts';
/** Modules that read import.meta only to resolve a package: any address in the repository resolves it alike. */
const resolvesPackages = ['server/pdf/document.ts'];

/**
 * Bundles the server's entry points once per test run, so that a test starting a server process
 * pays about 1.3 s for it rather than tsx's 3.5 s of compiling the same sources again in each
 * process. Only our own sources are bundled (packages stay imports, resolved from node_modules, hence
 * the folder under it); `import.meta.url` is the address of clientModule's source, and the build
 * fails should another module read import.meta. Answers the folder, and a function that removes it.
 */
export async function buildServer(): Promise<{ dir: string; remove: () => void }> {
  const parent = path.resolve('node_modules/.cache');
  mkdirSync(parent, { recursive: true });
  const dir = mkdtempSync(path.join(parent, 'yadoban-test-server-'));
  const { metafile } = await build({
    metafile: true,
    entryPoints: Object.fromEntries(Object.entries(builtEntries).map(([source, name]) => [name, source])),
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
    define: { 'import.meta.url': JSON.stringify(pathToFileURL(path.resolve(clientModule)).href) },
  });
  const readsOwnAddress = Object.keys(metafile.inputs).filter(
    (file) =>
      file !== clientModule && !resolvesPackages.includes(file) && readFileSync(file, 'utf8').includes('import.meta'),
  );
  if (readsOwnAddress.length > 0)
    throw new Error(
      `these modules read import.meta, which the test build sets to ${clientModule}'s: ${readsOwnAddress.join(', ')}`,
    );
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
