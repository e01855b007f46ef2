import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy… and waitFor wait up to 5 s, not 1 s: a react-admin screen's first render in jsdom takes
// longer than a second on a 2-core machine that runs the API tests beside it (a test failed so in CI).
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
});
