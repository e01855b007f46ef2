import { addDays, addMonths, tokyoToday } from '../../contract/dates';
import { REFUSAL_RETENTION_YEARS } from '../../contract/refusal';
import type { Tx } from '../db/client';
import { purgeRegistersEndedBefore } from '../db/queries/guestRegister';
import { purgeRefusalsBefore } from '../db/queries/refusals';
import { auditMany, type AuditUser } from './audit';

/** The author of the retention job's audit rows. */
export const RETENTION_AUTHOR = '保存期間の経過による削除（システム）';

/**
 * Years the law keeps a register, from the stay's check-out (旅館業法施行規則4条の2, 住宅宿泊事業法
 * 施行規則7条), as it keeps a refusal: one cutoff for both.
 */
export const REGISTER_RETENTION_YEARS = REFUSAL_RETENTION_YEARS;

/**
 * The first date still kept on `today`: a register of a stay that ended before it, and a refusal
 * made before it, are past three years and the grace.
 */
export function retentionCutoff(today: string, graceDays: number): string {
  return addDays(addMonths(today, -12 * REGISTER_RETENTION_YEARS), -graceDays);
}

/**
 * The end of keeping (issue 30): removes the guests and passport copies of the stays that ended
 * more than three years (and the grace) ago, and the refusals as old, leaving one audit row each
 * (counts only) and blanking what earlier audit rows kept of those guests. The booking itself stays
 * (its money and history are the company's records).
 */
export async function purgeExpiredRegisters(tx: Tx, graceDays: number, now = new Date()) {
  const cutoff = retentionCutoff(tokyoToday(now), graceDays);
  const stays = await purgeRegistersEndedBefore(tx, cutoff);
  const refusals = await purgeRefusalsBefore(tx, cutoff);
  const system = (companyId: number): AuditUser => ({ companyId, id: null, name: RETENTION_AUTHOR });
  for (const stay of stays) {
    await auditMany(tx, system(stay.company_id), [
      {
        action: 'delete',
        target: 'booking_guest',
        targetId: stay.book_id,
        booking: { id: stay.book_id, accommodation_id: stay.accommodation_id },
        changes: { guests: { from: stay.guests, to: 0 } },
      },
    ]);
  }
  for (const refusal of refusals) {
    await auditMany(tx, system(refusal.company_id), [
      {
        action: 'delete',
        target: 'refusals',
        targetId: refusal.id,
        accommodationId: refusal.accommodation_id,
        changes: { purged: { from: null, to: true } },
      },
    ]);
  }
  return { cutoff, stays: stays.length, guests: stays.reduce((n, s) => n + s.guests, 0), refusals: refusals.length };
}
