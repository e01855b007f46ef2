import { sitePaths } from '../contract/apiPaths';
import { passwordGrantFields } from '../contract/oauth';
import { authUrl, OAUTH_CLIENT } from './config';
import { HttpError, readResponse, send } from './http';
import { clearTokens, getRefreshToken, setTokens } from './tokenStore';
import type { TokenAnswer } from './types';

/** The OAuth endpoint: form posts, no bearer token. */
async function postForm<T>(path: string, fields: Record<string, string>): Promise<T> {
  const body = new URLSearchParams({ ...fields, ...OAUTH_CLIENT });
  const response = await send(authUrl(path), {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
    body,
  });
  const { json } = await readResponse<T>(response, { method: 'POST' });
  return json;
}

function isTokenAnswer(value: unknown): value is TokenAnswer {
  const v = value as Partial<TokenAnswer> | null;
  return typeof v?.access_token === 'string' && typeof v.refresh_token === 'string';
}

/** Password grant; stores the pair on success. Throws HttpError as answered. */
export async function passwordGrant(username: string, password: string): Promise<TokenAnswer> {
  const answer = await postForm<unknown>(sitePaths.oauthToken, passwordGrantFields(username, password, OAUTH_CLIENT));
  if (!isTokenAnswer(answer)) throw new Error('invalid token answer');
  setTokens(answer);
  return answer;
}

let inFlight: Promise<boolean> | null = null;

/**
 * Trades the refresh token for a new pair (rotation: the old one stops working, so two refreshes
 * at once would log the user out). Parallel callers share one request. Resolves false when there
 * is no refresh token or the server refuses it (the tokens are then removed); rejects with the
 * HttpError when the server cannot be reached or fails.
 */
export function refreshSession(): Promise<boolean> {
  if (inFlight) return inFlight;
  const refreshToken = getRefreshToken();
  if (!refreshToken) return Promise.resolve(false);
  inFlight = (async () => {
    try {
      const answer = await postForm<unknown>(sitePaths.oauthToken, {
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
      });
      if (!isTokenAnswer(answer)) throw new Error('invalid token answer');
      setTokens(answer);
      return true;
    } catch (error) {
      // Offline or a server failure says nothing about the session: keep the tokens.
      if (error instanceof HttpError && (error.status === 0 || error.status >= 500)) throw error;
      clearTokens();
      return false;
    } finally {
      inFlight = null;
    }
  })();
  return inFlight;
}

/** Ends the session on the server; failures are ignored (the browser forgets the tokens anyway). */
export async function revokeRefreshToken(token: string): Promise<void> {
  try {
    await postForm<unknown>(sitePaths.oauthRevoke, { token });
  } catch {
    // already revoked, expired, or offline: nothing more to do
  }
}
