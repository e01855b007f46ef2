// @vitest-environment jsdom
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ACCESS_TOKEN_COOKIE,
  ACCOMMODATIONS_COOKIE,
  ACCOMMODATIONS_SESSION_KEY,
  REFRESH_TOKEN_COOKIE,
  clearSession,
  getAccessToken,
  getRefreshToken,
  getStoredAccommodations,
  hasSession,
  setStoredAccommodations,
  setTokens,
  subscribeAccommodations,
} from '../../dataProvider/tokenStore';

const answer = {
  company: { name: '株式会社やどばん' },
  accommodations: [
    {
      id: 1,
      uid: 'u1',
      name: 'やどばん本館',
      short_name: '本',
      color: 'e57373',
      detail_url: 'https://example.jp/1',
      room_number: 5,
    },
  ],
};

afterEach(() => clearSession());

describe('token storage', () => {
  it('keeps the access and refresh tokens in cookies', () => {
    expect(hasSession()).toBe(false);
    setTokens({ access_token: 'a1', refresh_token: 'r1', expires_in: 900 });
    expect(Cookies.get(ACCESS_TOKEN_COOKIE)).toBe('a1');
    expect(Cookies.get(REFRESH_TOKEN_COOKIE)).toBe('r1');
    expect(getAccessToken()).toBe('a1');
    expect(getRefreshToken()).toBe('r1');
    expect(hasSession()).toBe(true);
  });

  it('keeps the accommodations in sessionStorage and in a cookie, and tells listeners', () => {
    let calls = 0;
    const unsubscribe = subscribeAccommodations(() => calls++);
    setStoredAccommodations(answer);
    unsubscribe();
    expect(calls).toBe(1);
    expect(JSON.parse(sessionStorage.getItem(ACCOMMODATIONS_SESSION_KEY)!)).toEqual(answer);
    const cookie = JSON.parse(Cookies.get(ACCOMMODATIONS_COOKIE)!);
    expect(cookie.company.name).toBe('株式会社やどばん');
    expect(cookie.accommodations[0]).toMatchObject({ id: 1, uid: 'u1', short_name: '本', color: 'e57373' });
    expect(getStoredAccommodations()).toEqual(answer);
  });

  it('keeps a long list in the cookie without detail URLs, or only in sessionStorage', () => {
    const many = (n: number, url: string) => ({
      company: answer.company,
      accommodations: Array.from({ length: n }, (_, i) => ({ ...answer.accommodations[0]!, id: i, detail_url: url })),
    });
    setStoredAccommodations(many(8, 'https://example.jp/'.padEnd(200, 'x')));
    expect(JSON.parse(Cookies.get(ACCOMMODATIONS_COOKIE)!).accommodations[0].detail_url).toBeNull();
    setStoredAccommodations(many(80, ''));
    expect(Cookies.get(ACCOMMODATIONS_COOKIE)).toBeUndefined();
    expect(getStoredAccommodations()!.accommodations).toHaveLength(80);
  });

  it('clears tokens, the accommodations cookie and sessionStorage on logout', () => {
    setTokens({ access_token: 'a1', refresh_token: 'r1' });
    setStoredAccommodations(answer);
    sessionStorage.setItem('other', 'x');
    clearSession();
    expect(getAccessToken()).toBeUndefined();
    expect(getRefreshToken()).toBeUndefined();
    expect(Cookies.get(ACCOMMODATIONS_COOKIE)).toBeUndefined();
    expect(sessionStorage.length).toBe(0);
    expect(getStoredAccommodations()).toBeNull();
  });
});
