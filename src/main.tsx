import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, preloadAdminFor } from './App';
import { hasSession } from '../dataProvider/tokenStore';
import { startEarlyCalls } from './earlyCalls';

// A signed-in page's first calls leave before any of its code has loaded.
startEarlyCalls(window.location);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

/** The longest a signed-in page waits for its code before rendering anyway (with its spinners). */
const PRELOAD_WAIT_MS = 3000;

const render = () =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );

// A signed-in page under /m/ renders once its code is here: one pass, no fallback in between.
if (window.location.pathname.startsWith('/m/') && hasSession()) {
  void Promise.race([
    preloadAdminFor(window.location.pathname),
    new Promise((resolve) => setTimeout(resolve, PRELOAD_WAIT_MS)),
  ]).then(render);
} else {
  render();
}
