// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorMessages } from '../../contract/messages';
import { authProvider } from '../../dataProvider/authProvider';
import {
  clearSession,
  getAccessToken,
  getRefreshToken,
  getStoredAccommodations,
  setTokens,
} from '../../dataProvider/tokenStore';
import { json, stubFetch } from './fetchStub';

const accommodations = {
  accommodations: [
    { id: 1, uid: 'u1', name: 'やどばん本館', short_name: '本', color: 'e57373', detail_url: '', room_number: 5 },
  ],
  company: { name: '株式会社やどばん' },
};

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('authProvider', () => {
  it('signs in with the password grant, then stores tokens and accommodations', async () => {
    const { calls } = stubFetch(({ url }) =>
      url.endsWith('/oauth/auth')
        ? json(200, { access_token: 'a', refresh_token: 'r', token_type: 'Bearer', expires_in: 900 })
        : json(200, accommodations),
    );
    await authProvider.login({ username: 'admin@example.com', password: 'admin-pass-1234' });
    const form = new URLSearchParams(calls[0]!.body);
    expect(calls[0]!.headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(form)).toEqual({
      grant_type: 'password',
      username: 'admin@example.com',
      password: 'admin-pass-1234',
      scope: 'admin',
      client_id: 'console',
      client_secret: 'console-secret',
    });
    expect(calls[1]!.url).toBe('/api/accommodations');
    expect(calls[1]!.headers.get('Authorization')).toBe('Bearer a');
    expect(getAccessToken()).toBe('a');
    expect(getStoredAccommodations()).toEqual(accommodations);
  });

  it('keeps the signed-in user from sign-in, so that permissions cost no request afterwards', async () => {
    const me = { id: 2, name: 'スタッフ 花子', mail: 'staff@example.com', user_type: 2, accommodations: [1] };
    const { calls } = stubFetch(({ url }) =>
      url.endsWith('/oauth/auth')
        ? json(200, { access_token: 'a', refresh_token: 'r', token_type: 'Bearer', expires_in: 900 })
        : url.endsWith('/me')
          ? json(200, me)
          : json(200, accommodations),
    );
    await authProvider.login({ username: 'staff@example.com', password: 'staff-pass-1234' });
    const afterLogin = calls.length;
    expect(await authProvider.getPermissions!({})).toEqual({ isAdmin: false });
    expect((await authProvider.getIdentity!()).fullName).toBe('スタッフ 花子');
    expect(calls).toHaveLength(afterLogin);
    clearSession();
    setTokens({ access_token: 'a', refresh_token: 'r', expires_in: 900 });
    expect(await authProvider.getPermissions!({})).toEqual({ isAdmin: false });
    expect(calls).toHaveLength(afterLogin + 1);
  });

  it('removes tokens and says メールアドレスまたはパスワードが一致しません on refused credentials', async () => {
    setTokens({ access_token: 'stale', refresh_token: 'stale' });
    stubFetch(() => json(401, { error: 'invalid_grant', code: 'invalid_grant', message: 'x' }));
    await expect(authProvider.login({ username: 'a@b.jp', password: 'wrong' })).rejects.toThrow(
      'メールアドレスまたはパスワードが一致しません',
    );
    expect(getAccessToken()).toBeUndefined();
    expect(getRefreshToken()).toBeUndefined();
  });

  it('says what to do when the password matches accounts of the address in two companies', async () => {
    stubFetch(() =>
      json(401, { error: 'invalid_grant', code: 'invalid_grant', message: errorMessages.loginAmbiguous }),
    );
    await expect(authProvider.login({ username: 'a@b.jp', password: 'shared' })).rejects.toThrow(
      errorMessages.loginAmbiguous,
    );
  });

  it('shows the rate-limit message as the server words it', async () => {
    stubFetch(() => json(429, { code: 'too_many_requests', message: errorMessages.tooManyRequests }));
    await expect(authProvider.login({ username: 'a@b.jp', password: 'x' })).rejects.toThrow(
      errorMessages.tooManyRequests,
    );
  });

  it('revokes the refresh token on logout, clears everything and returns /', async () => {
    setTokens({ access_token: 'a', refresh_token: 'r' });
    sessionStorage.setItem('x', '1');
    const { calls } = stubFetch(() => json(200, {}));
    await expect(authProvider.logout({})).resolves.toBe('/');
    expect(calls[0]!.url).toBe('/oauth/revoke');
    expect(new URLSearchParams(calls[0]!.body).get('token')).toBe('r');
    expect(getRefreshToken()).toBeUndefined();
    expect(sessionStorage.length).toBe(0);
  });

  it('lets a signed-in user through checkAuth and sends others to /', async () => {
    await expect(authProvider.checkAuth({})).rejects.toEqual({ redirectTo: '/', message: false });
    setTokens({ access_token: 'a', refresh_token: 'r' });
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
  });

  it('logs out on 401 only', async () => {
    setTokens({ access_token: 'a', refresh_token: 'r' });
    await expect(authProvider.checkError({ status: 403 })).resolves.toBeUndefined();
    await expect(authProvider.checkError({ status: 401 })).rejects.toMatchObject({ redirectTo: '/' });
    expect(getAccessToken()).toBeUndefined();
  });

  it('reads the identity from /me', async () => {
    setTokens({ access_token: 'a', refresh_token: 'r' });
    stubFetch(() => json(200, { id: 7, name: '管理者', mail: 'admin@example.com', user_type: 1, accommodations: [1] }));
    await expect(authProvider.getIdentity!()).resolves.toMatchObject({ id: 7, fullName: '管理者' });
  });
});
