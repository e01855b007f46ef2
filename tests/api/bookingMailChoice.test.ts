import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, tokyoToday } from '../../contract/dates';
import { bookingCreateMessages } from '../../contract/booking';
import { bookingMaker, signedInSuite } from '../support/fixtures';

/**
 * A new booking's メールを送信する (issue 32): a booking taken by phone may leave the booking-completed
 * mail unsent, as the payment and cancel dialogs may; sent as before when not said.
 */

const api = signedInSuite();
const newBooking = bookingMaker(api, { from: addDays(tokyoToday(), 61), days: 1, name: '電話 予約' });
const mailOf = (bookId: number) =>
  api.rows<{ send_type: number }>(sql`select send_type from mail_messages where book_id = ${bookId}`);

describe('the booking-completed mail of a new booking', () => {
  it('is not queued with send_mail false, and is without it or with true', async () => {
    const unsent = await newBooking(undefined, undefined, { mail: 'phone@example.jp', send_mail: false });
    expect(await mailOf(unsent.id)).toEqual([]);
    const sent = await newBooking(undefined, undefined, { mail: 'web@example.jp' });
    expect(await mailOf(sent.id)).toEqual([{ send_type: 1 }]);
    const asked = await newBooking(undefined, undefined, { mail: 'asked@example.jp', send_mail: true });
    expect(await mailOf(asked.id)).toEqual([{ send_type: 1 }]);
  });

  it('refuses a send_mail that is not true or false, and books nothing', async () => {
    const before = await api.rows<{ n: number }>(sql`select count(*)::int as n from bookings`);
    const res = await api.http.send<any>('POST', '/api/admin/books', {
      token: api.admin,
      json: { accommodation_id: api.accommodations[0]!.id, name: '誤り', send_mail: 'no' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.send_mail).toBe(bookingCreateMessages.sendMail);
    expect(await api.rows(sql`select count(*)::int as n from bookings`)).toEqual(before);
  });
});
