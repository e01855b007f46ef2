import { USER_TYPE } from '../../contract/enums';
import { errorMessages } from '../../contract/messages';
import type { Config } from '../config';
import type { Db } from '../db/client';
import * as sessions from '../db/queries/sessions';
import * as usersQ from '../db/queries/users';
import { oauthError } from '../errors';
import { prepareDummyHash, verifyPassword, verifyPasswordOrDummy } from '../auth/passwords';
import { type AccessTokens, hashToken, newRefreshToken } from '../auth/tokens';
import { SessionCache } from '../auth/sessionCache';

export interface TokenPair {
  access_token: string;
  refresh_token: string;
  token_type: 'Bearer';
  expires_in: number;
}

import type { CurrentUser } from '../auth/currentUser';

export type { CurrentUser };

/** The accounts whose password this is; an unknown address is verified against the dummy hash. */
async function matchingAccounts<T extends { passwordHash: string }>(accounts: T[], password: string): Promise<T[]> {
  if (accounts.length === 0) {
    await verifyPasswordOrDummy(undefined, password);
    return [];
  }
  const results = await Promise.all(accounts.map((account) => verifyPassword(account.passwordHash, password)));
  return accounts.filter((_, i) => results[i]);
}

const invalidGrant = () => oauthError(401, 'invalid_grant', errorMessages.loginMismatch);

export type AuthConfig = Pick<Config, 'REFRESH_TOKEN_TTL_SECONDS' | 'LOGIN_MAX_FAILURES' | 'LOGIN_LOCK_MINUTES'>;

export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly tokens: AccessTokens,
    private readonly config: AuthConfig,
    /** Kept users by access token; keeps nothing until it listens to the database (server/start.ts). */
    readonly sessions = new SessionCache<CurrentUser>(),
  ) {}

  /**
   * Password grant. An address may hold an account in several companies (one in each at most): the
   * password is verified against every account of the address, at once, and the one it matches signs
   * in. An unknown address, a wrong password and a locked address give the same answer in the same
   * time, so that the answer tells nothing about which addresses exist: each runs the same statements
   * (the lock check, then the failure's one-row write, which a locked pair notes without counting)
   * and argon2 verifications side by side; an unknown address is counted under NO_ACCOUNT, which no
   * user has, and an address's failures under its oldest account. A password that matches two
   * accounts of the address (their administrators chose the same one) signs in to neither: it is
   * counted as a failure, like any guess, and answered with what to do.
   */
  async passwordGrant(username: string, password: string, client: string): Promise<TokenPair> {
    const [accounts] = await Promise.all([usersQ.findAccountsByMail(this.db, username), prepareDummyHash()]);
    const throttleId = accounts[0]?.id ?? usersQ.NO_ACCOUNT;
    const matches = await matchingAccounts(accounts, password);
    const locked = await usersQ.isLoginLocked(this.db, throttleId, client);
    const user = matches.length === 1 ? matches[0] : undefined;
    if (locked || !user) {
      const { LOGIN_MAX_FAILURES, LOGIN_LOCK_MINUTES } = this.config;
      await usersQ.recordFailedLogin(this.db, throttleId, client, LOGIN_MAX_FAILURES, LOGIN_LOCK_MINUTES);
      throw !locked && matches.length > 1
        ? oauthError(401, 'invalid_grant', errorMessages.loginAmbiguous)
        : invalidGrant();
    }
    return this.db.transaction(async (tx) => {
      await usersQ.clearFailedLogins(tx, throttleId, client);
      const sessionId = await sessions.createSession(tx, user.id);
      return this.issue(tx, user.id, sessionId);
    });
  }

  /**
   * Refresh grant with rotation. A refresh token that was already used is a sign it leaked:
   * its whole family (the session) is revoked, and the thief and the user both sign in again.
   */
  async refreshGrant(refreshToken: string): Promise<TokenPair> {
    const tokenHash = hashToken(refreshToken);
    const result = await this.db.transaction(async (tx) => {
      const session = await sessions.consumeRefreshToken(tx, tokenHash);
      if (!session) return undefined;
      return this.issue(tx, session.userId, session.id);
    });
    if (result) return result;
    const known = await sessions.findRefreshToken(this.db, tokenHash);
    if (known?.usedAt) await sessions.revokeSession(this.db, known.sessionId, 'refresh token replayed');
    throw invalidGrant();
  }

  /** Logout: ends the session of a refresh token or of an access token. Unknown tokens are ignored. */
  async revoke(token: string): Promise<void> {
    const claims = await this.tokens.verify(token);
    if (claims) {
      await sessions.revokeSession(this.db, claims.sessionId, 'logout');
      return;
    }
    const known = await sessions.findRefreshToken(this.db, hashToken(token));
    if (known) await sessions.revokeSession(this.db, known.sessionId, 'logout');
  }

  /** The user behind a bearer token, or null when it is not a valid access token of a live session. */
  async authenticate(accessToken: string): Promise<CurrentUser | null> {
    const kept = this.sessions.get(accessToken);
    if (kept) return kept;
    const generation = this.sessions.begin();
    const claims = await this.tokens.verify(accessToken);
    if (!claims) return null;
    const user = await usersQ.findSessionUser(this.db, claims.userId, claims.sessionId);
    if (!user) return null;
    // Shared by the requests that carry this token while it is kept: nothing may change it.
    const current: CurrentUser = Object.freeze({
      ...user,
      accommodationIds: Object.freeze(user.accommodationIds),
      isAdmin: user.userType === USER_TYPE.admin,
      sessionId: claims.sessionId,
    });
    this.sessions.set(accessToken, current, generation, claims.expiresAt * 1000);
    return current;
  }

  /** After anything this process may have written: the next request reads its session anew. */
  forgetSessions(): void {
    this.sessions.clear();
  }

  private async issue(tx: Parameters<typeof sessions.createSession>[0], userId: number, sessionId: string) {
    const refresh = newRefreshToken();
    await sessions.insertRefreshToken(tx, sessionId, hashToken(refresh), this.config.REFRESH_TOKEN_TTL_SECONDS);
    const access = await this.tokens.sign({ userId, sessionId });
    return {
      access_token: access,
      refresh_token: refresh,
      token_type: 'Bearer' as const,
      expires_in: this.tokens.ttlSeconds,
    };
  }
}
