// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorMessages } from '../../contract/messages';
import { HttpError } from '../../dataProvider/http';
import { httpClient, setSessionExpiredHandler } from '../../dataProvider/httpClient';
import { clearSession, getAccessToken, getRefreshToken, setTokens } from '../../dataProvider/tokenStore';
import { delay, json, stubFetch } from './fetchStub';

beforeEach(() => {
  setTokens({ access_token: 'old-access', refresh_token: 'old-refresh', expires_in: 900 });
});

afterEach(() => {
  clearSession();
  setSessionExpiredHandler(null);
  vi.unstubAllGlobals();
});

async function failure(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('httpClient', () => {
  it('sends the bearer token', async () => {
    const { calls } = stubFetch(() => json(200, { ok: true }));
    const { json: body } = await httpClient('/api/me');
    expect(body).toEqual({ ok: true });
    expect(calls[0]!.headers.get('Authorization')).toBe('Bearer old-access');
  });

  it('refreshes once for two parallel calls that get 401, then repeats both', async () => {
    const { calls } = stubFetch(async ({ url, headers, body }) => {
      if (url.endsWith('/oauth/auth')) {
        await delay(20);
        const form = new URLSearchParams(body);
        expect(form.get('grant_type')).toBe('refresh_token');
        expect(form.get('refresh_token')).toBe('old-refresh');
        expect(form.get('client_id')).toBe('console');
        return json(200, {
          access_token: 'new-access',
          refresh_token: 'new-refresh',
          token_type: 'Bearer',
          expires_in: 900,
        });
      }
      if (headers.get('Authorization') !== 'Bearer new-access') {
        return json(401, { code: 'unauthorized', message: errorMessages.unauthorized });
      }
      return json(200, { url });
    });

    const [a, b] = await Promise.all([httpClient('/api/accommodations'), httpClient('/api/me')]);

    expect(a.json).toEqual({ url: '/api/accommodations' });
    expect(b.json).toEqual({ url: '/api/me' });
    expect(calls.filter((c) => c.url.endsWith('/oauth/auth'))).toHaveLength(1);
    expect(calls.filter((c) => c.url.startsWith('/api/'))).toHaveLength(4);
    expect(getAccessToken()).toBe('new-access');
    expect(getRefreshToken()).toBe('new-refresh');
  });

  it('does not refresh again for a 401 that arrives after another call refreshed', async () => {
    let releaseSlow: () => void = () => undefined;
    const slowGate = new Promise<void>((resolve) => (releaseSlow = resolve));
    const { calls } = stubFetch(async ({ url, headers }) => {
      if (url.endsWith('/oauth/auth')) {
        return json(200, { access_token: 'new-access', refresh_token: 'new-refresh', token_type: 'Bearer' });
      }
      const bearer = headers.get('Authorization');
      if (url.endsWith('/slow') && bearer === 'Bearer old-access') {
        await slowGate;
        return json(401, { code: 'unauthorized', message: 'x' });
      }
      return bearer === 'Bearer new-access' ? json(200, {}) : json(401, { code: 'unauthorized', message: 'x' });
    });
    const slow = httpClient('/api/slow');
    await httpClient('/api/fast');
    releaseSlow();
    await slow;
    expect(calls.filter((c) => c.url.endsWith('/oauth/auth'))).toHaveLength(1);
  });

  it('ends the session and goes to / when the refresh token is refused', async () => {
    const expired = vi.fn();
    setSessionExpiredHandler(expired);
    stubFetch(({ url }) =>
      url.endsWith('/oauth/auth')
        ? json(401, { error: 'invalid_grant', code: 'invalid_grant', message: errorMessages.loginMismatch })
        : json(401, { code: 'unauthorized', message: errorMessages.unauthorized }),
    );
    const error = await failure(httpClient('/api/me'));
    expect(error.status).toBe(401);
    expect(expired).toHaveBeenCalledTimes(1);
    expect(getAccessToken()).toBeUndefined();
    expect(getRefreshToken()).toBeUndefined();
  });

  it('gives 402 for a 200 answer that is not JSON', async () => {
    stubFetch(
      () => new Response('<!doctype html><html></html>', { status: 200, headers: { 'Content-Type': 'text/html' } }),
    );
    const error = await failure(httpClient('/api/accommodations'));
    expect(error.status).toBe(402);
    expect(error.message).toBe(errorMessages.nonJson);
  });

  it('turns other failures into HttpError with the status and the Japanese message of the body', async () => {
    stubFetch(() => json(409, { code: 'conflict', message: '部屋が満室です。', errors: { room_id: '満室です' } }));
    const error = await failure(httpClient('/api/admin/books', { method: 'POST', body: { days: 1 } }));
    expect(error.status).toBe(409);
    expect(error.message).toBe('部屋が満室です。');
    expect(error.body).toMatchObject({ errors: { room_id: '満室です' } });
  });

  it('falls back to a Japanese sentence per status when the body has none', async () => {
    stubFetch(() => new Response('', { status: 500 }));
    const error = await failure(httpClient('/api/me'));
    expect(error.status).toBe(500);
    expect(error.message).toBe(errorMessages.internal);
  });

  it('says so in Japanese when the network fails', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await failure(httpClient('/api/me'));
    expect(error.status).toBe(0);
    expect(error.message).toBe(errorMessages.network);
  });

  it('accepts 204 and empty answers to writes', async () => {
    stubFetch(() => new Response(null, { status: 204 }));
    const { json: body, status } = await httpClient('/api/supplier/1', { method: 'DELETE' });
    expect(status).toBe(204);
    expect(body).toBeNull();
  });

  it('sends JSON bodies and query strings', async () => {
    const { calls } = stubFetch(() => json(200, { books: [] }));
    await httpClient('/api/admin/books', {
      query: { accommodation_id: 1, sync: 0, mail: '', with_deleted: undefined },
    });
    await httpClient('/api/payments', { method: 'POST', body: { amount: 1000 } });
    expect(calls[0]!.url).toBe('/api/admin/books?accommodation_id=1&sync=0');
    expect(calls[1]!.headers.get('Content-Type')).toBe('application/json');
    expect(calls[1]!.body).toBe('{"amount":1000}');
  });
});
