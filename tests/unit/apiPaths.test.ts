import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { apiPath, apiPaths, fillPath, sitePaths } from '../../contract/apiPaths';
import { resourceApi } from '../../contract/resourceApi';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { AppContext } from '../../server/context';

/**
 * contract/apiPaths.ts is the one home of the server's paths: every route the server registers
 * takes its path from it, and nothing is in it that the server does not answer. The routes are
 * read from the server's own OpenAPI document (every route is in it; /api/docs itself is not),
 * of an app built without a database: registering routes reads none.
 */

let app: FastifyInstance;
beforeAll(async () => {
  const ctx = {
    config: loadConfig({ NODE_ENV: 'test', CONSOLE_DIR: '/nonexistent' }),
    db: {},
    auth: {},
  } as unknown as AppContext;
  app = await buildApp(ctx, { logger: false });
  await app.ready();
});
afterAll(() => app.close());

/** The paths the server registers, in Fastify's syntax (the document writes `{param}`). */
function registeredPaths(): string[] {
  const doc = app.swagger() as { paths: Record<string, unknown> };
  return Object.keys(doc.paths).map((p) => p.replace(/\{([^}]+)\}/g, ':$1'));
}

const mapped = [...Object.values(apiPaths).map((p) => `/api${p}`), ...Object.values(sitePaths)];

describe('the map of paths (contract/apiPaths)', () => {
  it('holds every path the server registers, and only those', () => {
    const registered = registeredPaths();
    expect(registered.length).toBeGreaterThan(50);
    expect(registered.filter((p) => !mapped.includes(p))).toEqual([]);
    expect(mapped.filter((p) => !registered.includes(p))).toEqual([]);
  });

  it('names each path once, under one name', () => {
    expect(new Set(mapped).size).toBe(mapped.length);
    const names = [...Object.keys(apiPaths), ...Object.keys(sitePaths)];
    expect(new Set(names).size).toBe(names.length);
  });

  it('gives every resource of resourceApi a path of the map', () => {
    const values = new Set<string>(Object.values(apiPaths));
    for (const api of Object.values(resourceApi)) {
      expect(values).toContain(api.path);
      if ('choices' in api) expect(values).toContain(api.choices.path);
      if ('recordPath' in api) expect(values).toContain(api.recordPath);
    }
  });

  it('fills the parameters, each encoded as one segment', () => {
    expect(apiPath('accommodationMailTemplates', { id: 5 })).toBe('/accommodations/5/mail');
    expect(apiPath('bookOption', { bookId: 3, id: 'a/b' })).toBe('/books/3/options/a%2Fb');
    expect(apiPath('syncCheckRun', { accommodation_id: 2, offset: 0 })).toBe('/cron/caclendar/check/2/0');
    expect(apiPath('books')).toBe('/admin/books');
    expect(fillPath(sitePaths.icalFile, { file: 'x.ics' })).toBe('/ical/x.ics');
    expect(() => fillPath(apiPaths.book, {} as { id: number })).toThrow(/:id/);
  });

  it('is where the console takes its URLs: no path literal in dataProvider/, src/ or resources/', () => {
    const sources = ['dataProvider', 'src', 'resources'].flatMap((dir) =>
      readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .filter((f) => /\.tsx?$/.test(f))
        .map((f) => path.join(dir, f)),
    );
    // A URL built from a literal, or a literal that starts as a path of the map does (two segments).
    const starts = new Set(
      mapped.map((p) =>
        p
          .replace(/^\/api/, '')
          .split('/')
          .slice(1, 3)
          .join('/'),
      ),
    );
    const literal = /(?:apiUrl|authUrl|downloadCsv|postForm<[^>]*>)\(\s*['`]|['`]\/([\w-]+\/[\w-]+)/g;
    const found = sources.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(literal)]
        .filter((m) => m[1] === undefined || starts.has(m[1]))
        .map((m) => `${file}: ${m[0]}`),
    );
    expect(found).toEqual([]);
  });
});
