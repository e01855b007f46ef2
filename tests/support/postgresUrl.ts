import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The same server, another database. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * A database of its own on the test PostgreSQL server at `url`, a copy of `template` (the suite's
 * seeded template) or empty; drop() removes it, whoever still holds a connection to it.
 */
export async function scratchDatabase(
  url: string,
  prefix: string,
  template?: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `yadoban_${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  return {
    name,
    url: withDatabase(url, name),
    async drop() {
      const root = new pg.Client({ connectionString: url });
      await root.connect();
      try {
        await root.query(`drop database if exists ${name} with (force)`);
      } finally {
        await root.end();
      }
    },
  };
}
