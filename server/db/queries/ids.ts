import { sql } from 'drizzle-orm';

/** A list of ids for `in (...)`: `accommodation_id in (${idList(user.accommodationIds)})` (never empty: callers check). */
export const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
