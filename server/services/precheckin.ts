import { createHash, randomBytes } from 'node:crypto';
import { daysBetween, tokyoToday } from '../../contract/dates';
import { registerStatus } from '../../contract/guestRegister';
import {
  CHECKIN_TOKEN,
  CHECKIN_TOKEN_BYTES,
  precheckinMessages as msg,
  type CheckinLink,
  type PublicGuest,
  type PublicRegister,
  type PublicStay,
} from '../../contract/precheckin';
import type { Db, Tx } from '../db/client';
import * as rq from '../db/queries/guestRegister';
import * as q from '../db/queries/precheckin';
import { AppError, badRequest, conflict, notFound } from '../errors';
import { auditMany, audit, createdEntry, withoutId, type AuditUser } from './audit';
import type { CurrentUser } from './auth';
import { publicUrl } from '../publicUrl';
import { keepPassport, passportCopy, settingsOf } from './guestRegister';

/** Who the audit names for what the guest sent through the link. */
export const PRECHECKIN_AUTHOR = '事前チェックイン（宿泊者）';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Makes and keeps a new link of a booking (by its token's hash), at `base`. */
async function makeLink(tx: Tx, booking: { id: number; end_date: string }, base: string): Promise<CheckinLink> {
  const token = randomBytes(CHECKIN_TOKEN_BYTES).toString('base64url');
  const expiresAt = await q.insertCheckinLink(tx, hashOf(token), booking.id, booking.end_date);
  await q.deleteExpiredLinks(tx);
  return { url: `${base.replace(/\/+$/, '')}/checkin/${token}`, expires_at: expiresAt };
}

/**
 * The link a mail with {{book.checkin_url}} carries, at the server's public address (PUBLIC_URL):
 * none for a cancelled booking or a stay that has ended. The mail itself is the booking's trail.
 */
export async function checkinLinkForMail(
  tx: Tx,
  booking: { id: number; end_date: string; delete_flg: number },
): Promise<CheckinLink | null> {
  if (booking.delete_flg === 1 || booking.end_date < tokyoToday()) return null;
  return makeLink(tx, booking, publicUrl());
}

/** The audit's author of what the guest sent: the system, in the booking's company. */
const authorOf = (stay: q.LinkedStay): AuditUser => ({ id: null, name: PRECHECKIN_AUTHOR, companyId: stay.company_id });

/** The one answer of a link that opens nothing: unknown, expired or of a cancelled booking alike. */
const linkNotFound = () => new AppError(404, 'not_found', msg.linkNotFound);

/**
 * The guest's pre-check-in (事前チェックイン, issue 30). Staff make a link for a booking
 * (`createLink`); the guest's page reads the stay by it (`stay`), sends the whole list of the stay's
 * guests (`replaceGuests`, the list before replaced and kept in the audit), then each passport photo
 * (`putPassport`, by the guest's place in that list). A token is 256 random bits, kept only as its
 * SHA-256; a link ends with the check-out day (Tokyo) and with the booking's cancellation.
 */
export class PrecheckinService {
  constructor(private readonly db: Db) {}

  /** A new link to the booking's pre-check-in page, at `base` (the server's address as the guest reaches it). */
  async createLink(user: CurrentUser, bookId: number, base: string): Promise<CheckinLink> {
    return this.db.transaction(async (tx) => {
      const booking = await rq.findRegisterBooking(tx, bookId, user.accommodationIds);
      if (!booking) throw notFound();
      if (booking.delete_flg === 1) throw conflict(msg.cancelled);
      if (booking.end_date < tokyoToday()) throw conflict(msg.ended);
      const link = await makeLink(tx, booking, base);
      const trail = { target: 'checkin_link', targetId: booking.id, booking } as const;
      await audit(tx, user, createdEntry(trail, { expires_at: link.expires_at }));
      return link;
    });
  }

  /** What the page shows of the stay, and which items its guests are asked for. */
  async stay(token: string): Promise<PublicStay> {
    const stay = await this.linked(this.db, token);
    const settings = settingsOf((await rq.findRegisterSettings(this.db, stay.accommodation_id))!);
    return {
      accommodation_name: stay.accommodation_name,
      start_date: stay.start_date,
      end_date: stay.end_date,
      nights: daysBetween(stay.start_date, stay.end_date),
      person_number: stay.person_number,
      licence: settings.licence,
      extra_fields: settings.extra_fields,
      sent_at: stay.sent_at,
    };
  }

  /** The stay's guests as the guest sends them, the first the representative, in place of the list before. */
  async replaceGuests(token: string, guests: readonly PublicGuest[]): Promise<PublicRegister> {
    return this.db.transaction(async (tx) => {
      const stay = await this.linked(tx, token, true);
      if (guests.length > stay.person_number) {
        const message = msg.tooManyGuests(stay.person_number);
        throw badRequest(message, { guests: message });
      }
      const before = await rq.listGuests(tx, stay.id);
      await q.deleteGuestsOf(tx, stay.id);
      const after = [];
      for (const [i, guest] of guests.entries()) after.push(await rq.insertGuest(tx, stay.id, i === 0, guest));
      await q.markSubmitted(tx, hashOf(token));
      await auditMany(tx, authorOf(stay), [
        ...before.map((g) => ({
          action: 'delete' as const,
          target: 'booking_guest',
          targetId: g.id,
          booking: stay,
          before: withoutId(g),
        })),
        ...after.map((g) => ({
          action: 'create' as const,
          target: 'booking_guest',
          targetId: g.id,
          booking: stay,
          after: withoutId(g),
        })),
      ]);
      const settings = settingsOf((await rq.findRegisterSettings(tx, stay.accommodation_id))!);
      const register = registerStatus(settings, stay.person_number, after);
      const indexOf = new Map(after.map((g, i) => [g.id, i]));
      return {
        status: register.status,
        missing: register.missing.map((m) => ({
          index: m.guest_id === null ? null : indexOf.get(m.guest_id)!,
          fields: m.fields,
        })),
      };
    });
  }

  /** The passport photo of the guest at `index` of the list last sent. */
  async putPassport(token: string, index: number, file: Buffer | undefined): Promise<void> {
    const copy = await passportCopy(file);
    await this.db.transaction(async (tx) => {
      const stay = await this.linked(tx, token, true);
      const guest = (await rq.listGuests(tx, stay.id))[index];
      if (!guest) throw new AppError(404, 'not_found', msg.guestIndex);
      await keepPassport(tx, authorOf(stay), stay, guest, copy);
    });
  }

  private async linked(tx: Tx, token: string, lock = false) {
    if (!CHECKIN_TOKEN.test(token)) throw linkNotFound();
    const stay = await q.findLinkedStay(tx, hashOf(token), lock);
    if (!stay) throw linkNotFound();
    return stay;
  }
}
