import { performance } from 'node:perf_hooks';

/** The demo administrator and the console's OAuth client (server defaults). */
export const ADMIN = { mail: 'admin@example.com', password: 'admin-pass-1234' };

export function passwordGrantForm(who = ADMIN): URLSearchParams {
  return new URLSearchParams({
    grant_type: 'password',
    username: who.mail,
    password: who.password,
    client_id: 'console',
    client_secret: 'console-secret',
    scope: 'admin',
  });
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
