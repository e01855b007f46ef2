import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { httpClient } from '../support/http';
import { ADMIN, CLIENT, STAFF, startTestServer, type TestServer } from '../support/testServer';

/** One request written as raw bytes, as no HTTP client would send it: the status, headers and body. */
function rawRequest(
  baseUrl: string,
  text: string,
): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(Number(port), hostname, () => socket.write(text));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const answer = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
  });
}

describe('the one process', () => {
  let server: TestServer;
  let http: ReturnType<typeof httpClient>;
  const consoleDir = mkdtempSync(path.join(os.tmpdir(), 'yadoban-console-'));

  beforeAll(async () => {
    mkdirSync(path.join(consoleDir, 'assets'));
    writeFileSync(path.join(consoleDir, 'index.html'), '<!doctype html><title>やどばん</title><div id="root"></div>');
    writeFileSync(path.join(consoleDir, 'assets', 'app-abc123.js'), `console.log(${JSON.stringify('x'.repeat(4000))})`);
    // The build's precompressed copies, each marked so that a test can tell which was sent.
    const script = (mark: string) => `console.log(${JSON.stringify('y'.repeat(4000))}) // ${mark}`;
    writeFileSync(path.join(consoleDir, 'assets', 'pre-def456.js'), script('plain'));
    writeFileSync(path.join(consoleDir, 'assets', 'pre-def456.js.br'), brotliCompressSync(script('br')));
    writeFileSync(path.join(consoleDir, 'assets', 'pre-def456.js.gz'), gzipSync(script('gz')));
    server = await startTestServer({ CONSOLE_DIR: consoleDir });
    http = httpClient(server.baseUrl);
  });
  afterAll(() => server.close());

  it('serves the console for client-side routes and its files with cache headers', async () => {
    for (const route of ['/', '/m/', '/m/accommodation/1/book/2026/11/21', '/login']) {
      const res = await http.get(route);
      expect(res.status, route).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(res.body).toContain('やどばん');
    }
    const asset = await http.get('/assets/app-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    // fetch asks for compression and undoes it: the header says what crossed the wire.
    expect(asset.headers.get('content-encoding')).toMatch(/^(br|gzip)$/);
    expect(asset.body).toContain('console.log');
  });

  it('answers 404, not the app, for a missing asset or file, so that an open tab of an old release reloads', async () => {
    for (const route of ['/assets/app-old999.js', '/assets/index-old999.css', '/favicon.ico', '/some/picture.png']) {
      const res = await http.get(route);
      expect(res.status, route).toBe(404);
      expect(res.headers.get('content-type'), route).toMatch(/application\/json/);
      expect(res.headers.get('cache-control'), route).toBe('no-store');
      expect(res.body, route).toEqual({ code: 'not_found', message: 'ページが見つかりません。' });
    }
    // A console route whose segment has a dot (a guest's mail) is still the app.
    for (const route of ['/m/books/guest@example.com', '/m/books/guest%40example.com']) {
      const res = await http.get(route);
      expect(res.status, route).toBe(200);
      expect(res.body, route).toContain('やどばん');
    }
  });

  it('says Vary: Accept-Encoding on a precompressed asset and on every encoding of it', async () => {
    for (const [accept, encoding, mark] of [
      ['br', 'br', 'br'],
      ['gzip', 'gzip', 'gz'],
      ['identity', null, 'plain'],
    ] as const) {
      const res = await http.send('GET', '/assets/pre-def456.js', { headers: { 'accept-encoding': accept } });
      expect(res.status, accept).toBe(200);
      expect(res.headers.get('content-encoding'), accept).toBe(encoding);
      expect(res.body, accept).toContain(`// ${mark}`);
      expect(res.headers.get('cache-control'), accept).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('vary') ?? '', accept).toMatch(/accept-encoding/i);
    }
    for (const route of ['/', '/m/']) {
      const res = await http.send('GET', route, { headers: { 'accept-encoding': 'identity' } });
      expect(res.headers.get('vary') ?? '', route).toMatch(/accept-encoding/i);
    }
  });

  it('answers a path that is not valid percent-encoding in the app’s shape, without echoing it', async () => {
    for (const route of ['/api/%c0%ae', '/m/%E0%A4%A', '/assets/%c0']) {
      const res = await http.get(route);
      expect(res.status, route).toBe(400);
      expect(res.body, route).toEqual({ code: 'invalid_request', message: 'リクエストの形式が正しくありません。' });
      expect(res.headers.get('cache-control'), route).toBe('no-store');
      expect(res.headers.get('content-security-policy'), route).toContain("default-src 'self'");
      expect(res.headers.get('x-content-type-options'), route).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), route).toBe('SAMEORIGIN');
    }
  });

  it('answers what Node’s HTTP parser refuses (a malformed request line, a 20 kB header) in the app’s shape', async () => {
    for (const [request, status, code, message] of [
      ['GET /%c0 HTTP/1.1 junk\r\nHost: x\r\n\r\n', 400, 'invalid_request', /形式が正しくありません/],
      ['BREW /api/me HTTP/1.1\r\nHost: x\r\n\r\n', 400, 'invalid_request', /形式が正しくありません/],
      [
        `GET /api/me HTTP/1.1\r\nHost: x\r\nCookie: yadoban_token=${'a'.repeat(20_000)}\r\n\r\n`,
        431,
        'headers_too_large',
        /ヘッダーが大きすぎます/,
      ],
    ] as const) {
      const res = await rawRequest(server.baseUrl, request);
      expect(res.status, request.slice(0, 20)).toBe(status);
      expect(JSON.parse(res.body)).toEqual({ code, message: expect.stringMatching(message) });
      expect(res.body).not.toMatch(/%c0|BREW|aaaa|Client Error|statusCode/);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
    // The server still answers afterwards.
    expect((await http.get('/api/health')).status).toBe(200);
  });

  it('sends the security headers on the console, the API, its errors and unknown paths', async () => {
    const token = (await http.login(ADMIN)).access_token;
    const answers = [
      await http.get('/'),
      await http.get('/assets/app-abc123.js'),
      await http.get('/api/me', token),
      await http.get('/api/me'),
      await http.get('/api/no-such-thing', token),
    ];
    for (const res of answers) {
      expect(res.headers.get('content-security-policy')).toBe(
        "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';img-src 'self' data:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' https: 'unsafe-inline'",
      );
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(res.headers.get('x-powered-by')).toBeNull();
    }
  });

  it('answers unknown API paths and other methods with the JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing'],
      ['POST', '/m/'],
      ['GET', '/oauth/nothing'],
    ] as const) {
      const res = await http.send(method, url);
      expect(res.status, url).toBe(404);
      expect(res.body).toMatchObject({ code: 'not_found', message: expect.any(String) });
    }
  });

  it('lets no cache keep an API answer: Cache-Control no-store, answered, refused or unknown', async () => {
    const token = (await http.login(ADMIN)).access_token;
    for (const [path, auth, status] of [
      ['/api/accommodations', token, 200],
      ['/api/admin/books?accommodation_id=1', token, 200],
      ['/api/me', undefined, 401],
      ['/api/admin/books/999999999', token, 404],
      ['/api/nothing', token, 404],
    ] as const) {
      const res = await http.get(path, auth);
      expect(res.status, path).toBe(status);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
  });

  it('publishes the OpenAPI document of the route schemas', async () => {
    const res = await http.get('/api/docs/json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining(['/oauth/auth', '/api/accommodations', '/api/admin/accommodations/{id}']),
    );
    expect((await http.get('/api/docs/')).status).toBe(200);
  });

  it('refuses a body over the limit with 413 and the error shape', async () => {
    const res = await http.send('POST', '/oauth/auth', {
      body: `grant_type=password&username=${'a'.repeat(2 * 1024 * 1024)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'payload_too_large' });
  });
});

describe('the API documentation in production', () => {
  let server: TestServer;
  let http: ReturnType<typeof httpClient>;
  beforeAll(async () => {
    server = await startTestServer({ NODE_ENV: 'production' });
    http = httpClient(server.baseUrl);
  });
  afterAll(() => server.close());

  it('is there only for a signed-in administrator (bearer or the console’s cookie); others get 404', async () => {
    const admin = (await http.login(ADMIN)).access_token;
    const staff = (await http.login(STAFF)).access_token;
    for (const path of ['/api/docs/', '/api/docs/json']) {
      expect((await http.get(path)).status, path).toBe(404);
      expect((await http.get(path, staff)).status, path).toBe(404);
      expect((await http.get(path, admin)).status, path).toBe(200);
      const viaCookie = await http.send('GET', path, { headers: { cookie: `other=1; yadoban_token=${admin}` } });
      expect(viaCookie.status, path).toBe(200);
    }
  });

  it('keeps swagger-ui’s own files under /api/docs from anyone else too, with the same 404', async () => {
    const admin = (await http.login(ADMIN)).access_token;
    const staff = (await http.login(STAFF)).access_token;
    // The answer the document itself gives them.
    const notFound = (await http.get('/api/docs/json', staff)).body;
    // The same as a path that does not exist: nothing tells that the documentation is there.
    expect(notFound).toEqual((await http.get('/api/no-such-path', staff)).body);
    // What @fastify/swagger-ui serves besides the document: its page, the YAML, its initializer
    // and, through @fastify/static, every file of its static folder.
    const served = [
      '/api/docs',
      '/api/docs/yaml',
      '/api/docs/static/index.html',
      '/api/docs/static/swagger-initializer.js',
      '/api/docs/static/swagger-ui.css',
      '/api/docs/static/swagger-ui-bundle.js',
      '/api/docs/static/logo.svg',
      '/api/docs/static/oauth2-redirect.html',
      '/api/docs/static/csp.json',
    ];
    for (const path of [...served, '/api/docs/static/no-such-file.js']) {
      for (const token of [undefined, staff, 'forged.token.value']) {
        for (const method of ['GET', 'HEAD'] as const) {
          const res = await http.send(method, path, { token });
          expect(res.status, `${method} ${path}`).toBe(404);
          if (method === 'GET') expect(res.body, path).toEqual(notFound);
        }
      }
    }
    // static/index.html redirects to the page, which fetch follows with the same header.
    for (const path of served) expect((await http.get(path, admin)).status, path).toBe(200);
    const css = await http.get('/api/docs/static/swagger-ui.css', admin);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toMatch(/text\/css/);
  });
});

describe('rate limit on /oauth/auth', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ AUTH_RATE_LIMIT: '5' });
  });
  afterAll(() => server.close());

  it('answers 429 in Japanese once an address passes the limit', async () => {
    const http = httpClient(server.baseUrl);
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await http.postForm('/oauth/auth', { grant_type: 'password', ...CLIENT, ...ADMIN, password: 'x' })).status,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const res = await http.postForm('/oauth/auth', { grant_type: 'password', ...CLIENT, ...ADMIN });
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ code: 'too_many_requests', message: expect.stringMatching(/しばらく/) });
  });
});

describe('logs', () => {
  it('never contain a password, a token, an Authorization header or guest data', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = await startTestServer({}, { stream, level: 'trace' });
    try {
      const http = httpClient(logged.baseUrl);
      const pair = await http.login(ADMIN);
      await http.get('/api/me', pair.access_token);
      await http.postForm('/oauth/auth', { grant_type: 'refresh_token', refresh_token: pair.refresh_token, ...CLIENT });
      await http.postForm('/oauth/auth', {
        grant_type: 'password',
        ...CLIENT,
        ...ADMIN,
        password: 'wrong-secret-word',
      });
      await http.get('/api/me', 'forged.token.value');
      // Guest data as a search filter and in a body.
      await http.get('/api/admin/books?mail=hidden-guest%40example.com', pair.access_token);
      await http.send('POST', '/api/admin/books', {
        token: pair.access_token,
        json: { accommodation_id: 1, name: '秘密 花子', tel: '090-0000-1234', days: 0 },
      });
      const all = lines.join('');
      expect(all).toContain('"route":"/api/admin/books"');
      expect(lines.length).toBeGreaterThan(5);
      for (const secret of [
        ADMIN.password,
        'wrong-secret-word',
        pair.access_token,
        pair.refresh_token,
        CLIENT.client_secret,
        'Bearer',
        'forged.token.value',
        'hidden-guest',
        '秘密 花子',
        '090-0000-1234',
      ]) {
        expect(all).not.toContain(secret);
      }
    } finally {
      await logged.close();
    }
  });

  it('mask a guest’s mail and the calendar feed’s secret address in a logged path', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = await startTestServer({}, { stream, level: 'info' });
    try {
      const http = httpClient(logged.baseUrl);
      const token = (await http.login(ADMIN)).access_token;
      const { id, uid: templateUid } = (await http.get('/api/accommodations', token)).body.accommodations[0];
      const { uid } = (await http.get(`/api/facility/${id}/ical`, token)).body;
      expect((await http.get(`/ical/${uid}.ics`)).status).toBe(200);
      await http.get('/m/books/guest@example.com');
      await http.get('/m/books/other-guest%40example.com');
      await http.get('/api/%c0%ae/third-guest%40example.com');
      const all = lines.join('');
      expect(all).toContain('"path":"/ical/[redacted]"');
      expect(all).toContain('"path":"/m/books/[redacted]"');
      for (const secret of [uid, templateUid, 'guest@example.com', 'guest%40example.com', 'example.com']) {
        expect(all).not.toContain(secret);
      }
    } finally {
      await logged.close();
    }
  });
});

describe('configuration', () => {
  it('stops at start on a bad value, naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(loadConfig({}).PORT).toBe(8080);
    expect(loadConfig({}).OAUTH_CLIENT_ID).toBe('console');
  });
});
