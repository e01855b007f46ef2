import { tokyoToday } from '../../contract/dates';
import {
  EXTRA_FIELDS,
  FIELD_MODES,
  MAX_GUESTS_PER_BOOKING,
  MAX_PASSPORT_BYTES,
  PASSPORT_TYPES,
  registerMessages as msg,
  registerStatus,
  type BookingGuests,
  type ExtraFields,
  type FieldMode,
  type Guest,
  type GuestInput,
  type GuestPatch,
  type RegisterSettings,
  type RegisterSettingsPatch,
  type RegisterStates,
} from '../../contract/guestRegister';
import type { Db, Tx } from '../db/client';
import * as q from '../db/queries/guestRegister';
import { fileTypeFromBuffer } from 'file-type';
import { AppError, badRequest, conflict, notFound } from '../errors';
import { assertAccommodation } from './access';
import { definedOnly } from './patch';
import { audit, createdEntry, withoutId, type AuditUser } from './audit';
import type { CurrentUser } from './auth';

/** The settings as the API answers them: every extra item named, off unless set. */
export function settingsOf(stored: q.StoredRegisterSettings): RegisterSettings {
  const extra = Object.fromEntries(
    EXTRA_FIELDS.map((field) => {
      const mode = stored.extra_fields[field];
      return [field, (FIELD_MODES as readonly string[]).includes(mode ?? '') ? (mode as FieldMode) : 'off'];
    }),
  ) as ExtraFields;
  return { licence: stored.licence, notification_number: stored.notification_number, extra_fields: extra };
}

/** A booking's guests and its register's state under its facility's settings. */
export async function registerOf(tx: Tx, booking: q.RegisterBooking): Promise<BookingGuests> {
  const [stored, guests] = await Promise.all([
    q.findRegisterSettings(tx, booking.accommodation_id),
    q.listGuests(tx, booking.id),
  ]);
  return { guests, register: registerStatus(settingsOf(stored!), booking.person_number, guests) };
}

/** A passport copy as sent, checked: present, at most 5,000,000 bytes, JPEG, PNG or PDF by its content. */
export async function passportCopy(file: Buffer | undefined): Promise<{ content: Buffer; type: string }> {
  if (!file || file.length === 0) throw badRequest(msg.passportFile, { file: msg.passportFile });
  if (file.length > MAX_PASSPORT_BYTES) {
    throw new AppError(413, 'payload_too_large', msg.passportTooLarge, { file: msg.passportTooLarge });
  }
  const type = (await fileTypeFromBuffer(file))?.mime;
  if (!type || !(PASSPORT_TYPES as readonly string[]).includes(type)) {
    throw badRequest(msg.passportType, { file: msg.passportType });
  }
  return { content: file, type };
}

/** Keeps a guest's passport copy in place of the one before, with its audit row (the copy's type and size, not the copy). */
export async function keepPassport(
  tx: Tx,
  user: AuditUser,
  booking: q.RegisterBooking,
  guest: Guest,
  copy: { content: Buffer; type: string },
): Promise<void> {
  await q.putPassport(tx, guest.id, copy.content, copy.type);
  await audit(tx, user, {
    action: 'update',
    target: 'booking_guest',
    targetId: guest.id,
    booking,
    changes: {
      passport_copy: {
        from: guest.has_passport_copy ? 'replaced' : null,
        to: `${copy.type}, ${copy.content.length} bytes`,
      },
    },
  });
}

/** Only the items set to more than off are stored: a new item of a later release starts off. */
const storedExtra = (extra: ExtraFields) => Object.fromEntries(Object.entries(extra).filter(([, m]) => m !== 'off'));

/**
 * The guest register (宿泊者名簿, issue 30): a facility's register settings (GET for anyone who
 * reaches the facility, PATCH for administrators: the route says so) and the guests of a booking,
 * answered with what the register still misses (contract/guestRegister.ts `registerStatus`). Every
 * write of a guest is under the lock of the booking's row and leaves an audit row in the booking's
 * history; a cancelled booking's register is not written, and a guest of a stay that has ended is
 * kept (旅館業法施行規則4条の2, 住宅宿泊事業法施行規則7条: three years).
 */
export class GuestRegisterService {
  constructor(private readonly db: Db) {}

  async settings(user: CurrentUser, accommodationId: number): Promise<RegisterSettings> {
    assertAccommodation(user, accommodationId);
    const stored = await q.findRegisterSettings(this.db, accommodationId);
    if (!stored) throw notFound();
    return settingsOf(stored);
  }

  async updateSettings(user: CurrentUser, accommodationId: number, patch: RegisterSettingsPatch) {
    assertAccommodation(user, accommodationId);
    return this.db.transaction(async (tx) => {
      const stored = await q.findRegisterSettings(tx, accommodationId, true);
      if (!stored) throw notFound();
      const before = settingsOf(stored);
      const after: RegisterSettings = {
        licence: patch.licence ?? before.licence,
        notification_number:
          patch.notification_number === undefined ? before.notification_number : patch.notification_number,
        extra_fields: { ...before.extra_fields, ...definedOnly(patch.extra_fields ?? {}) },
      };
      await q.updateRegisterSettings(tx, accommodationId, { ...after, extra_fields: storedExtra(after.extra_fields) });
      await audit(tx, user, {
        action: 'update',
        target: 'register_settings',
        targetId: accommodationId,
        accommodationId,
        before: flatSettings(before),
        after: flatSettings(after),
      });
      return after;
    });
  }

