import { readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { errorMessages } from '../../contract/messages';
import { serverSuite } from '../support/fixtures';
import { freePort, freshDataDir, run, waitFor } from '../support/processes';
import { ADMIN, CLIENT } from '../support/testServer';

/** Sign-in and sign-out take a small form and nothing else: no upload reaches an anonymous caller. */

const TOO_LARGE = { code: 'payload_too_large', message: errorMessages.payloadTooLarge };
const UNSUPPORTED = { code: 'unsupported_media_type', message: errorMessages.unsupportedContentType };

/** A sign-in form with `files` file parts of `fileBytes` bytes each. */
function formWithFiles(files: number, fileBytes: number): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries({ grant_type: 'password', ...CLIENT, ...ADMIN })) form.append(k, v);
  for (let i = 0; i < files; i++) form.append(`f${i}`, new Blob([new Uint8Array(fileBytes)]), `f${i}.bin`);
  return form;
}

/** The same form sent chunked (no Content-Length), so that only the parser's limits can stop it. */
async function chunked(baseUrl: string, path: string, form: FormData) {
  const encoded = new Response(form);
  const res = await fetch(baseUrl + path, {
    method: 'POST',
    headers: { 'content-type': encoded.headers.get('content-type')! },
    body: encoded.body,
    duplex: 'half',
  } as RequestInit & { duplex: 'half' });
  return { status: res.status, body: (await res.json()) as unknown };
}

describe('the OAuth endpoints’ bodies', () => {
  const api = serverSuite();

  it('sign-in takes a urlencoded and a file-less multipart form, and refuses one with a file: 413', async () => {
    expect((await api.http.login(ADMIN)).token_type).toBe('Bearer');
    const res = await api.http.send<{ access_token: string }>('POST', '/oauth/auth', { body: formWithFiles(0, 0) });
    expect(res.status).toBe(200);
    expect(res.body.access_token).toMatch(/^ey/);
    const withFile = await api.http.send('POST', '/oauth/auth', { body: formWithFiles(1, 10) });
    expect(withFile.status).toBe(413);
    expect(withFile.body).toEqual(TOO_LARGE);
    const sent = await chunked(api.server.baseUrl, '/oauth/auth', formWithFiles(1, 2 * 1024 * 1024));
    expect(sent).toEqual({ status: 413, body: TOO_LARGE });
  });

  it('sign-out refuses multipart with a file: 413, sent whole or chunked', async () => {
    const res = await api.http.send('POST', '/oauth/revoke', { body: formWithFiles(1, 10) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual(TOO_LARGE);
    const sent = await chunked(api.server.baseUrl, '/oauth/revoke', formWithFiles(1, 2 * 1024 * 1024));
    expect(sent).toEqual({ status: 413, body: TOO_LARGE });
  });

  it('refuses a 5 KB urlencoded body with 413, and a JSON or XML body with 415', async () => {
    const padded = new URLSearchParams({ grant_type: 'password', ...CLIENT, ...ADMIN, pad: 'x'.repeat(5 * 1024) });
    const big = await api.http.send('POST', '/oauth/auth', {
      body: padded.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(big.status).toBe(413);
    expect(big.body).toEqual(TOO_LARGE);
    const json = await api.http.send('POST', '/oauth/auth', { json: { grant_type: 'password', ...CLIENT, ...ADMIN } });
    expect(json.status).toBe(415);
    expect(json.body).toEqual(UNSUPPORTED);
    const xml = await api.http.send('POST', '/oauth/revoke', { body: '<a/>', headers: { 'content-type': 'text/xml' } });
    expect(xml.status).toBe(415);
  });

  it('answers a declared 50 MB body with 413 before the client has sent it', async () => {
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(`${api.server.baseUrl}/oauth/auth`, {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(50 * 1024 * 1024) },
      });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, body });
          req.destroy();
        });
      });
      req.on('error', reject);
      setTimeout(() => {
        req.destroy();
        reject(new Error('no answer before the body was sent'));
      }, 5000);
      // Only the headers and a first kilobyte: the answer must come without the rest.
      req.write(`--x\r\nContent-Disposition: form-data; name="f"; filename="a"\r\n\r\n${'a'.repeat(1024)}`);
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual(TOO_LARGE);
  });
});

/** Resident memory of a process, bytes (Linux): now, or its peak since the last reset. */
function memory(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
  return Number(line?.[1] ?? 0) * 1024;
}

/** The most memory the process held while `work` ran, over what it held before. */
async function peakGrowth(pid: number, work: () => Promise<void>): Promise<number> {
  const before = memory(pid, 'VmRSS');
  let peak = before;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5'); // resets VmHWM to the current size
  } catch {
    // an older kernel: the samples below still see most of a peak
  }
  const sampler = setInterval(() => (peak = Math.max(peak, memory(pid, 'VmRSS'))), 5);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  return Math.max(peak, memory(pid, 'VmHWM')) - before;
}

describe.skipIf(process.platform !== 'linux')('uploads to the sign-in of a server process', () => {
  it('12 parallel uploads of five 10 MB files are all refused, and the memory stays', async () => {
    const port = await freePort();
    const server = run('server/server.ts', {
      DATA_DIR: freshDataDir(),
      SEED_DEMO: '0',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    });
    const base = `http://127.0.0.1:${port}`;
    try {
      await waitFor(`${base}/api/health`, 60_000, server);
      const form = formWithFiles(5, 10 * 1024 * 1024);
      const statuses: number[] = [];
      const growth = await peakGrowth(server.child.pid!, async () => {
        const sized = Promise.all(
          Array.from(
            { length: 6 },
            async () => (await fetch(`${base}/oauth/auth`, { method: 'POST', body: form })).status,
          ),
        );
        const streamed = Promise.all(
          Array.from({ length: 6 }, async () => (await chunked(base, '/oauth/auth', form)).status),
        );
        statuses.push(...(await sized), ...(await streamed));
      });
      expect(statuses).toEqual(Array(12).fill(413));
      // Before the fix the server held every file at once: 600 MB more. A refusal holds next to nothing.
      expect(growth).toBeLessThan(64 * 1024 * 1024);
    } catch (e) {
      throw new Error(`${String(e)}\n${server.output()}`, { cause: e });
    } finally {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  }, 120_000);
});
