import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { repoRoot } from './paths';

export interface Machine {
  nproc: number;
  cpuModel: string;
  memoryGiB: number;
  node: string;
  platform: string;
  kernel: string;
}

/** The machine a run happened on, from the os module. */
export function machineInfo(): Machine {
  return {
    nproc: os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    platform: `${os.platform()} ${os.arch()}`,
    kernel: os.release(),
  };
}

/** 1, 5 and 15 minute load averages: other work on a shared machine skews every timing. */
export function loadAverage(): number[] {
  return os.loadavg().map((x) => Math.round(x * 100) / 100);
}

/** The commit measured, and whether the work tree had changes (read only, never commits). */
export function gitState(): { commit: string; dirty: boolean } | null {
  try {
    const run = (args: string[]) =>
      execFileSync('git', args, {
        cwd: repoRoot,
        encoding: 'utf8',
        timeout: 10_000,
        stdio: ['ignore', 'pipe', 'ignore'],
      });
    return {
      commit: run(['rev-parse', '--short', 'HEAD']).trim(),
      dirty: run(['status', '--porcelain']).trim() !== '',
    };
  } catch {
    return null;
  }
}
