import { DEFAULT_CONSOLE_CLIENT } from '../contract/oauth';

/** Where the console finds the API and the OAuth endpoint; set at build time (DECISIONS.md). */
const env = import.meta.env as Record<string, string | undefined>;

export const API_URL = (env.VITE_API_URL ?? '/api').replace(/\/+$/, '');
export const AUTH_URL = (env.VITE_AUTH_URL ?? '').replace(/\/+$/, '');
export const OAUTH_CLIENT = {
  client_id: env.VITE_OAUTH_CLIENT_ID ?? DEFAULT_CONSOLE_CLIENT.client_id,
  client_secret: env.VITE_OAUTH_CLIENT_SECRET ?? DEFAULT_CONSOLE_CLIENT.client_secret,
};

/** Joins the API base and a path written with or without its leading slash. */
export function apiUrl(path: string): string {
  return `${API_URL}/${path.replace(/^\/+/, '')}`;
}

export function authUrl(path: string): string {
  return `${AUTH_URL}/${path.replace(/^\/+/, '')}`;
}
