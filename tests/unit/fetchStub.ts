import { vi } from 'vitest';

/** A stubbed global fetch for one piece's unit tests: answers from a function of the request. */
export type Handler = (request: {
  url: string;
  method: string;
  headers: Headers;
  body: string;
}) => Response | Promise<Response>;

export function stubFetch(handler: Handler) {
  const calls: { url: string; method: string; headers: Headers; body: string }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request = {
      url: String(input),
      method: (init.method ?? 'GET').toUpperCase(),
      headers: new Headers(init.headers),
      body: init.body === undefined || init.body === null ? '' : String(init.body),
    };
    calls.push(request);
    return handler(request);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
