/** sessionStorage key: when this tab last reloaded for a chunk the server no longer has. */
export const STALE_RELEASE_KEY = 'yadoban.staleReleaseReloadAt';
/** A second failure this soon after a reload is not a new release: the error is let through. */
const RELOAD_AGAIN_AFTER_MS = 60_000;

/**
 * A tab opened before a new release asks for code chunks by their old hashed names, which the
 * server now answers 404 (server/routes/console.ts). Vite then fires `vite:preloadError`: reload the
 * page once, so the tab takes the new release, instead of breaking on the next screen. A failure
 * again within a minute (the server down, a broken build) is left to the page's own error.
 */
export function reloadOnStaleRelease(
  win: Pick<Window, 'addEventListener' | 'location' | 'sessionStorage'>,
  now: () => number = Date.now,
): void {
  win.addEventListener('vite:preloadError', (event) => {
    const last = Number(win.sessionStorage.getItem(STALE_RELEASE_KEY) ?? 0);
    if (now() - last < RELOAD_AGAIN_AFTER_MS) return;
    win.sessionStorage.setItem(STALE_RELEASE_KEY, String(now()));
    event.preventDefault();
    win.location.reload();
  });
}
