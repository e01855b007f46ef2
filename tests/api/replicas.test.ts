import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { withDatabase } from '../support/postgresUrl';
import { CLIENT, ADMIN } from '../support/testServer';
import { freePorts, run, waitFor } from '../support/processes';

const url = process.env.DATABASE_URL;

// Several processes on one database is a PostgreSQL set-up (PGlite is one process's own files).
describe.skipIf(!url)('server processes started together on one fresh PostgreSQL database', () => {
  it('all come up: migrations and the demo seed run once, under a lock, and every one answers', async () => {
    const name = `yadoban_replicas_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const ports = await freePorts(3);
    const processes = ports.map((port) =>
      run('server/server.ts', {
        DATABASE_URL: withDatabase(url!, name),
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
      }),
    );
    try {
      await Promise.all(ports.map((port, i) => waitFor(`http://127.0.0.1:${port}/api/health`, 60_000, processes[i])));
      for (const port of ports) {
        const res = await fetch(`http://127.0.0.1:${port}/oauth/auth`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ grant_type: 'password', ...CLIENT, ...ADMIN }).toString(),
        });
        expect(res.status).toBe(200);
      }
      // The demo company was made once, not once per process.
      const db = new pg.Client({ connectionString: withDatabase(url!, name) });
      await db.connect();
      const { rows } = await db.query<{ n: number }>('select count(*)::int as n from companies');
      await db.end();
      expect(rows[0]!.n).toBe(1);
    } catch (e) {
      throw new Error(`${String(e)}\n${processes.map((p) => p.output()).join('\n---\n')}`, { cause: e });
    } finally {
      for (const p of processes) p.child.kill('SIGKILL');
      await Promise.all(processes.map((p) => p.exited));
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 120_000);
});
