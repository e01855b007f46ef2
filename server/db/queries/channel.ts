import { sql } from 'drizzle-orm';
import { sqlRows, type Db, type Tx } from '../client';

/**
 * Today in Tokyo by the database's clock (channel_tokyo_today, which the channel queue's triggers
 * use): the push and the read-back count their nights from it too, so that a process whose clock
 * is a little apart from the database's, around midnight, never pushes or compares a range the
 * queue did not cover.
 */
export async function channelToday(db: Tx | Db): Promise<string> {
  const [row] = await sqlRows<{ d: string }>(db, sql`select channel_tokyo_today()::text as d`);
  return row!.d;
}
