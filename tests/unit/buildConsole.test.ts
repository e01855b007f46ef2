import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { markBuilt, needsBuild, sourceStamp } from '../../scripts/buildConsole';

/** `npm start` builds the console only when its sources changed (issue 32). */
describe('the console build of npm start', () => {
  let root = '';
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  function project() {
    root = mkdtempSync(join(tmpdir(), 'yadoban-build-'));
    mkdirSync(join(root, 'src'));
    writeFileSync(join(root, 'src', 'main.tsx'), 'export const a = 1;\n');
    writeFileSync(join(root, 'index.html'), '<!doctype html>');
    return { dist: join(root, 'dist') };
  }

  it('builds when there is no build, skips a build of the same sources, and builds again after a change', () => {
    const { dist } = project();
    expect(needsBuild(root, dist)).toBe(true);
    mkdirSync(dist);
    writeFileSync(join(dist, 'index.html'), '<!doctype html>');
    // A build without the record of its sources (an older npm start's) is built again.
    expect(needsBuild(root, dist)).toBe(true);
    markBuilt(dist, sourceStamp(root));
    expect(needsBuild(root, dist)).toBe(false);
    writeFileSync(join(root, 'src', 'main.tsx'), 'export const a = 2;\n');
    expect(needsBuild(root, dist)).toBe(true);
    markBuilt(dist, sourceStamp(root));
    // A new file counts too.
    writeFileSync(join(root, 'src', 'more.ts'), 'export {};\n');
    expect(needsBuild(root, dist)).toBe(true);
  });
});
