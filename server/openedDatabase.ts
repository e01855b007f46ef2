import path from 'node:path';
import type { Opening } from './db/inspect';
import { formatSummary, type DataSummary } from './db/restoreReport';

/** What a server says at start about its database. */
export interface OpenedDatabase {
  where: string;
  created: boolean;
  seeded: boolean;
  /** warn: an empty database beside what a restore left, which an operator must look at. */
  level: 'info' | 'warn';
  message: string;
}

/** The way back from a restore that left an empty folder: the kept folder, moved back. */
function wayBack(opening: Opening): string {
  const kept = opening.restoreTraces.filter((t) => t.includes('.before-restore-')).at(-1);
  if (!opening.dataDir || !kept) {
    return 'If a restore failed, restore a good snapshot again: npm run restore FILE.';
  }
  const live = opening.dataDir;
  return (
    `If this is not what you expect, the previous data is in ${kept}: stop the server, then ` +
    `mv ${live} ${live}.empty-${path.basename(kept).split('.before-restore-')[1]} && mv ${kept} ${live}, and start it again.`
  );
}

export function describeOpening(
  opening: Opening,
  outcome: { held: DataSummary; seeded: boolean; refusal: string | undefined },
): OpenedDatabase {
  const base = { where: opening.where, created: opening.created, seeded: outcome.seeded };
  const age = opening.created ? 'new (created now)' : 'existing';
  const { held } = outcome;
  const empty = held.bookings === 0 && held.users === 0 && held.accommodations === 0;
  if (outcome.seeded) {
    return {
      ...base,
      level: 'info',
      message: `Database: ${opening.where}, ${age}, empty: the demo data was written (the demo accounts of the README)`,
    };
  }
  if (!empty) {
    return { ...base, level: 'info', message: `Database: ${opening.where}, ${age}: ${formatSummary(held)}` };
  }
  if (opening.restoreTraces.length > 0) {
    return {
      ...base,
      level: 'warn',
      message:
        `Database: ${opening.where} is EMPTY, and a restore was here (${opening.restoreTraces.join(', ')}): ` +
        `no demo data was written. ${wayBack(opening)}`,
    };
  }
  return {
    ...base,
    level: 'info',
    message:
      `Database: ${opening.where}, ${age}, empty: no demo data (${outcome.refusal ?? 'another server process is writing it'}). ` +
      'Create the first administrator with npm run create-admin.',
  };
}
