import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { hasSession } from '../dataProvider/tokenStore';
import { startEarlyCalls } from './earlyCalls';
import { LoginPage } from './pages/LoginPage';

// A signed-in page's first calls leave before any of its code has loaded.
startEarlyCalls(window.location);

const element = document.getElementById('root');
if (!element) throw new Error('#root is missing from index.html');
const root = createRoot(element);

/** The longest a signed-in page waits for its code before rendering anyway (with its spinners). */
const PRELOAD_WAIT_MS = 3000;
/** The login page fetches the console's code this long after it shows, while the user types. */
const LOGIN_PREFETCH_MS = 1000;

const loadApp = () => import('./App');

/**
 * The console (router, MUI, react-admin) for the current address, rendered once the code of the
 * shell and of the page at that address is here: one pass, no fallback in between.
 */
async function openConsole(): Promise<void> {
  const { App, preloadAdminFor } = await loadApp();
  await Promise.race([
    preloadAdminFor(window.location.pathname),
    new Promise((resolve) => setTimeout(resolve, PRELOAD_WAIT_MS)),
  ]);
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

const atLogin = ['/', '/login'].includes(window.location.pathname);
if (atLogin && !hasSession()) {
  // The login page alone: React and the form, none of the console's code (issue 12: ≤ 100 kB).
  const signedIn = () => {
    window.history.replaceState(null, '', '/m/');
    void openConsole();
  };
  root.render(
    <StrictMode>
      <LoginPage onSignedIn={signedIn} />
    </StrictMode>,
  );
  setTimeout(() => void loadApp().then((app) => app.preloadAdmin()), LOGIN_PREFETCH_MS);
} else {
  void openConsole();
}
