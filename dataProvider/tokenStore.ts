import Cookies from 'js-cookie';
import { dropEarly } from './earlyCalls';
import type { AccommodationsAnswer, TokenAnswer } from './types';

/**
 * What the console keeps in the browser (spec "Stored locally"): the access and refresh tokens in
 * cookies; the accommodations list and company in sessionStorage and in a cookie (the cookie lets a
 * new tab draw the sidebar before the list is fetched again).
 */
export const ACCESS_TOKEN_COOKIE = 'yadoban_token';
export const REFRESH_TOKEN_COOKIE = 'yadoban_refresh_token';
export const ACCOMMODATIONS_COOKIE = 'yadoban_accommodations';
export const ACCOMMODATIONS_SESSION_KEY = 'yadoban.accommodations';

/** Server default REFRESH_TOKEN_TTL_SECONDS; the server decides, the cookie only must not end first. */
const REFRESH_COOKIE_DAYS = 30;
/** Browsers drop cookies above about 4 KB; a longer list lives in sessionStorage only. */
const MAX_COOKIE_VALUE = 3500;

function cookieAttributes(expires?: number | Date): Cookies.CookieAttributes {
  const secure = typeof window !== 'undefined' && window.location.protocol === 'https:';
  return { path: '/', sameSite: 'strict', secure, ...(expires === undefined ? {} : { expires }) };
}

// Tokens

export function getAccessToken(): string | undefined {
  return Cookies.get(ACCESS_TOKEN_COOKIE) || undefined;
}

export function getRefreshToken(): string | undefined {
  return Cookies.get(REFRESH_TOKEN_COOKIE) || undefined;
}

export function hasSession(): boolean {
  return Boolean(getAccessToken() || getRefreshToken());
}

export function setTokens(answer: Pick<TokenAnswer, 'access_token' | 'refresh_token' | 'expires_in'>): void {
  // The access cookie ends with the token; the refresh token then gets a new one.
  const accessExpires =
    typeof answer.expires_in === 'number' && answer.expires_in > 0
      ? new Date(Date.now() + answer.expires_in * 1000)
      : undefined;
  Cookies.set(ACCESS_TOKEN_COOKIE, answer.access_token, cookieAttributes(accessExpires));
  Cookies.set(REFRESH_TOKEN_COOKIE, answer.refresh_token, cookieAttributes(REFRESH_COOKIE_DAYS));
}

export function clearTokens(): void {
  Cookies.remove(ACCESS_TOKEN_COOKIE, cookieAttributes());
  Cookies.remove(REFRESH_TOKEN_COOKIE, cookieAttributes());
}

// Accommodations and company

let cached: AccommodationsAnswer | null | undefined;
const listeners = new Set<() => void>();

function isAnswer(value: unknown): value is AccommodationsAnswer {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<AccommodationsAnswer>;
  return Array.isArray(v.accommodations) && typeof v.company === 'object' && v.company !== null;
}

function parse(text: string | null | undefined): AccommodationsAnswer | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return isAnswer(value) ? value : null;
  } catch {
    return null;
  }
}

function readSessionStorage(): string | null {
  try {
    return window.sessionStorage.getItem(ACCOMMODATIONS_SESSION_KEY);
  } catch {
    return null;
  }
}

/** The stored list, from sessionStorage, else from the cookie; the same object until it changes. */
export function getStoredAccommodations(): AccommodationsAnswer | null {
  if (cached === undefined) {
    cached = parse(readSessionStorage()) ?? parse(Cookies.get(ACCOMMODATIONS_COOKIE));
  }
  return cached;
}

export function setStoredAccommodations(answer: AccommodationsAnswer): void {
  const full: AccommodationsAnswer = { accommodations: answer.accommodations, company: answer.company };
  try {
    window.sessionStorage.setItem(ACCOMMODATIONS_SESSION_KEY, JSON.stringify(full));
  } catch {
    // Private mode or full storage: the cookie and memory still hold it.
  }
  // The cookie takes the whole list when it fits, else the list without detail URLs, else nothing.
  const compact: AccommodationsAnswer = {
    company: { name: full.company.name },
    accommodations: full.accommodations.map((a) => ({ ...a, detail_url: null })),
  };
  const value = [JSON.stringify(full), JSON.stringify(compact)].find(
    (text) => encodeURIComponent(text).length <= MAX_COOKIE_VALUE,
  );
  if (value) Cookies.set(ACCOMMODATIONS_COOKIE, value, cookieAttributes());
  else Cookies.remove(ACCOMMODATIONS_COOKIE, cookieAttributes());
  cached = full;
  listeners.forEach((listener) => listener());
}

export function clearStoredAccommodations(): void {
  try {
    window.sessionStorage.removeItem(ACCOMMODATIONS_SESSION_KEY);
  } catch {
    // nothing stored
  }
  Cookies.remove(ACCOMMODATIONS_COOKIE, cookieAttributes());
  cached = null;
  listeners.forEach((listener) => listener());
}

export function subscribeAccommodations(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The signed-in user as sign-in stored it in sessionStorage (authProvider reads and writes it). */
export const ME_SESSION_KEY = 'yadoban_me';

export function hasStoredMe(): boolean {
  try {
    return window.sessionStorage.getItem(ME_SESSION_KEY) !== null;
  } catch {
    return false;
  }
}

/** Logout and failed sessions: tokens, the accommodations cookie and all of sessionStorage. */
export function clearSession(): void {
  dropEarly();
  clearTokens();
  clearStoredAccommodations();
  try {
    window.sessionStorage.clear();
  } catch {
    // nothing stored
  }
}
