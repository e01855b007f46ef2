import { sql } from 'drizzle-orm';
import type { ApiFixture } from './fixtures';

/**
 * What the petty cash API tests read straight from the database: how many entries and audit rows
 * there are (a refusal writes neither), and a facility's balance before a day (the sum of its
 * signed amounts), the carried balance the list must show.
 */
export function pettyCashProbes(api: ApiFixture) {
  return {
    count: async () => (await api.rows<{ n: number }>(sql`select count(*)::int as n from petty_cash_entries`))[0]!.n,
    auditCount: async () =>
      (
        await api.rows<{ n: number }>(sql`select count(*)::int as n from audit_log where target_type = 'petty_cash'`)
      )[0]!.n,
    sumBefore: async (accommodationId: number, date: string) =>
      Number(
        (
          await api.rows<{ s: string }>(sql`select coalesce(sum(amount), 0)::text as s from petty_cash_entries
            where accommodation_id = ${accommodationId} and paid_date < ${date}::date`)
        )[0]!.s,
      ),
  };
}
