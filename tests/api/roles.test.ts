import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient } from '../support/http';
import { ADMIN, STAFF, startTestServer, type TestServer } from '../support/testServer';

type Who = 'public' | 'signed-in' | 'administrator' | 'mail secret';
interface Row {
  method: string;
  route: string;
  who: Who;
}

/** The role table of docs/security.md: `| GET | `/api/user` | administrator |`. */
function roleTable(): Row[] {
  const text = readFileSync('docs/security.md', 'utf8');
  const rows: Row[] = [];
  for (const match of text.matchAll(
    /^\| (GET|POST|PATCH|PUT|DELETE) \| `([^`]+)` \| (public|signed-in|administrator|mail secret) \|$/gm,
  )) {
    rows.push({ method: match[1]!, route: match[2]!, who: match[3] as Who });
  }
  return rows;
}

/** A concrete address for a route: ids that exist nowhere, so nothing is changed. */
function urlOf(route: string): string {
  return route
    .replace('{date}', '2099-01-01')
    .replace('{file}', 'none.ics')
    .replace(/\{[^}]+\}/g, '999999');
}

let server: TestServer;
let http: ReturnType<typeof httpClient>;
let admin: string;
let staff: string;

beforeAll(async () => {
  server = await startTestServer();
  http = httpClient(server.baseUrl);
  admin = (await http.login(ADMIN)).access_token;
  staff = (await http.login(STAFF)).access_token;
});
afterAll(() => server.close());

const rows = roleTable();
const call = (row: Row, token?: string) =>
  http.send<{ code?: string }>(row.method, urlOf(row.route), {
    token,
    ...(row.method === 'POST' || row.method === 'PATCH' ? { json: {} } : {}),
  });

describe('the role table of docs/security.md', () => {
  it('names every route the server has, and no other', async () => {
    const doc = (await http.get<{ paths: Record<string, Record<string, unknown>> }>('/api/docs/json')).body;
    const served = Object.entries(doc.paths).flatMap(([route, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${route}`),
    );
    expect(rows.map((r) => `${r.method} ${r.route}`).sort()).toEqual(served.sort());
  });

  it.each(rows.map((r) => [`${r.method} ${r.route}`, r] as const))('%s', async (_name, row) => {
    const anonymous = await call(row);
    if (row.who === 'public') expect(anonymous.body.code).not.toBe('unauthorized');
    else expect(anonymous.status).toBe(401);

    if (row.who === 'public') return;
    const asStaff = await call(row, staff);
    if (row.who === 'mail secret') {
      // A user's token is no mail server's secret.
      expect(asStaff.status).toBe(401);
      expect((await call(row, admin)).status).toBe(401);
      return;
    }
    if (row.who === 'administrator') expect(asStaff.status).toBe(403);
    else expect([401, 403]).not.toContain(asStaff.status);

    const asAdmin = await call(row, admin);
    expect([401, 403]).not.toContain(asAdmin.status);
  });
});
