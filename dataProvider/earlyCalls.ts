/**
 * GET calls sent by the entry chunk as soon as a signed-in page starts (src/earlyCalls.ts), before
 * react-admin and the page's code have loaded, which takes some hundred milliseconds more: when the
 * page asks, its answer is already on the way. An answer is used once, by a call to the very same
 * URL within EARLY_TTL_MS of its start, else dropped; whatever it is (a 401 included) then goes
 * through httpClient's rules like any answer.
 */
const EARLY_TTL_MS = 10_000;

const started = new Map<string, { at: number; answer: Promise<Response> }>();

export function startEarly(url: string, token: string): void {
  const answer = fetch(url, {
    headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    credentials: 'same-origin',
  });
  // A network failure is the later call's to report (it then asks again itself).
  answer.catch(() => undefined);
  started.set(url, { at: Date.now(), answer });
}

/** The early answer for this URL, once; undefined when none was started or it is too old. */
export function takeEarly(url: string): Promise<Response> | undefined {
  const entry = started.get(url);
  if (!entry) return undefined;
  started.delete(url);
  return Date.now() - entry.at <= EARLY_TTL_MS ? entry.answer : undefined;
}

/** Forgets every early answer (sign-out: none may serve the next user). */
export function dropEarly(): void {
  started.clear();
}
