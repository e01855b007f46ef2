import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, tokyoToday } from '../../contract/dates';
import { fiscalYearNights, fiscalYearOf } from '../../contract/minpaku';
import { channelLogMessages } from '../../server/channel/inbound/apply';
import { bookingsOf, facility, openOnSite, pull, pullSuite, siteBook } from './channelPullSupport';

/**
 * A minpaku house's 180 days and the channel (issue 30): the site may sell a day the law does not
 * allow; its booking is kept, flagged and logged, as an overbooking is, and the flag goes when the
 * booking does.
 */
const suite = pullSuite();

describe('a channel booking past a minpaku house’s 180 days', () => {
  it('is kept, flagged on the booking, logged, and cleared when the guest cancels on the site', async () => {
    const f = await facility(suite, 0);
    const settings = await suite.http.send<any>('PATCH', `/api/facility/${f.accommodationId}/register-settings`, {
      token: suite.admin,
      json: { licence: 'minpaku', notification_number: 'M130012345' },
    });
    expect(settings.status).toBe(200);

    // The night the site will sell, and 180 other nights of its fiscal year taken by one stay (set
    // in the database: no form books half a year).
    const night = addDays(tokyoToday(), 300);
    const fiscalYear = fiscalYearOf(night);
    const { from } = fiscalYearNights(fiscalYear);
    const longStart = addDays(from, 180) <= night ? from : addDays(night, 1);
    const made = await suite.http.send<any>('POST', '/api/admin/books', {
      token: suite.admin,
      json: {
        accommodation_id: f.accommodationId,
        start_date: addDays(night, 1),
        days: 1,
        person_number: 1,
        room_id: f.room.id,
        plan_id: null,
        price_sub: 10000,
        name: '長期 滞在',
        price: 0,
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    await suite.rows(sql`update bookings set start_date = ${longStart}::date, days = 180,
      end_date = ${longStart}::date + 180 where id = ${made.body.id}`);
    const daysOf = async () =>
      (await suite.http.get(`/api/facility/${f.accommodationId}/minpaku/days?fiscal_year=${fiscalYear}`, suite.admin))
        .body.days_used;
    expect(await daysOf()).toBe(180);

    await openOnSite(f, night, night, 1);
    const rid = await siteBook(suite, f, night, 1, '百八十一 日目');
    expect(await pull(suite, f)).toMatchObject({ applied: 1 });
    const [booking] = await bookingsOf(suite, f, rid);
    expect(booking).toMatchObject({ delete_flg: 0, via: 1 });
    expect(await daysOf()).toBe(181);
    const shown = await suite.http.get(`/api/admin/books/${booking!.id}`, suite.admin);
    expect(shown.body).toMatchObject({ minpaku_over: 1, overbooked: 0 });
    const logs = await suite.rows<{ success: number; message: string }>(
      sql`select success, message from sync_logs where book_id = ${booking!.id} order by id`,
    );
    expect(logs).toContainEqual({ success: 0, message: channelLogMessages.minpakuOver(fiscalYear, 181) });
    // The long stay itself is not flagged: the site's booking took the house past the days.
    const long = await suite.http.get(`/api/admin/books/${made.body.id}`, suite.admin);
    expect(long.body.minpaku_over).toBe(0);

    // The guest cancels on the site: the flag goes with the booking.
    await suite.ctl('POST', `/bookings/${rid}/cancel`);
    await pull(suite, f);
    const after = await suite.http.get(`/api/admin/books/${booking!.id}`, suite.admin);
    expect(after.body).toMatchObject({ delete_flg: 1, minpaku_over: 0 });
    expect(await daysOf()).toBe(180);
  });
});
