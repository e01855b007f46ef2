import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { passwordGrantFields } from '../../contract/oauth';

/** The demo administrator and the console's OAuth client (server defaults). */
export const ADMIN = { mail: 'admin@example.com', password: 'admin-pass-1234' };

export function passwordGrantForm(who = ADMIN): URLSearchParams {
  return new URLSearchParams(passwordGrantFields(who.mail, who.password));
}

/** One POST /oauth/auth with the password grant; the time covers the whole answer body. */
export async function signIn(baseUrl: string, who = ADMIN): Promise<{ ms: number; accessToken: string }> {
  const t0 = performance.now();
  const res = await fetch(`${baseUrl}/oauth/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: passwordGrantForm(who),
    signal: AbortSignal.timeout(30_000),
  });
  const body = (await res.json()) as any;
  const ms = performance.now() - t0;
  if (res.status !== 200 || typeof body?.access_token !== 'string') {
    throw new Error(`POST /oauth/auth answered ${res.status}: ${JSON.stringify(body)}`);
  }
  return { ms, accessToken: body.access_token };
}

/** One authenticated GET; returns the time to the whole body and the parsed JSON. */
export async function timedGet(url: string, token: string): Promise<{ ms: number; body: any }> {
  const t0 = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(30_000) });
  const body = (await res.json()) as any;
  const ms = performance.now() - t0;
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${JSON.stringify(body)}`);
  return { ms, body };
}

export interface RawAnswer {
  /** From the request to the last byte of the body as it crossed the wire (not decoded). */
  ms: number;
  status: number;
  /** content-encoding of the answer ('identity' when none). */
  encoding: string;
  /** Body bytes as sent (compressed when encoded). */
  bytes: number;
  body: Buffer;
}

/**
 * One GET through node:http with the given agent (keep-alive, so a series reuses one connection)
 * and headers, e.g. accept-encoding; the body is kept as sent, not decompressed.
 */
export function rawGet(url: string, headers: Record<string, string>, agent: http.Agent): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.get(url, { agent, headers, timeout: 30_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({
          ms: performance.now() - t0,
          status: res.statusCode ?? 0,
          encoding: String(res.headers['content-encoding'] ?? 'identity'),
          bytes: body.length,
          body,
        });
      });
    });
    req.on('timeout', () => req.destroy(new Error(`GET ${url}: no answer in 30 s`)));
    req.on('error', reject);
  });
}
