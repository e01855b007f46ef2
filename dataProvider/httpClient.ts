import { errorMessages } from '../contract/messages';
import { takeEarly } from './earlyCalls';
import { HttpError, readResponse, send, type ReadResult } from './http';
import { refreshSession } from './oauth';
import { clearSession, getAccessToken } from './tokenStore';

export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>;

export interface RequestOptions {
  method?: string;
  /** A plain object or array is sent as JSON; FormData, URLSearchParams, Blob and strings as they are. */
  body?: unknown;
  headers?: Record<string, string>;
  query?: Record<string, QueryValue>;
  responseType?: 'json' | 'text' | 'blob';
  signal?: AbortSignal;
}

export type HttpResponse<T> = ReadResult<T>;

type SessionExpiredHandler = () => void;

const defaultSessionExpired: SessionExpiredHandler = () => {
  if (typeof window !== 'undefined' && window.location.pathname !== '/') window.location.assign('/');
};
let onSessionExpired: SessionExpiredHandler = defaultSessionExpired;

/** The shell replaces the full-page reload with a client-side navigation to '/'. */
export function setSessionExpiredHandler(handler: SessionExpiredHandler | null): void {
  onSessionExpired = handler ?? defaultSessionExpired;
}

/** Appends the query, leaving out null, undefined and ''; arrays repeat the key. */
export function withQuery(url: string, query?: Record<string, QueryValue>): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined || value === '') continue;
    if (Array.isArray(value)) value.forEach((item) => params.append(key, String(item)));
    else params.append(key, String(value));
  }
  const qs = params.toString();
  if (!qs) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${qs}`;
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    typeof body === 'string' ||
    body instanceof FormData ||
    body instanceof URLSearchParams ||
    body instanceof Blob ||
    body instanceof ArrayBuffer
  );
}

function buildInit(options: RequestOptions, token: string | undefined): RequestInit {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    if (isRawBody(options.body)) {
      body = options.body;
    } else {
      body = JSON.stringify(options.body);
      headers['Content-Type'] ??= 'application/json';
    }
  }
  if (token) headers.Authorization = `Bearer ${token}`;
  return { method: options.method ?? 'GET', headers, body, signal: options.signal, credentials: 'same-origin' };
}

/**
 * Every API call. Adds the bearer token; on 401 trades the refresh token once (one refresh shared
 * by parallel calls) and repeats the call; when that fails too, forgets the session and sends the
 * user to '/'. Other failures reject with HttpError (status, Japanese message from the body).
 */
export async function httpClient<T = unknown>(url: string, options: RequestOptions = {}): Promise<HttpResponse<T>> {
  const target = withQuery(url, options.query);
  const method = options.method ?? 'GET';

  const attempt = async (early?: Promise<Response>) => {
    const token = getAccessToken();
    const init = buildInit(options, token);
    const response = early ? await early.catch(() => send(target, init)) : await send(target, init);
    return { response, token };
  };

  // The first try of a GET may find its answer already asked for by the entry chunk.
  const first = await attempt(method === 'GET' ? takeEarly(target) : undefined);
  let response = first.response;
  if (response.status === 401) {
    // Another call may have refreshed while this one was on the way: then only repeat it.
    const current = getAccessToken();
    const renewed = current !== undefined && current !== first.token ? true : await refreshSession();
    if (renewed) ({ response } = await attempt());
    if (response.status === 401) {
      const body: unknown = await response.json().catch(() => undefined);
      clearSession();
      onSessionExpired();
      throw new HttpError(errorMessages.unauthorized, 401, body);
    }
  }
  return readResponse<T>(response, { method, responseType: options.responseType });
}
