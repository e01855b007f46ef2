import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { repoRoot } from './paths';

/** How the server is started: node itself with tsx's loader, without npx in between. */
export const serverCommand = ['--import', 'tsx', 'server/server.ts'];
export const serverCommandText = 'node --import tsx server/server.ts';
/** A server with the demo data whose sign-ins the benchmark's many calls do not rate-limit. */
export const demoServerEnv: Readonly<Record<string, string>> = { AUTH_RATE_LIMIT: '100000', SEED_DEMO: '1' };

/** Every variable server/config.ts reads: the bench sets its own and never inherits these. */
const serverVariables = [
  'NODE_ENV',
  'HOST',
  'PORT',
  'DATA_DIR',
  'DATABASE_URL',
  'SEED_DEMO',
  'OAUTH_CLIENT_ID',
  'OAUTH_CLIENT_SECRET',
  'JWT_SECRET',
  'ACCESS_TOKEN_TTL_SECONDS',
  'REFRESH_TOKEN_TTL_SECONDS',
  'AUTH_RATE_LIMIT',
  'LOGIN_MAX_FAILURES',
  'LOGIN_LOCK_MINUTES',
  'CONSOLE_DIR',
  'SMTP_URL',
  'INBOUND_SMTP_PORT',
  'CHANNEL_URL',
  'LOG_LEVEL',
  'TRUST_PROXY',
];

/** A free TCP port on 127.0.0.1 (asked from the system, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

export interface ServerOptions {
  /** Another server script than server/server.ts (the API benchmark's raw handler). */
  script?: string;
  /** Embedded PGlite folder (DATA_DIR); ignored when databaseUrl is set. */
  dataDir?: string;
  databaseUrl?: string;
  consoleDir?: string;
  /** More variables, e.g. AUTH_RATE_LIMIT. */
  env?: Record<string, string>;
  /** Gives up (and kills the child) after this long without a healthy answer. */
  timeoutMs?: number;
  /** Pause between two GET /api/health polls. */
  pollMs?: number;
}

export interface RunningServer {
  baseUrl: string;
  pid: number;
  /** From just before spawn() to the first 200 of GET /api/health. */
  readyMs: number;
  /** Peak resident memory of the server process so far (Linux /proc VmHWM), in MB; null elsewhere. */
  peakRssMb(): number | null;
  /** SIGTERM, wait for the exit (SIGKILL after 15 s). */
  stop(): Promise<void>;
}

const live = new Set<ChildProcess>();

/** Kills every server child still running, at once (used on exit, interrupt and timeout). */
export function killAllServers(): void {
  for (const child of live) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  live.clear();
}
process.on('exit', killAllServers);

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

function waitExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (exited(child)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

function readPeakRssMb(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmHWM:\s+(\d+)\s+kB/.exec(status)?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}

/**
 * Spawns the server on a free port of 127.0.0.1 and polls GET /api/health until it answers 200.
 * The child's output is kept (the last 8 kB) for the error message when it fails.
 */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of serverVariables) delete env[name];
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...(options.dataDir && !options.databaseUrl ? { DATA_DIR: options.dataDir } : {}),
    ...(options.consoleDir ? { CONSOLE_DIR: options.consoleDir } : {}),
    ...options.env,
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const timeoutMs = options.timeoutMs ?? 120_000;
  const pollMs = options.pollMs ?? 20;

  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8192);
  };

  const t0 = performance.now();
  const command = options.script ? ['--import', 'tsx', options.script] : serverCommand;
  const child = spawn(process.execPath, command, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  live.add(child);
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.on('exit', () => live.delete(child));

  const stop = async () => {
    if (!exited(child)) {
      child.kill('SIGTERM');
      if (!(await waitExit(child, 15_000))) {
        child.kill('SIGKILL');
        await waitExit(child, 5_000);
      }
    }
    live.delete(child);
  };

  let readyMs: number | null = null;
  while (performance.now() - t0 < timeoutMs) {
    if (exited(child)) break;
    try {
      const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(5_000) });
      await res.arrayBuffer();
      if (res.status === 200) {
        readyMs = performance.now() - t0;
        break;
      }
    } catch {
      // not listening yet
    }
    await sleep(pollMs);
  }
  if (readyMs === null) {
    const why = exited(child) ? `exited with ${child.exitCode ?? child.signalCode}` : `no answer in ${timeoutMs} ms`;
    await stop();
    throw new Error(`server ${why}; its output:\n${output.trim()}`);
  }
  const pid = child.pid ?? -1;
  return { baseUrl, pid, readyMs, peakRssMb: () => readPeakRssMb(pid), stop };
}

/**
 * The floor under every start: a process that only loads server/start.ts (and so every module of
 * the server) through tsx, then exits. Returns the time from spawn to exit.
 */
export async function timeImportsOnly(timeoutMs = 120_000): Promise<{ ms: number; peakRssMb: number | null }> {
  const script =
    "await import('./server/start.ts'); const fs = await import('node:fs');" +
    "process.stdout.write(/VmHWM:\\s+(\\d+)/.exec(fs.readFileSync('/proc/self/status', 'utf8'))?.[1] ?? '');";
  const t0 = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (stderr = (stderr + c.toString()).slice(-4096)));
  const done = await waitExit(child, timeoutMs);
  const ms = performance.now() - t0;
  live.delete(child);
  if (!done) {
    child.kill('SIGKILL');
    throw new Error(`importing server/start.ts took more than ${timeoutMs} ms`);
  }
  if (child.exitCode !== 0) throw new Error(`importing server/start.ts failed:\n${stderr.trim()}`);
  const kb = Number(stdout.trim());
  return { ms, peakRssMb: kb > 0 ? Math.round(kb / 1024) : null };
}
