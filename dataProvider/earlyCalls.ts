/**
 * GET calls sent by the entry chunk as soon as a signed-in page starts (src/earlyCalls.ts), before
 * react-admin and the page's code have loaded, which takes some hundred milliseconds more: when the
 * page asks, its answer is already on the way. An answer is used once, by a call to the very same
 * URL within EARLY_TTL_MS of its start, else dropped; whatever it is (a 401 included) then goes
 * through httpClient's rules like any answer.
 */
const EARLY_TTL_MS = 10_000;

interface Early {
  at: number;
  answer: Promise<Response>;
  /** A copy of a successful answer's JSON, read beside the one the page takes (peekEarlyJson). */
  copy?: Promise<unknown>;
}

const started = new Map<string, Early>();

/** An answer nobody takes is read to its end and let go: the request is over, not left open. */
function discard(answer: Promise<Response>): void {
  answer.then((response) => response.body?.cancel()).catch(() => undefined);
}

export function startEarly(url: string, token: string): void {
  const answer = fetch(url, {
    headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    credentials: 'same-origin',
  });
  // A network failure is the later call's to report (it then asks again itself).
  answer.catch(() => undefined);
  started.set(url, { at: Date.now(), answer });
  setTimeout(() => {
    if (started.get(url)?.answer !== answer) return;
    started.delete(url);
    discard(answer);
  }, EARLY_TTL_MS);
}

/** The early answer for this URL, once; undefined when none was started or it is too old. */
export function takeEarly(url: string): Promise<Response> | undefined {
  const entry = started.get(url);
  if (!entry) return undefined;
  started.delete(url);
  if (Date.now() - entry.at <= EARLY_TTL_MS) return entry.answer;
  discard(entry.answer);
  return undefined;
}

/**
 * The JSON of a successful early answer without taking it (undefined when none was started or it
 * was taken; null when it failed): the calendar's first paint reads its data while the page's own
 * call still takes the answer. The copy is made as soon as the answer arrives, before anyone reads it.
 */
export function peekEarlyJson(url: string): Promise<unknown> | undefined {
  const entry = started.get(url);
  if (!entry) return undefined;
  entry.copy ??= entry.answer.then((r) => (r.ok ? r.clone().json() : null)).catch(() => null);
  return entry.copy;
}

/** Lets go of one early answer: what it held has been read another way (peekEarlyJson). */
export function dropEarlyAnswer(url: string): void {
  const answer = takeEarly(url);
  if (answer) discard(answer);
}

/** Forgets every early answer (sign-out: none may serve the next user). */
export function dropEarly(): void {
  for (const { answer } of started.values()) discard(answer);
  started.clear();
}
