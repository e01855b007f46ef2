import { lastOfMonth } from '../../../contract/dates';
import type { DayVisit, DayVisitInput, DayVisits } from '../../../contract/dayVisit';
import type { Db } from '../../db/client';
import * as q from '../../db/queries/tax';
import { notFound } from '../../errors';
import { assertAccommodation } from '../access';
import { audit } from '../audit';
import type { CurrentUser } from '../auth';

const withAmount = (v: q.StoredDayVisit, dayRate: number): DayVisit => ({ ...v, amount: v.visitors * dayRate });

/**
 * Day visitors to a facility's baths (日帰り入浴, issue 31): the front desk records each day's
 * count (staff and administrators of the facility), each change audited; the bathing tax ledger
 * files them at the facility's day rate.
 */
export class DayVisitService {
  constructor(private readonly db: Db) {}

  async month(user: CurrentUser, accommodationId: number, month: string): Promise<DayVisits> {
    assertAccommodation(user, accommodationId);
    const settings = await q.findTaxSettings(this.db, accommodationId);
    if (!settings) throw notFound();
    const from = `${month}-01`;
    const rows = await q.dayVisitsBetween(this.db, accommodationId, from, lastOfMonth(from));
    const days = rows.map((r) => withAmount(r, settings.bathing_tax.day_rate));
    return {
      month,
      bathing_tax: settings.bathing_tax.enabled,
      day_rate: settings.bathing_tax.day_rate,
      days,
      total: settings.bathing_tax.enabled ? days.reduce((sum, d) => sum + d.amount, 0) : 0,
    };
  }

  async put(user: CurrentUser, accommodationId: number, date: string, input: DayVisitInput): Promise<DayVisit> {
    assertAccommodation(user, accommodationId);
    return this.db.transaction(async (tx) => {
      const settings = await q.findTaxSettings(tx, accommodationId);
      if (!settings) throw notFound();
      const before = await q.findDayVisit(tx, accommodationId, date);
      const after = { date, ...input };
      const id = await q.putDayVisit(tx, accommodationId, after, user.id);
      if (id !== null) {
        const { id: _id, ...was } = before ?? { id: 0 };
        await audit(tx, user, {
          action: 'update',
          target: 'day_visit',
          targetId: id,
          accommodationId,
          before: before ? was : null,
          after,
        });
      }
      return withAmount(after, settings.bathing_tax.day_rate);
    });
  }
}

/** The bathing ledger's rows of day visitors over these dates (none when 入湯税 is off). */
export async function dayVisitLedger(
  db: Db,
  accommodationId: number,
  from: string,
  to: string,
  bathing: { enabled: boolean; day_rate: number },
) {
  if (!bathing.enabled) return { visitors: 0, under12: 0, schoolTrip: 0, amount: 0 };
  const rows = await q.dayVisitsBetween(db, accommodationId, from, to);
  const sum = (pick: (r: q.StoredDayVisit) => number) => rows.reduce((s, r) => s + pick(r), 0);
  const visitors = sum((r) => r.visitors);
  return {
    visitors,
    under12: sum((r) => r.children_under_12),
    schoolTrip: sum((r) => r.school_trip),
    amount: visitors * bathing.day_rate,
  };
}
