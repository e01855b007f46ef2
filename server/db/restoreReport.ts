/** A restore the user can correct (a file that is no snapshot, a running server): nothing was changed. */
export class RestoreRefusedError extends Error {}

/** What a database holds, in the words an operator checks after a restore. */
export interface DataSummary {
  bookings: number;
  users: number;
  accommodations: number;
}

/** Runs one statement and answers its rows (pg.Client and PGlite both fit). */
export type RunQuery = (text: string) => Promise<{ rows: unknown[] }>;

/** Counts of the tables that exist (a database not migrated yet counts 0). */
export async function summariseData(query: RunQuery): Promise<DataSummary> {
  const summary: DataSummary = { bookings: 0, users: 0, accommodations: 0 };
  for (const table of Object.keys(summary) as (keyof DataSummary)[]) {
    const [found] = (await query(`select to_regclass('public.${table}') is not null as found`)).rows as {
      found: boolean;
    }[];
    if (!found?.found) continue;
    const [row] = (await query(`select count(*)::int as n from public.${table}`)).rows as { n: number }[];
    summary[table] = row?.n ?? 0;
  }
  return summary;
}

export const formatSummary = (s: DataSummary) =>
  `${s.bookings} bookings, ${s.users} users, ${s.accommodations} accommodations`;
