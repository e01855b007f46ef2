import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { withEmptyCluster } from './emptyCluster';
import { builtEntries } from './serverBuild';
import { testKeysDataDir } from './testKeys';

/**
 * The test run's clock when scripts/test-at.sh moved it (libfaketime's variables): a server
 * process started by a test reads the same time as the test and its database.
 */
function movedClock(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      (e): e is [string, string] => (e[0] === 'LD_PRELOAD' || e[0].startsWith('FAKETIME')) && e[1] !== undefined,
    ),
  );
}

/**
 * A child process's environment: PATH, HOME, the run's clock and what the test gives. On a
 * DATABASE_URL without a DATA_DIR, the test run's keys (tests/support/testKeys.ts): the processes of
 * one database agree on them, as they would sharing a key file or JWT_SECRET and CHANNEL_SECRET_KEY,
 * and none writes ./data.keys.json.
 */
export function childEnv(env: Record<string, string>): Record<string, string> {
  const keys: Record<string, string> = env.DATABASE_URL && !env.DATA_DIR ? { DATA_DIR: testKeysDataDir() } : {};
  return { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...movedClock(), ...keys, ...env };
}

/**
 * Node's arguments for a TypeScript entry point: its file built for this test run where there is one
 * (the server and the backup command, tests/support/serverBuild.ts), otherwise the source through tsx.
 */
export function nodeArgs(entry: string, args: string[] = []): string[] {
  const built = builtEntries[entry];
  return built ? [path.join(inject('serverBuild'), `${built}.mjs`), ...args] : ['--import', 'tsx', entry, ...args];
}

/** Runs a TypeScript entry point as its own process, as `npm start` does, and collects its output. */
export function run(entry: string, env: Record<string, string>, args: string[] = []) {
  const child = spawn(process.execPath, nodeArgs(entry, args), {
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/**
 * Waits until `url` answers 2xx. With the process that should answer it, fails at once, with the
 * process's output, when that process exits first (a port taken, a crash at start).
 */
export async function waitFor(url: string, ms: number, p?: Pick<ReturnType<typeof run>, 'exited' | 'output'>) {
  const until = Date.now() + ms;
  let exitCode: number | null | undefined;
  void p?.exited.then((code) => (exitCode = code));
  while (Date.now() < until) {
    if (exitCode !== undefined)
      throw new Error(`the process exited (${exitCode}) before ${url} answered:\n${p!.output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within ${ms} ms${p ? `:\n${p.output()}` : ''}`);
}

/**
 * Ports no socket holds now, one per server to start, from the kernel (a random number could be a
 * port an outgoing connection holds: a server once failed to start so in CI).
 */
export async function freePorts(n: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise<ReturnType<typeof createServer>>((resolve, reject) => {
          const server = createServer();
          server.once('error', reject);
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((server) => (server.address() as { port: number }).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

export const freePort = async () => (await freePorts(1))[0]!;

/** A path for a new embedded database folder, nothing at it yet. */
export const newDataDir = () => path.join(mkdtempSync(path.join(os.tmpdir(), 'yadoban-proc-')), 'db');

/** A fresh embedded database folder for a child process: an empty database (tests/support/emptyCluster.ts). */
export const freshDataDir = () => withEmptyCluster(newDataDir());
