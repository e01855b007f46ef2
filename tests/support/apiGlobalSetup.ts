import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { keyFileOf } from '../../server/auth/keys';
import { deriveChannelKey } from '../../server/channel/wire/credentials';
import { openDatabase } from '../../server/db/client';
import { newPglite } from '../../server/db/pglite';
import { seedDemo } from '../../server/db/seed';
import { withDatabase } from './postgresUrl';
import { buildServer } from './serverBuild';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a file holding a migrated and seeded data dir. PostgreSQL: a template database name. */
    dbTemplate: string;
    /**
     * The DATA_DIR whose key file (`<DATA_DIR>.keys.json`, server/auth/keys.ts) sealed the
     * template's channel passwords: the test servers' unless a test gives its own (tests/support/testKeys.ts).
     */
    keysDataDir: string;
    /** The folder of the server's entry points built for the process tests (tests/support/serverBuild.ts). */
    serverBuild: string;
    /** An empty embedded database folder, copied for new data folders (tests/support/emptyCluster.ts). */
    emptyCluster: string;
    /** The PostgreSQL server of the project's files, or '' for the embedded PGlite (tests/support/onTestDatabase.ts). */
    databaseUrl: string;
  }
}

/**
 * Migrates and seeds one database before the API tests; each test file then gets a copy of it
 * (tests/support/testServer.ts), so no file sees another's writes and none pays for a migration.
 * With DATABASE_URL set, the copies are PostgreSQL databases made from a template database;
 * otherwise they are PGlite data dirs loaded from a dump.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The `api-pg` project's files run on TEST_DATABASE_URL (tests/support/onTestDatabase.ts).
  const url = project.name === 'api-pg' ? process.env.TEST_DATABASE_URL : process.env.DATABASE_URL;
  project.provide('databaseUrl', url ?? '');
  // The keys of this run, as a server's beside its data; never ./data.
  const keysDir = mkdtempSync(path.join(os.tmpdir(), 'yadoban-test-keys-'));
  const keysDataDir = path.join(keysDir, 'data');
  const channelKey = deriveChannelKey(keyFileOf(keysDataDir).channel_key);
  project.provide('keysDataDir', keysDataDir);
  const clusterDir = mkdtempSync(path.join(os.tmpdir(), 'yadoban-test-cluster-'));
  const cluster = path.join(clusterDir, 'data');
  // The empty cluster serves the embedded runs only (tests/support/emptyCluster.ts).
  const [server] = await Promise.all([buildServer(), url ? undefined : emptyCluster(cluster)]);
  project.provide('serverBuild', server.dir);
  project.provide('emptyCluster', cluster);
  const dropKeys = () => {
    rmSync(keysDir, { recursive: true, force: true });
    rmSync(clusterDir, { recursive: true, force: true });
    server.remove();
  };
  if (url) {
    const name = `yadoban_tpl_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const database = await openDatabase({ url: withDatabase(url, name) });
    await seedDemo(database.db, { channelKey });
    await database.close();
    project.provide('dbTemplate', name);
    return async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      dropKeys();
    };
  }
  const client = newPglite();
  const database = await openDatabase({ pglite: client });
  await seedDemo(database.db, { channelKey });
  const dump = await client.dumpDataDir('none');
  await database.close();
  const dir = path.join(os.tmpdir(), 'yadoban-tests');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('dbTemplate', file);
  return async () => dropKeys();
}

/** PGlite's initdb into `dataDir`, closed at once. */
async function emptyCluster(dataDir: string): Promise<void> {
  const client = newPglite(dataDir);
  await client.waitReady;
  await client.close();
}
