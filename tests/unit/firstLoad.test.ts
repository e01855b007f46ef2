import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The console's first load (issue 29, docs/benchmarks.md "reference": at most 350 kB before the
 * calendar's first bookings) holds the shell: src/AdminApp.tsx and what it imports as values, not
 * the pages it loads lazily. zod (about 26 kB compressed) is for the forms and comes with them: a
 * constant the shell needs from a contract file that builds schemas must live apart from them
 * (contract/minpakuLimit.ts, contract/registerStates.ts, contract/downloadNames.ts).
 */

const root = path.resolve(__dirname, '../..');
const IMPORT = /(?:^|\n)\s*(?:import|export)\s+(type\s+)?([^'";]*?)\s*from\s+'([^']+)';/g;

function resolve(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')])
    if (existsSync(candidate) && candidate.match(/\.tsx?$/)) return candidate;
  return null;
}

/** Every value import below `entry`, file by file, with the packages each file imports. */
function valueGraph(entry: string) {
  const seen = new Map<string, string | null>();
  const packages = new Map<string, string>();
  const queue: [string, string | null][] = [[entry, null]];
  while (queue.length > 0) {
    const [file, by] = queue.shift()!;
    if (seen.has(file)) continue;
    seen.set(file, by);
    const text = readFileSync(file, 'utf8');
    for (const [, typeOnly, names, spec] of text.matchAll(IMPORT)) {
      if (typeOnly) continue;
      const list = names!
        .replace(/[{}]/g, '')
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean);
      if (names!.includes('{') && list.every((n) => n.startsWith('type '))) continue;
      const target = resolve(file, spec!);
      if (target) queue.push([target, file]);
      else if (!spec!.startsWith('.')) packages.set(spec!, file);
    }
  }
  return { files: seen, packages };
}

/** How `file` is reached from the entry: entry -> … -> file. */
function chain(files: Map<string, string | null>, file: string): string {
  const steps: string[] = [];
  for (let at: string | null | undefined = file; at; at = files.get(at)) steps.unshift(path.relative(root, at));
  return steps.join(' -> ');
}

describe("the console shell's first load", () => {
  it('imports no zod: no schema comes with the shell', () => {
    const { files, packages } = valueGraph(path.join(root, 'src/AdminApp.tsx'));
    expect(files.size).toBeGreaterThan(20);
    const zodFile = path.join(root, 'contract/zod.ts');
    expect(files.has(zodFile) ? chain(files, zodFile) : null).toBeNull();
    expect(packages.has('zod') ? chain(files, packages.get('zod')!) : null).toBeNull();
  });
});
