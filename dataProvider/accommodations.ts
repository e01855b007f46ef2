import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { accommodationsUrl } from './startUrls';
import { httpClient } from './httpClient';
import { getStoredAccommodations, setStoredAccommodations, subscribeAccommodations } from './tokenStore';
import type { Accommodation, AccommodationsAnswer, Company } from './types';

/** GET {api}/accommodations (staff get only their granted ones) and stores the answer. */
export async function fetchAccommodations(): Promise<AccommodationsAnswer> {
  const { json } = await httpClient<AccommodationsAnswer>(accommodationsUrl());
  const answer: AccommodationsAnswer = {
    accommodations: Array.isArray(json?.accommodations) ? json.accommodations : [],
    company: json?.company ?? { name: '' },
  };
  setStoredAccommodations(answer);
  return answer;
}

let refreshing: Promise<AccommodationsAnswer> | null = null;

/** One fetch at a time, however many components ask. */
export function refreshAccommodations(): Promise<AccommodationsAnswer> {
  refreshing ??= fetchAccommodations().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

export interface AccommodationsState {
  accommodations: Accommodation[];
  company: Company | null;
  refresh: () => Promise<AccommodationsAnswer>;
}

const EMPTY: Accommodation[] = [];

/**
 * The stored list, re-rendering when it changes. `refreshOnMount` fetches it again (the shell does
 * so once); errors are left to the HTTP client (401 ends the session) and the stored list stays.
 */
export function useAccommodations(options: { refreshOnMount?: boolean } = {}): AccommodationsState {
  const stored = useSyncExternalStore(subscribeAccommodations, getStoredAccommodations, getStoredAccommodations);
  const refresh = useCallback(() => refreshAccommodations(), []);
  const { refreshOnMount = false } = options;
  useEffect(() => {
    if (refreshOnMount) refreshAccommodations().catch(() => undefined);
  }, [refreshOnMount]);
  return { accommodations: stored?.accommodations ?? EMPTY, company: stored?.company ?? null, refresh };
}

/**
 * The accommodation a path is about: /m/accommodation/{id}/..., or {uid} on the mail template
 * pages (the spec's routes use the uid there).
 */
export function findAccommodationByPath(pathname: string, accommodations: Accommodation[]): Accommodation | undefined {
  const match = /^\/m\/accommodation\/([^/]+)(\/.*)?$/.exec(pathname);
  if (!match?.[1]) return undefined;
  const key = decodeURIComponent(match[1]);
  const rest = match[2] ?? '';
  const byUid = accommodations.find((a) => a.uid === key);
  const byId = accommodations.find((a) => String(a.id) === key);
  return rest.startsWith('/mail/template') ? (byUid ?? byId) : (byId ?? byUid);
}
