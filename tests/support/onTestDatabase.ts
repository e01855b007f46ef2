import { inject } from 'vitest';

/**
 * Every API test file runs on its project's database (tests/support/apiGlobalSetup.ts): `api` on
 * the embedded PGlite, or on DATABASE_URL's server when that was set for the run (`npm run
 * test:api`), and `api-pg` on TEST_DATABASE_URL's server (vitest.config.ts). The tests and the
 * processes they start read DATABASE_URL; it is set here before each file, so that a worker that
 * ran a file of the other project carries nothing over.
 */
const url = inject('databaseUrl');
if (url) process.env.DATABASE_URL = url;
else delete process.env.DATABASE_URL;
