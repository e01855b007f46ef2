import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { backupTo, restoreFrom } from '../db/backup';

const usage = `Backup and restore of the server's database (the same DATABASE_URL or DATA_DIR).

  npm run backup [FILE]              writes a snapshot (default backups/yadoban-<time>.<ext>)
  npm run restore FILE               brings one back, all or nothing
  npm run restore -- --force FILE    the same on a PostgreSQL database a server is using

A restore never leaves the data half-replaced: on any failure (a file cut short, a file that is not
a snapshot, the command killed) the current data stays as it was.
Embedded database: stop the server first (the data folder is one process's; the command says so
when a server holds it). The snapshot is opened beside the data folder and swapped in only once it
opened; the previous folder is kept as <DATA_DIR>.before-restore-<time>.
PostgreSQL server: pg_dump and pg_restore (Debian package postgresql-client). The restore runs in
one transaction and is refused while a Yadoban server uses the database, unless --force.`;

async function main() {
  // Success only when the work is done: a promise left hanging must not end the process with 0.
  process.exitCode = 1;
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { force: { type: 'boolean' }, help: { type: 'boolean' } },
  });
  const [command, file] = positionals;
  if (
    values.help ||
    (command !== 'backup' && command !== 'restore') ||
    (command === 'restore' && !file) ||
    positionals.length > 2
  ) {
    console.log(usage);
    process.exit(values.help ? 0 : 2);
  }
  const config = loadConfig({ ...process.env, SEED_DEMO: '0' });
  const target = config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR };
  if (command === 'backup') {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const out = file ?? `backups/yadoban-${stamp}.${config.DATABASE_URL ? 'dump' : 'tar.gz'}`;
    await backupTo(target, out);
    console.log(`snapshot written to ${out}`);
  } else {
    console.log(await restoreFrom(target, file!, { force: values.force ?? false }));
  }
  process.exitCode = 0;
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError || err instanceof Error ? err.message : err);
  process.exit(1);
});
