import { describe, expect, it } from 'vitest';
import { STALE_RELEASE_KEY, reloadOnStaleRelease } from '../../src/staleRelease';

/** A window with what reloadOnStaleRelease touches: its listeners, a session store, reload counted. */
function fakeWindow() {
  const listeners = new Map<string, (event: Event) => void>();
  const store = new Map<string, string>();
  const win = {
    reloads: 0,
    addEventListener: (type: string, listener: (event: Event) => void) => listeners.set(type, listener),
    location: { reload: () => (win.reloads += 1) },
    sessionStorage: {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
    },
    fire() {
      const event = new Event('vite:preloadError', { cancelable: true });
      listeners.get('vite:preloadError')?.(event);
      return event;
    },
  };
  return { win, store };
}

describe('a tab of an old release', () => {
  it('reloads once when a chunk is gone, and lets a second failure within a minute through', () => {
    const { win, store } = fakeWindow();
    let now = 1_000_000;
    reloadOnStaleRelease(win as unknown as Window, () => now);

    const first = win.fire();
    expect(win.reloads).toBe(1);
    expect(first.defaultPrevented).toBe(true);
    expect(store.get(STALE_RELEASE_KEY)).toBe('1000000');

    now += 5_000;
    const second = win.fire();
    expect(win.reloads).toBe(1);
    expect(second.defaultPrevented).toBe(false);

    now += 60_000;
    win.fire();
    expect(win.reloads).toBe(2);
  });
});
