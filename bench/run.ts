import { api } from './api';
import { audit } from './audit';
import type { Benchmark, BenchOptions } from './lib/benchmark';
import { bookings } from './bookings';
import { bulkMail } from './bulkMail';
import { channel } from './channel';
import { foundation } from './foundation';
import { heading, table } from './lib/format';
import { invoices } from './invoices';
import { gitState, loadAverage, machineInfo } from './lib/machine';
import { writeResults } from './lib/results';
import { killAllServers } from './lib/server';
import { mail } from './mail';
import { prices } from './prices';
import { reference } from './reference';
import { scale } from './scale';
import { signIn } from './signIn';

/**
 * `npm run bench [-- name ...] [--no-build]`: runs the named benchmarks (all without a name), prints
 * their tables and writes bench/results/<name>.json. Add a benchmark by adding it to the registry.
 */
const registry: Benchmark[] = [
  foundation,
  bookings,
  prices,
  audit,
  reference,
  api,
  scale,
  signIn,
  mail,
  bulkMail,
  channel,
  invoices,
];

/** No run may hang: past this, the children are killed and the process ends. */
const WATCHDOG_MS = 20 * 60_000;

function usage(): string {
  return [
    'usage: npm run bench [-- <name> ...] [--no-build]',
    '  --no-build  measure the console already built in dist/ instead of running vite build',
    '',
    table(
      ['benchmark', 'measures'],
      registry.map((b) => [b.name, b.description]),
    ),
  ].join('\n');
}

async function main(): Promise<number> {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  if (args.includes('--help') || args.includes('-h')) {
    console.log(usage());
    return 0;
  }
  const unknownFlags = args.filter((a) => a.startsWith('-') && a !== '--no-build');
  const names = args.filter((a) => !a.startsWith('-'));
  const unknownNames = names.filter((n) => !registry.some((b) => b.name === n));
  if (unknownFlags.length > 0 || unknownNames.length > 0) {
    console.error(`unknown: ${[...unknownFlags, ...unknownNames].join(' ')}\n\n${usage()}`);
    return 2;
  }
  const options: BenchOptions = { build: !args.includes('--no-build') };
  const selected = names.length > 0 ? registry.filter((b) => names.includes(b.name)) : registry;

  const machine = machineInfo();
  const git = gitState();
  console.log(
    `machine: ${machine.nproc} CPUs (${machine.cpuModel}), ${machine.memoryGiB} GiB, Node ${machine.node}, ${machine.platform}` +
      (git ? `; commit ${git.commit}${git.dirty ? ' + uncommitted changes' : ''}` : ''),
  );

  let failed = false;
  for (const bench of selected) {
    console.log(heading(`benchmark: ${bench.name}`));
    const started = new Date();
    const loadBefore = loadAverage();
    try {
      const results = await bench.run(options);
      const file = writeResults(bench.name, {
        benchmark: bench.name,
        date: started.toISOString(),
        durationS: Math.round((Date.now() - started.getTime()) / 1000),
        machine,
        loadAverage: { before: loadBefore, after: loadAverage() },
        git,
        options,
        ...results,
      });
      if (results.errors) failed = true;
      console.log(`\nload average (1, 5, 15 min) before: ${loadBefore.join(' ')}, after: ${loadAverage().join(' ')}`);
      console.log(`\nresults: ${file}`);
    } catch (e) {
      failed = true;
      console.error(`${bench.name} failed:`, e);
    }
  }
  return failed ? 1 : 0;
}

const watchdog = setTimeout(() => {
  console.error(`bench: still running after ${WATCHDOG_MS / 60_000} min, stopping`);
  killAllServers();
  process.exit(1);
}, WATCHDOG_MS);
watchdog.unref();

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    killAllServers();
    process.exit(130);
  });
}

main().then(
  (code) => {
    killAllServers();
    process.exit(code);
  },
  (e: unknown) => {
    console.error(e);
    killAllServers();
    process.exit(1);
  },
);
