import { describe, expect, it } from 'vitest';
import { freePort, freshDataDir, run, waitFor } from '../support/processes';

describe('the server process', () => {
  it('refuses to start on a bad environment, naming the variable, before opening anything', async () => {
    const p = run('server/server.ts', { PORT: 'eighty', DATABASE_URL: 'mysql://nope' });
    expect(await p.exited).toBe(1);
    expect(p.output()).toMatch(/PORT/);
    expect(p.output()).toMatch(/DATABASE_URL/);
  });

  // The embedded database only: on the PostgreSQL run this file would repeat the same check.
  it.skipIf(!!process.env.DATABASE_URL)(
    'shuts down gracefully on SIGTERM: the request under way is answered, then it exits 0',
    async () => {
      const port = await freePort();
      const p = run('server/server.ts', {
        DATA_DIR: freshDataDir(),
        PORT: String(port),
        HOST: '127.0.0.1',
        SEED_DEMO: '0',
        LOG_LEVEL: 'info',
      });
      try {
        await waitFor(`http://127.0.0.1:${port}/api/health`, 60_000, p);
        // A slow request (argon2 for an unknown address) under way when the signal comes.
        const slow = fetch(`http://127.0.0.1:${port}/oauth/auth`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'grant_type=password&username=a%40b.c&password=x&client_id=console&client_secret=console-secret',
        });
        // The signal comes once the server has the request (it logs it as incoming).
        const until = Date.now() + 10_000;
        while (!/"url":"\/oauth\/auth"/.test(p.output()) && Date.now() < until) {
          await new Promise((r) => setTimeout(r, 5));
        }
        p.child.kill('SIGTERM');
        expect((await slow).status).toBe(401);
        expect(await p.exited, p.output()).toBe(0);
        expect(p.output()).toContain('shutting down');
      } finally {
        p.child.kill('SIGKILL');
      }
    },
    90_000,
  );
});
