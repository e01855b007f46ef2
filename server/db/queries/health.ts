import { sql } from 'drizzle-orm';
import type { Db } from '../client';

/** Answers when the database does (GET /api/health). */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
