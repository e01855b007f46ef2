/**
 * The OAuth client the console signs in as (DECISIONS.md "Auth"): the embedded default that
 * `npm start` ships, which OAUTH_CLIENT_ID and OAUTH_CLIENT_SECRET (VITE_OAUTH_* for the console's
 * build) replace in a real deployment, and the scope the console asks for.
 */
export const DEFAULT_CONSOLE_CLIENT = { client_id: 'console', client_secret: 'console-secret' } as const;
export const CONSOLE_SCOPE = 'admin';

/** The fields of a password grant (POST /oauth/auth, form-encoded), as the console's login sends them. */
export function passwordGrantFields(
  username: string,
  password: string,
  client: { client_id: string; client_secret: string } = DEFAULT_CONSOLE_CLIENT,
): Record<string, string> {
  return { grant_type: 'password', username, password, ...client, scope: CONSOLE_SCOPE };
}
