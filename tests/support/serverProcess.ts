import { httpClient } from './http';
import { freePort, run, waitFor } from './processes';

/** A server process (server/server.ts) of a test, up and answering on 127.0.0.1. */
export interface ServerProcess {
  http: ReturnType<typeof httpClient>;
  /** What it wrote so far (stdout and stderr). */
  output(): string;
  /** Ends it with SIGKILL and waits for it to exit. */
  kill(): Promise<void>;
}

/**
 * Starts server/server.ts with `env` on a free port (warnings only in its log) and answers once
 * /api/health does; one that does not come up within a minute is killed, its output in the error.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const p = run('server/server.ts', { ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitFor(`${baseUrl}/api/health`, 60_000, p).catch((e: unknown) => {
    p.child.kill('SIGKILL');
    throw new Error(`${String(e)}\n${p.output()}`, { cause: e });
  });
  return {
    http: httpClient(baseUrl),
    output: p.output,
    async kill() {
      p.child.kill('SIGKILL');
      await p.exited;
    },
  };
}
