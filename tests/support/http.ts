import { CLIENT } from './testServer';

export interface Answer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** A small HTTP client for API tests: what a browser or curl would send, nothing more. */
export function httpClient(baseUrl: string) {
  async function send<T>(
    method: string,
    path: string,
    init: { token?: string; json?: unknown; body?: BodyInit; headers?: Record<string, string> } = {},
  ): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...init.headers };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    let body = init.body;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    const res = await fetch(baseUrl + path, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    if (res.headers.get('content-type')?.includes('application/json') && text) parsed = JSON.parse(text);
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

  return {
    send,
    // any: tests read answers loosely; their assertions check the shape.
    get: <T = any>(path: string, token?: string) => send<T>('GET', path, { token }),
    /** POST as application/x-www-form-urlencoded, like the console's login. */
    // any: as above.
    postForm: <T = any>(path: string, fields: Record<string, string>) =>
      send<T>('POST', path, { body: form(fields), headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
    async login(credentials: { username: string; password: string }) {
      const res = await send<TokenAnswer>('POST', '/oauth/auth', {
        body: form({ grant_type: 'password', scope: 'admin', ...CLIENT, ...credentials }),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    },
  };
}

export interface TokenAnswer {
  access_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
}
