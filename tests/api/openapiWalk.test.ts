import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignedIn, type SignedIn } from '../support/signedIn';

/**
 * Walks the server's own OpenAPI document and sends every operation bad input, signed in as the
 * administrator: bad path parameters, bad query values, body fields of every wrong type (too
 * large, control characters, out of range, null, objects), malformed JSON and malformed multipart.
 * No answer may be a 5xx, hang, or be an error that is not our JSON shape. A new route is walked
 * without editing this test.
 */

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  anyOf?: Schema[];
  oneOf?: Schema[];
  items?: Schema;
}
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  schema?: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

const BAD_SCALARS: unknown[] = [
  'abc',
  '',
  -1,
  0,
  2147483648,
  1e308,
  1.5,
  true,
  null,
  'x'.repeat(100_000),
  '名前\u0000NUL',
  'tab\tline\nbreak\u001b[31m',
  '2026-02-30',
  { nested: 1 },
  [1, 2],
];
const BAD_PATH = ['abc', '0', '-1', '2147483648', '99999999999999999999', '1.5', '%00', '%E0%A4%A', 'x'.repeat(300)];
const BAD_QUERY = ['abc', '-1', '2147483648', '1e400', '%00', '2026-13-45', 'x'.repeat(5000), 'true&x=%ZZ'];
const REQUEST_TIMEOUT_MS = 10_000;

let api: SignedIn;
let doc: { paths: Record<string, Record<string, Operation>> };
beforeAll(async () => {
  api = await startSignedIn();
  doc = (await api.http.get('/api/docs/json')).body;
});
afterAll(() => api.server.close());

/** A real-looking value for a path parameter, so that the walk reaches the body and query checks. */
const goodPath = (name: string) => (name === 'date' ? '2026-12-24' : name === 'file' ? 'x.ics' : '1');

function fillPath(path: string, bad?: { name: string; value: string }) {
  return path.replace(/\{([^}]+)\}/g, (_m, name: string) => (bad?.name === name ? bad.value : goodPath(name)));
}

function bodyProperties(op: Operation): string[] {
  const schema = op.requestBody?.content?.['application/json']?.schema;
  const props = schema?.properties ?? schema?.anyOf?.[0]?.properties ?? {};
  return Object.keys(props);
}

interface Probe {
  method: string;
  url: string;
  body?: string;
  contentType?: string;
}

function probesOf(path: string, method: string, op: Operation): Probe[] {
  const M = method.toUpperCase();
  const probes: Probe[] = [];
  const params = op.parameters ?? [];
  const hasBody = Boolean(op.requestBody) || ['POST', 'PATCH', 'PUT'].includes(M);
  const json = (body: unknown) => ({ body: JSON.stringify(body), contentType: 'application/json' });
  const base = fillPath(path);
  for (const p of params.filter((x) => x.in === 'path')) {
    for (const value of BAD_PATH)
      probes.push({ method: M, url: fillPath(path, { name: p.name, value }), ...(hasBody ? json({}) : {}) });
  }
  for (const p of params.filter((x) => x.in === 'query')) {
    for (const value of BAD_QUERY) probes.push({ method: M, url: `${base}?${p.name}=${value}` });
    probes.push({ method: M, url: `${base}?${p.name}=1&${p.name}=2` });
  }
  if (hasBody) {
    for (const name of bodyProperties(op)) {
      for (const value of BAD_SCALARS) probes.push({ method: M, url: base, ...json({ [name]: value }) });
    }
    probes.push({ method: M, url: base, ...json([]) });
    probes.push({ method: M, url: base, ...json('text') });
    probes.push({ method: M, url: base, body: '{"a":', contentType: 'application/json' });
    probes.push({ method: M, url: base, body: '', contentType: 'application/json' });
    probes.push({ method: M, url: base, body: 'a=%ZZ&b', contentType: 'application/x-www-form-urlencoded' });
    probes.push({
      method: M,
      url: base,
      body: '--xx\r\nContent-Disposition: form-data; name="a"\r\n\r\nunterminated',
      contentType: 'multipart/form-data; boundary=xx',
    });
    probes.push({ method: M, url: base, body: 'garbage', contentType: 'multipart/form-data' });
    probes.push({ method: M, url: base, body: '<a/>', contentType: 'application/xml' });
  }
  return probes;
}

/** Our error body: JSON with a message to show. */
function isErrorShape(text: string): boolean {
  try {
    const body = JSON.parse(text) as { message?: unknown };
    return typeof body.message === 'string' && body.message.length > 0;
  } catch {
    return false;
  }
}

describe('bad input to every operation of the OpenAPI document', () => {
  it('never answers 5xx, never hangs, and always answers an error in our JSON shape', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        for (const probe of probesOf(path, method, op)) {
          sent += 1;
          const headers: Record<string, string> = { authorization: `Bearer ${api.admin}` };
          if (probe.contentType) headers['content-type'] = probe.contentType;
          let res: Response;
          try {
            res = await fetch(api.server.baseUrl + probe.url, {
              method: probe.method,
              headers,
              body: probe.body,
              signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
            });
          } catch (e) {
            failures.push(`${probe.method} ${probe.url.slice(0, 120)}: no answer (${String(e).slice(0, 80)})`);
            continue;
          }
          const text = await res.text();
          const label = `${probe.method} ${probe.url.slice(0, 120)} ${probe.contentType ?? ''} ${String(probe.body ?? '').slice(0, 60)}`;
          if (res.status >= 500) failures.push(`${label}: ${res.status} ${text.slice(0, 120)}`);
          else if (res.status >= 400) {
            if (!isErrorShape(text)) failures.push(`${label}: ${res.status} not our JSON error: ${text.slice(0, 80)}`);
          }
        }
      }
    }
    console.log(`openapi walk: ${sent} requests, ${failures.length} failures`);
    expect(sent).toBeGreaterThan(1000);
    if (failures.length) console.log(failures.join('\n'));
    expect(failures).toEqual([]);
  }, 600_000);
});