  /** The guests of a booking with the state of its register. */
  async guests(user: CurrentUser, bookId: number): Promise<BookingGuests> {
    const booking = await q.findRegisterBooking(this.db, bookId, user.accommodationIds);
    if (!booking) throw notFound();
    return registerOf(this.db, booking);
  }

  /**
   * The register's state of each booking the user reaches among `ids` (others are left out): for
   * the badges of the day schedule and the dashboard. States only, no guest data: not audited.
   */
  async states(user: CurrentUser, ids: readonly number[]): Promise<RegisterStates> {
    const facts = await q.registerFactsOf(this.db, ids, user.accommodationIds);
    return {
      states: facts.map((b) => {
        const state = registerStatus(settingsOf(b.settings), b.person_number, b.guests);
        const missing = state.missing.reduce((n, m) => n + m.fields.length, 0);
        return { book_id: b.id, status: state.status, missing };
      }),
    };
  }

  async add(user: CurrentUser, bookId: number, input: GuestInput): Promise<Guest> {
    return this.db.transaction(async (tx) => {
      const booking = await this.lockWritable(tx, user, bookId);
      const existing = await q.listGuests(tx, booking.id);
      if (existing.length >= MAX_GUESTS_PER_BOOKING) throw conflict(msg.tooManyGuests);
      const representative = input.representative === true || existing.length === 0;
      if (representative) await q.clearRepresentative(tx, booking.id);
      const added = await q.insertGuest(tx, booking.id, representative, input);
      await audit(tx, user, createdEntry({ target: 'booking_guest', targetId: added.id, booking }, withoutId(added)));
      return added;
    });
  }

  async update(user: CurrentUser, bookId: number, guestId: number, patch: GuestPatch): Promise<Guest> {
    return this.db.transaction(async (tx) => {
      const booking = await this.lockWritable(tx, user, bookId);
      const before = await this.guestOf(tx, booking.id, guestId);
      if (patch.representative === true && !before.representative) await q.clearRepresentative(tx, booking.id);
      let after = await q.updateGuest(tx, guestId, patch);
      if (before.representative && !after.representative) {
        await q.electRepresentative(tx, booking.id);
        after = await this.guestOf(tx, booking.id, guestId);
      }
      await audit(tx, user, {
        action: 'update',
        target: 'booking_guest',
        targetId: guestId,
        booking,
        before: withoutId(before),
        after: withoutId(after),
      });
      return after;
    });
  }

  async remove(user: CurrentUser, bookId: number, guestId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const booking = await q.findRegisterBooking(tx, bookId, user.accommodationIds, true);
      if (!booking) throw notFound();
      const guest = await this.guestOf(tx, booking.id, guestId);
      // A cancelled booking never stayed: its guests may go. A stay that has ended is the register's.
      if (booking.delete_flg === 0 && booking.end_date < tokyoToday()) throw conflict(msg.keptAfterStay);
      await q.deleteGuest(tx, guestId);
      if (guest.representative) await q.electRepresentative(tx, booking.id);
      await audit(tx, user, {
        action: 'delete',
        target: 'booking_guest',
        targetId: guestId,
        booking,
        before: withoutId(guest),
      });
    });
  }

  /**
   * Keeps the copy of a guest's passport (旅券の写し): JPEG, PNG or PDF by its content, whatever its
   * name or declared type, at most 5,000,000 bytes; it replaces the copy before. Audited.
   */
  async putPassport(user: CurrentUser, bookId: number, guestId: number, file: Buffer | undefined): Promise<Guest> {
    const copy = await passportCopy(file);
    return this.db.transaction(async (tx) => {
      const booking = await this.lockWritable(tx, user, bookId);
      const before = await this.guestOf(tx, booking.id, guestId);
      await keepPassport(tx, user, booking, before, copy);
      return this.guestOf(tx, booking.id, guestId);
    });
  }

  /** The copy of a guest's passport, for the users of the guest's facility; every view is audited. */
  async passport(user: CurrentUser, bookId: number, guestId: number) {
    return this.db.transaction(async (tx) => {
      const booking = await q.findRegisterBooking(tx, bookId, user.accommodationIds);
      if (!booking) throw notFound();
      await this.guestOf(tx, booking.id, guestId);
      const copy = await q.findPassport(tx, guestId);
      if (!copy) throw notFound();
      await audit(tx, user, {
        action: 'view',
        target: 'booking_guest_passport',
        targetId: guestId,
        booking,
        changes: {},
      });
      return { content: Buffer.from(copy.content), type: copy.media_type };
    });
  }

  /** The booking locked for a write of its register: 404 when unreachable, 409 when cancelled. */
  private async lockWritable(tx: Tx, user: CurrentUser, bookId: number) {
    const booking = await q.findRegisterBooking(tx, bookId, user.accommodationIds, true);
    if (!booking) throw notFound();
    if (booking.delete_flg === 1) throw conflict(msg.cancelled);
    return booking;
  }

  private async guestOf(tx: Tx, bookingId: number, guestId: number) {
    const guest = (await q.listGuests(tx, bookingId)).find((g) => g.id === guestId);
    if (!guest) throw notFound();
    return guest;
  }
}

/** The settings as an audit row keeps them: one key per item. */
const flatSettings = (s: RegisterSettings) => ({
  licence: s.licence,
  notification_number: s.notification_number,
  ...Object.fromEntries(Object.entries(s.extra_fields).map(([k, v]) => [`extra_fields.${k}`, v])),
});
