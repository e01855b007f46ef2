import { ConfigError, loadConfig } from '../config';
import { backupTo, restoreFrom } from '../db/backup';

const usage = `Backup and restore of the server's database (the same DATABASE_URL or DATA_DIR).

  npm run backup [FILE]      writes a snapshot (default backups/yadoban-<time>.<ext>)
  npm run restore FILE       brings one back

Embedded database: stop the server first (the data folder is one process's; the command says so
when a server holds it); restore keeps the current folder aside as <DATA_DIR>.before-restore-<time>.
PostgreSQL server: pg_dump and pg_restore (Debian package postgresql-client), while the server runs.`;

async function main() {
  // Success only when the work is done: a promise left hanging must not end the process with 0.
  process.exitCode = 1;
  const [command, file] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || (command === 'restore' && !file)) {
    console.log(usage);
    process.exit(2);
  }
  const config = loadConfig({ ...process.env, SEED_DEMO: '0' });
  const target = config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR };
  if (command === 'backup') {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const out = file ?? `backups/yadoban-${stamp}.${config.DATABASE_URL ? 'dump' : 'tar.gz'}`;
    await backupTo(target, out);
    console.log(`snapshot written to ${out}`);
  } else {
    const aside = await restoreFrom(target, file!);
    console.log(`restored from ${file}${aside ? `; the previous data is kept in ${aside}` : ''}`);
  }
  process.exitCode = 0;
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError || err instanceof Error ? err.message : err);
  process.exit(1);
});
