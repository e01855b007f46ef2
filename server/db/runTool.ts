import { spawn } from 'node:child_process';

/**
 * Runs a PostgreSQL client tool (pg_dump, pg_restore) and fails with its stderr. A SIGINT or
 * SIGTERM to this process stops the tool too: left running on its own, a pg_restore would go on
 * writing after the command had been stopped.
 */
export function runTool(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    const stop = (signal: NodeJS.Signals) => {
      stderr += `\nstopped by ${signal}`;
      child.kill(signal);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    const done = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
    };
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', (e) => {
      done();
      reject(e);
    });
    child.on('exit', (code, signal) => {
      done();
      if (code === 0) resolve();
      else reject(new Error(`${command} exited with ${code ?? signal}: ${stderr.trim()}`));
    });
  });
}
