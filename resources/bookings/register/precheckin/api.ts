import { apiPath } from '../../../../contract/apiPaths';
import type { PublicGuest, PublicRegister, PublicStay } from '../../../../contract/precheckin';

/**
 * The pre-check-in page's three calls (server/routes/api/precheckin.ts), with no session: the token
 * of the address is the key. A refusal is thrown as its status, which the page words itself.
 */
export class CallFailed extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

async function call<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(`/api${path}`, { ...init, credentials: 'omit', cache: 'no-store' });
  if (!response.ok) throw new CallFailed(response.status);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

export const readStay = (token: string) => call<PublicStay>(apiPath('publicCheckin', { token }));

export const sendGuests = (token: string, guests: PublicGuest[]) =>
  call<PublicRegister>(apiPath('publicCheckin', { token }), {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ guests }),
  });

export function sendPassport(token: string, index: number, file: Blob, name: string) {
  const body = new FormData();
  body.append('file', file, name);
  return call<void>(apiPath('publicCheckinPassport', { token, index: String(index) }), { method: 'PUT', body });
}
