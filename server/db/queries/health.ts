import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { summariseData, type DataSummary } from '../restoreReport';

/** Answers when the database does (GET /api/health). */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/** What the database holds (restoreReport.ts's counts), read through the app's own connection. */
export function summariseDatabase(db: Db): Promise<DataSummary> {
  return summariseData((text) => db.execute(sql.raw(text)) as unknown as Promise<{ rows: unknown[] }>);
}
