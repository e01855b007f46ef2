import { daysBetween, tokyoToday } from '../../contract/dates';
import { stayHasBegun, stayMessages as msg, type StayMove, type StayStatus } from '../../contract/stay';
import type { Db, Tx } from '../db/client';
import * as q from '../db/queries/guestRegister';
import { badRequest, conflict, notFound } from '../errors';
import { audit, bookingUpdate } from './audit';
import type { CurrentUser } from './auth';
import { BookingService } from './bookings';
import { registerOf } from './guestRegister';
import { refreshTaxDue } from './tax/taxDue';

/**
 * The front desk's moves of a stay (issue 30): check-in from the stay's first day (Tokyo), allowed
 * with an incomplete register (the law lets a refusal rest only on its own grounds: the answer says
 * what is missing, and the audit row keeps the register's state), check-out of a guest who checked
 * in, and a no-show of a booking still reserved from its first day. A cancelled booking moves
 * nowhere (409). Each move is under the booking's lock and leaves an audit row in its history.
 */
export class StayService {
  constructor(private readonly db: Db) {}

  checkIn(user: CurrentUser, bookId: number): Promise<StayMove> {
    return this.move(user, bookId, 'checked_in', (b) => {
      if (b.stay_status !== 'reserved') throw conflict(msg.notReserved(b.stay_status));
      if (!stayHasBegun(b.start_date)) throw conflict(msg.beforeStart(b.start_date));
    });
  }

  /**
   * Check-out; with `date` (the departure) before the stay's last day (早期チェックアウト), the booking is first
   * shortened to end that day through the booking service (its stock and the channel follow, its
   * audit row says so), the total kept as it was.
   */
  async checkOut(user: CurrentUser, bookId: number, departure?: string): Promise<StayMove> {
    if (departure !== undefined) await this.leaveEarly(user, bookId, departure);
    return this.move(user, bookId, 'checked_out', (b) => {
      if (b.stay_status !== 'checked_in') throw conflict(msg.notCheckedIn);
    });
  }

  private async leaveEarly(user: CurrentUser, bookId: number, departure: string): Promise<void> {
    const b = await q.findRegisterBooking(this.db, bookId, user.accommodationIds);
    if (!b) throw notFound();
    if (b.delete_flg === 1) throw conflict(msg.cancelled);
    if (b.stay_status !== 'checked_in') throw conflict(msg.notCheckedIn);
    if (departure <= b.start_date || departure > b.end_date || departure > tokyoToday()) {
      const message = msg.departureRange(b.start_date, b.end_date);
      throw badRequest(message, { date: message });
    }
    if (departure === b.end_date) return;
    await new BookingService(this.db).update(user, b.id, {
      days: daysBetween(b.start_date, departure),
      price_sub: b.price_sub,
    });
  }

  noShow(user: CurrentUser, bookId: number): Promise<StayMove> {
    return this.move(user, bookId, 'no_show', (b) => {
      if (b.stay_status !== 'reserved') throw conflict(msg.notReserved(b.stay_status));
      if (!stayHasBegun(b.start_date)) throw conflict(msg.noShowBeforeStart(b.start_date));
    });
  }

  private move(
    user: CurrentUser,
    bookId: number,
    to: StayStatus,
    allowed: (booking: q.RegisterBooking) => void,
  ): Promise<StayMove> {
    return this.db.transaction(async (tx: Tx) => {
      const booking = await q.findRegisterBooking(tx, bookId, user.accommodationIds, true);
      if (!booking) throw notFound();
      if (booking.delete_flg === 1) throw conflict(msg.cancelled);
      allowed(booking);
      const { register } = await registerOf(tx, booking);
      const stay = await q.setStayStatus(tx, booking.id, to);
      // A no-show stayed no night: no tax on the bill.
      await refreshTaxDue(tx, [booking.id]);
      const changes = {
        stay_status: { from: booking.stay_status, to },
        // What the register was at the move: a check-in with an incomplete register is on record.
        ...(to === 'checked_in' ? { register_status: { from: null, to: register.status } } : {}),
      };
      await audit(tx, user, bookingUpdate(booking, { changes }));
      return { ...stay, register };
    });
  }
}
