import { addDays, dateRange } from '../../contract/dates';
import {
  currentFiscalYear,
  fiscalYearNights,
  fiscalYearOf,
  MINPAKU_DAY_LIMIT,
  minpakuLevel,
  minpakuMessages as msg,
  reportPeriod,
  type MinpakuDays,
  type MinpakuHouses,
  type MinpakuReport,
} from '../../contract/minpaku';
import type { Db, Tx } from '../db/client';
import { findRegisterSettings } from '../db/queries/guestRegister';
import * as q from '../db/queries/minpaku';
import { conflict, notFound } from '../errors';
import { assertAccommodation } from './access';
import type { CurrentUser } from './auth';

/**
 * A minpaku house's days of the fiscal year and its two-monthly report (住宅宿泊事業法, issue 30;
 * contract/minpaku.ts). A night counts when a live booking (not cancelled, not a no-show) stays it.
 */
export class MinpakuService {
  constructor(private readonly db: Db) {}

  async days(user: CurrentUser, accommodationId: number, fiscalYear = currentFiscalYear()): Promise<MinpakuDays> {
    await this.house(user, accommodationId);
    const { from, to } = fiscalYearNights(fiscalYear);
    const used = (await q.usedNights(this.db, accommodationId, from, to, null)).length;
    return {
      fiscal_year: fiscalYear,
      days_used: used,
      limit: MINPAKU_DAY_LIMIT,
      remaining: Math.max(0, MINPAKU_DAY_LIMIT - used),
    };
  }

  /** Every minpaku house the user reaches, with its days of this fiscal year and how close it is to 180. */
  async houses(user: CurrentUser, fiscalYear = currentFiscalYear()): Promise<MinpakuHouses> {
    const houses = await q.minpakuHouses(this.db, user.accommodationIds);
    const { from, to } = fiscalYearNights(fiscalYear);
    return {
      houses: await Promise.all(
        houses.map(async (h) => {
          const used = (await q.usedNights(this.db, h.id, from, to, null)).length;
          return {
            accommodation_id: h.id,
            name: h.name,
            fiscal_year: fiscalYear,
            days_used: used,
            limit: MINPAKU_DAY_LIMIT,
            remaining: Math.max(0, MINPAKU_DAY_LIMIT - used),
            level: minpakuLevel(used),
          };
        }),
      ),
    };
  }

  /**
   * The report of two months: days with guests, guests (each booking's headcount, once), guest-nights
   * (headcount x nights in the period) and guests by nationality (the register's; a guest not entered,
   * or entered without a nationality, is `unknown`). Due the 15th of the month after.
   */
  async report(user: CurrentUser, accommodationId: number, year: number, period: number): Promise<MinpakuReport> {
    await this.house(user, accommodationId);
    const { from, to, due_date } = reportPeriod(year, period);
    const stays = await q.reportStays(this.db, accommodationId, from, to);
    const days = new Set(stays.flatMap((s) => s.nights));
    const byNationality: Record<string, number> = {};
    const add = (key: string, n: number) => (byNationality[key] = (byNationality[key] ?? 0) + n);
    for (const stay of stays) {
      const entered = stay.nationalities.slice(0, stay.person_number);
      for (const nationality of entered) add(nationality ?? 'unknown', 1);
      if (entered.length < stay.person_number) add('unknown', stay.person_number - entered.length);
    }
    return {
      year,
      period,
      from,
      to,
      days: days.size,
      guests: stays.reduce((sum, s) => sum + s.person_number, 0),
      guest_nights: stays.reduce((sum, s) => sum + s.person_number * s.nights.length, 0),
      by_nationality: byNationality,
      due_date,
    };
  }

  private async house(user: CurrentUser, accommodationId: number) {
    assertAccommodation(user, accommodationId);
    const settings = await findRegisterSettings(this.db, accommodationId);
    if (!settings) throw notFound();
    if (settings.licence !== 'minpaku') throw conflict(msg.notMinpaku);
  }
}

interface Stay {
  startDate: string;
  days: number;
}

/**
 * Per fiscal year of the stay's nights: the house's days without `self`'s booking (`others`), and
 * with the stay in its place (`withStay`).
 */
async function houseDays(tx: Tx, accommodationId: number, stay: Stay, self: number | null) {
  const nights = dateRange(stay.startDate, addDays(stay.startDate, stay.days - 1));
  const years = [];
  for (const fiscalYear of new Set(nights.map(fiscalYearOf))) {
    const { from, to } = fiscalYearNights(fiscalYear);
    const others = await q.usedNights(tx, accommodationId, from, to, self);
    const withStay = new Set([...others, ...nights.filter((n) => fiscalYearOf(n) === fiscalYear)]).size;
    years.push({ fiscalYear, from, to, others: others.length, withStay });
  }
  return years;
}

/**
 * Refuses a stay that would take a minpaku house past 180 days in a fiscal year (409), under the
 * house's lock. A change that adds no day to a house already past it (a channel's booking took it
 * there) goes through: only a day added is refused. `self`: the booking changed, whose nights now
 * are replaced by the stay's.
 */
export async function checkMinpakuDays(tx: Tx, accommodationId: number, stay: Stay, self: number | null) {
  if (!(await q.lockMinpakuHouse(tx, accommodationId))) return;
  for (const year of await houseDays(tx, accommodationId, stay, self)) {
    const before =
      self === null ? year.others : (await q.usedNights(tx, accommodationId, year.from, year.to, null)).length;
    if (year.withStay > MINPAKU_DAY_LIMIT && year.withStay > before) {
      throw conflict(msg.overLimit(year.fiscalYear, year.withStay));
    }
  }
}

/** The fiscal year the stay's nights take the house past 180 days, and its days then; null if none. */
async function excessOf(tx: Tx, accommodationId: number, stay: Stay, self: number) {
  const over = (await houseDays(tx, accommodationId, stay, self)).find(
    (year) => year.withStay > MINPAKU_DAY_LIMIT && year.withStay > year.others,
  );
  return over ? { fiscalYear: over.fiscalYear, days: over.withStay } : null;
}

/**
 * A channel's booking is kept even when it takes a minpaku house past 180 days (the site sold it),
 * and flagged (minpaku_over), under the house's lock: its flag set by whether its nights, on days
 * no other stay uses, take a fiscal year past 180; the house's other flags that no longer hold (a
 * stay cancelled or moved brought it back) cleared. Answers the excess (for the sync log), or null.
 */
export async function flagMinpakuDays(tx: Tx, accommodationId: number, booking: { id: number } & Stay, live: boolean) {
  if (!(await q.lockMinpakuHouse(tx, accommodationId))) return null;
  const excess = live ? await excessOf(tx, accommodationId, booking, booking.id) : null;
  await q.setMinpakuOver(tx, booking.id, excess ? 1 : 0);
  for (const other of await q.minpakuOverBookings(tx, accommodationId)) {
    if (other.id === booking.id) continue;
    const stay = { startDate: other.start_date, days: other.days };
    if (!other.live || !(await excessOf(tx, accommodationId, stay, other.id))) {
      await q.setMinpakuOver(tx, other.id, 0);
    }
  }
  return excess;
}
