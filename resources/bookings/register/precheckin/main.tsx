import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PrecheckinPage } from './PrecheckinPage';

/** The guest's pre-check-in page (checkin.html, served at /checkin/{token}). */
const token = decodeURIComponent(window.location.pathname.split('/')[2] ?? '');
const element = document.getElementById('root');
if (!element) throw new Error('#root is missing from checkin.html');
createRoot(element).render(
  <StrictMode>
    <PrecheckinPage token={token} languages={navigator.languages} />
  </StrictMode>,
);
