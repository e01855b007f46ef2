import type { AuthProvider, UserIdentity } from 'ra-core';
import { USER_TYPE } from '../contract/enums';
import { errorMessages } from '../contract/messages';
import { fetchAccommodations } from './accommodations';
import { meUrl } from './startUrls';
import { HttpError } from './http';
import { httpClient } from './httpClient';
import { passwordGrant, revokeRefreshToken } from './oauth';
import { clearSession, clearTokens, getRefreshToken, hasSession, ME_SESSION_KEY } from './tokenStore';
import type { Me } from './types';

/** Where the login page lives: outside react-admin's basename (/m), so always an absolute path. */
export const LOGIN_PATH = '/';

export interface LoginParams {
  username: string;
  password: string;
}

/**
 * A failed login removes the tokens and says why in Japanese: the spec's mismatch sentence for
 * refused credentials (or the one for a password that two companies' accounts share), the server's
 * own sentence for rate limits and failures, the network one offline.
 */
function loginErrorMessage(error: unknown): string {
  if (error instanceof HttpError) {
    if (error.status === 401 && error.message === errorMessages.loginAmbiguous) return error.message;
    if (error.status === 400 || error.status === 401) return errorMessages.loginMismatch;
    if (error.status === 0 || error.status === 429 || error.status >= 500) return error.message;
  }
  return errorMessages.loginMismatch;
}

export async function login({ username, password }: LoginParams): Promise<void> {
  try {
    await passwordGrant(username, password);
  } catch (error) {
    clearTokens();
    throw new Error(loginErrorMessage(error), { cause: error });
  }
  // The shell fetches these again if they fail; the sign-in itself succeeded.
  await Promise.all([fetchAccommodations().catch(() => undefined), fetchMe().catch(() => undefined)]);
}

const ME_KEY = ME_SESSION_KEY;

/** The signed-in user, kept in sessionStorage (cleared with the session) so that pages need not wait for it. */
async function fetchMe(): Promise<Me> {
  const { json } = await httpClient<Me>(meUrl());
  try {
    window.sessionStorage.setItem(ME_KEY, JSON.stringify(json));
  } catch {
    // storage refused: asked again next time
  }
  return json;
}

function storedMe(): Me | null {
  try {
    const raw = window.sessionStorage.getItem(ME_KEY);
    return raw ? (JSON.parse(raw) as Me) : null;
  } catch {
    return null;
  }
}

export async function logout(): Promise<string> {
  const refreshToken = getRefreshToken();
  clearSession();
  if (refreshToken) await revokeRefreshToken(refreshToken);
  return LOGIN_PATH;
}

export const authProvider: AuthProvider = {
  login: (params: LoginParams) => login(params),
  logout: () => logout(),
  // No token at all: to '/' without react-admin's "please sign in" notice.
  checkAuth: () => (hasSession() ? Promise.resolve() : Promise.reject({ redirectTo: LOGIN_PATH, message: false })),
  checkError: (error: { status?: number } | undefined) => {
    // httpClient has already tried the refresh token; a 401 reaching here means the session is over.
    if (error?.status === 401) {
      clearSession();
      return Promise.reject({ redirectTo: LOGIN_PATH, message: false });
    }
    return Promise.resolve();
  },
  getIdentity: async (): Promise<UserIdentity> => {
    const me = storedMe() ?? (await fetchMe());
    return { ...me, id: me.id, fullName: me.name };
  },
  /**
   * What the screens may offer; the server decides anyway (403 for staff on administration).
   * react-admin waits for this before the first page renders: it reads what sign-in stored.
   */
  getPermissions: async (): Promise<Permissions> => {
    const me = storedMe() ?? (await fetchMe());
    return { isAdmin: me.user_type === USER_TYPE.admin };
  },
};

export interface Permissions {
  isAdmin: boolean;
}
