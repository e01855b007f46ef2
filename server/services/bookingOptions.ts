import type { BookingOption } from '../../contract/booking';
import {
  bookingOptionMessages as msg,
  type bookingOptionCreateSchema,
  type bookingOptionUpdateSchema,
} from '../../contract/option';
import type { z } from '../../contract/zod';
import type { Db, Tx } from '../db/client';
import * as q from '../db/queries/bookingOptions';
import { lockBookingMoney, type MoneyRow } from '../db/queries/payments';
import { conflict, fieldError, notFound } from '../errors';
import { audit, bookingUpdate, createdEntry } from './audit';
import { refreshTaxDue } from './tax/taxDue';
import type { CurrentUser } from './auth';
import { queueTemplateMail } from './bookMail';
import { SEND_TYPE } from '../../contract/enums';

type CreateInput = z.output<typeof bookingOptionCreateSchema>;
type UpdateInput = z.output<typeof bookingOptionUpdateSchema>;

/** bookings.price_sub is a 32-bit integer. */
const MAX_TOTAL = 2_147_483_647;

/** The catalogue option a booking may take: of its accommodation, and for its room type or all. */
async function catalogueOption(tx: Tx, optionId: number, booking: MoneyRow) {
  const option = await q.findCatalogueOption(tx, optionId);
  if (!option || option.accommodation_id !== booking.accommodation_id) {
    throw fieldError('option_id', msg.optionOfOtherAccommodation);
  }
  if (option.room_id !== null && option.room_id !== booking.room_id)
    throw fieldError('option_id', msg.optionOfOtherRoom);
  return option;
}

function checkUnit(option: q.CatalogueOptionRow | undefined, unit: number) {
  if (option?.unit_max != null && unit > option.unit_max) {
    throw fieldError('unit', msg.unitOverMax(option.unit_max, option.unit));
  }
}

const copiedFrom = (option: q.CatalogueOptionRow) => ({
  optionId: option.id,
  name: option.name,
  price: option.price,
  supplierId: option.supplier_id,
  supplierName: option.supplier_name,
  taxClass: option.tax_class,
});

/** What the history says of a booking's option. */
function optionTrail(o: BookingOption) {
  return { name: o.name, price: o.price, unit: o.unit, days: o.days, comment: o.comment, paid: o.paid_at !== null };
}

/**
 * Options attached to a booking (spec 3 "Booking option", 4 "Booking option payment", 7 "Booking
 * options"). Name, unit price and partner are copied from the catalogue when the option is attached
 * (or changed for another), so the booking keeps what was sold. The booking's total follows: every
 * write changes price_sub by what the options' lines changed (unit price x quantity x days), under
 * the lock of the booking row, so the stay's part of the total (and a total set by hand) is kept.
 */
export class BookingOptionService {
  constructor(private readonly db: Db) {}

  /** Locks the booking; 404 when unreachable, 409 when cancelled. */
  private async lockLive(tx: Tx, user: CurrentUser, bookId: number) {
    const booking = await lockBookingMoney(tx, bookId, user.accommodationIds);
    if (!booking) throw notFound();
    return booking;
  }

  /**
   * Runs a write of the booking's options and moves price_sub by the change of their total, with a
   * booking row in its history for the total's change (the caller's option row comes after it, so
   * that the history, newest first, reads the option, then what it did to the total).
   */
  private async withTotal<T>(tx: Tx, user: CurrentUser, booking: MoneyRow, write: () => Promise<T>): Promise<T> {
    const before = await q.optionsTotal(tx, booking.id);
    const result = await write();
    const after = await q.optionsTotal(tx, booking.id);
    if (after !== before) {
      const priceSub = Math.max(0, booking.price_sub - before + after);
      if (priceSub > MAX_TOTAL) throw fieldError('unit', msg.totalTooLarge);
      await q.setPriceSub(tx, booking.id, priceSub);
      // The stay's part of the total is the 宿泊税 base: the options' change leaves it, unless the total was clamped.
      await refreshTaxDue(tx, [booking.id]);
      await audit(
        tx,
        user,
        bookingUpdate(booking, { before: { price_sub: booking.price_sub }, after: { price_sub: priceSub } }),
      );
    }
    return result;
  }

  async add(user: CurrentUser, bookId: number, input: CreateInput): Promise<BookingOption> {
    return this.db.transaction(async (tx) => {
      const booking = await this.lockLive(tx, user, bookId);
      if (booking.delete_flg === 1) throw conflict(msg.cancelled);
      const option = await catalogueOption(tx, input.option_id, booking);
      checkUnit(option, input.unit);
      const added = await this.withTotal(tx, user, booking, () =>
        q.insertBookingOption(tx, booking.id, {
          ...copiedFrom(option),
          unit: input.unit,
          days: input.days ?? 1,
          comment: input.comment ?? null,
        }),
      );
      await audit(
        tx,
        user,
        createdEntry({ target: 'booking_option', targetId: added.id, booking }, optionTrail(added)),
      );
      return added;
    });
  }

  /** The same fields (another option re-copies name, price and partner), or the paid toggle. */
  async update(user: CurrentUser, bookId: number, id: number, input: UpdateInput): Promise<BookingOption> {
    return this.db.transaction(async (tx) => {
      const booking = await this.lockLive(tx, user, bookId);
      const current = await q.findBookingOption(tx, booking.id, id);
      if (!current) throw notFound();
      if (booking.delete_flg === 1) throw conflict(msg.cancelled);
      const changedOption = input.option_id !== undefined && input.option_id !== current.option_id;
      const option = changedOption
        ? await catalogueOption(tx, input.option_id!, booking)
        : current.option_id !== null && input.unit !== undefined
          ? await q.findCatalogueOption(tx, current.option_id)
          : undefined;
      const unit = input.unit ?? current.unit;
      if (changedOption || input.unit !== undefined) checkUnit(option, unit);
      const updated = await this.withTotal(tx, user, booking, () =>
        q.updateBookingOption(tx, current.id, {
          unit,
          days: input.days ?? current.days,
          comment: input.comment !== undefined ? input.comment : current.comment,
          ...(changedOption && option ? { copied: copiedFrom(option) } : {}),
          ...(input.paid_at !== undefined ? { paid: input.paid_at !== null } : {}),
        }),
      );
      await audit(tx, user, {
        action: 'update',
        target: 'booking_option',
        targetId: current.id,
        booking,
        before: optionTrail(current),
        after: optionTrail(updated),
      });
      // Marked paid with the mail flag: the settlement mail (send type 20), once for this payment.
      if (input.mail === 1 && current.paid_at === null && updated.paid_at !== null) {
        await queueTemplateMail(tx, {
          bookId: booking.id,
          sendType: SEND_TYPE.settlement,
          dedupeKey: `option:${current.id}:paid:${updated.paid_at}`,
          createdBy: user.id,
        });
      }
      return updated;
    });
  }

  async remove(user: CurrentUser, bookId: number, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const booking = await this.lockLive(tx, user, bookId);
      const current = await q.findBookingOption(tx, booking.id, id);
      if (!current) throw notFound();
      if (booking.delete_flg === 1) throw conflict(msg.cancelled);
      await this.withTotal(tx, user, booking, () => q.deleteBookingOption(tx, current.id));
      await audit(tx, user, {
        action: 'delete',
        target: 'booking_option',
        targetId: current.id,
        booking,
        before: optionTrail(current),
      });
    });
  }
}
