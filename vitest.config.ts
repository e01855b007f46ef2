import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Component test files that replace a module with vi.mock: the dataProvider spreads the method
 * modules once when it is imported, so such a file needs modules of its own (an isolated run). The
 * others share one module graph per worker, which saves importing react-admin and MUI for each.
 */
const componentDir = 'tests/component';
const mockingComponentTests = readdirSync(componentDir)
  .filter((f) => f.endsWith('.test.tsx'))
  .filter((f) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(`${componentDir}/${f}`, 'utf8')))
  .map((f) => `${componentDir}/${f}`);
/** The API tests' project; `api-pg` runs the same files on TEST_DATABASE_URL's PostgreSQL server. */
const api = {
  include: ['tests/api/**/*.test.ts'],
  environment: 'node' as const,
  globalSetup: ['tests/support/apiGlobalSetup.ts'],
  setupFiles: ['tests/support/onTestDatabase.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // Each file gets its own database; two at a time suit a 2-core machine. A project with
  // its own worker count runs in its own group, after the fast ones.
  maxWorkers: 2,
  // Each file starts servers of its own on a database of its own, and the server keeps no
  // state in its modules but per instance: the files of a worker share one module graph,
  // which saves importing Fastify, Drizzle and the routes for each file.
  isolate: false,
  sequence: { groupOrder: 1 },
};

const component = {
  environment: 'jsdom' as const,
  setupFiles: ['tests/support/setupDom.ts'],
  testTimeout: 20_000,
};

export default defineConfig({
  plugins: [react()],
  test: {
    // Vitest's default leaves a core idle (one worker on a 2-core machine); the unit and component
    // tests are CPU-bound in their workers and the main process mostly waits, so one per core.
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          // Pure functions: one module graph per worker (a quarter of the time).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'component',
          include: ['tests/component/**/*.test.tsx'],
          exclude: mockingComponentTests,
          ...component,
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'component-mocking',
          include: mockingComponentTests,
          ...component,
        },
      },
      // On the embedded PGlite, or on DATABASE_URL's server when that is set (`npm run test:api`).
      { extends: true, test: { name: 'api', ...api } },
      // The same files on TEST_DATABASE_URL's server, in the same group as `api`, so that one run
      // (npm test's) keeps both cores busy to its end: no second start, no idle tail between passes.
      ...(process.env.TEST_DATABASE_URL ? [{ extends: true as const, test: { name: 'api-pg', ...api } }] : []),
    ],
  },
});
