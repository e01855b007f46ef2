import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { accommodationSettingsMessages } from '../../contract/accommodation';
import { addDays, tokyoToday } from '../../contract/dates';
import { AUTO_CANCEL_AUTHOR, cancelUnpaidPastDeadline } from '../../server/services/autoCancel';
import { mailBookingMaker, signedInSuite } from '../support/fixtures';

/**
 * Issue 20, send type 21: unpaid bookings past their transfer deadline are cancelled automatically
 * (docs/decisions.md "Automatic cancel of unpaid bookings"), only where the accommodation asked
 * for it, with the automatic-cancel mail and an audit row by the system, once.
 */
const api = signedInSuite();
const today = tokyoToday();

/** A fresh booking for two through the API, with or without a guest mail. */
const newBooking = mailBookingMaker(api, { from: addDays(today, 60), days: 1, name: '自動 花子' });

const setDeadline = (id: number, date: string) =>
  api.rows(sql`update bookings set payment_limit_date = ${date}::date where id = ${id}`);

const settings = (accommodationId: number, json: object, token = api.admin) =>
  api.http.send<any>('PATCH', `/api/admin/accommodations/${accommodationId}/settings`, { token, json });

const state = async (id: number) =>
  (
    await api.rows<{ delete_flg: number; cancel_fee: number | null }>(
      sql`select delete_flg, cancel_fee from bookings where id = ${id}`,
    )
  )[0]!;

const mails = (id: number) =>
  api.rows<{
    send_type: number;
    dedupe_key: string | null;
    to_address: string;
    title: string;
    created_by: number | null;
  }>(
    sql`select send_type, dedupe_key, to_address, title, created_by from mail_messages where book_id = ${id} and send_type <> 1 order by id`,
  );

const run = () => cancelUnpaidPastDeadline(api.server.database.db, { today });

describe('automatic cancel of unpaid bookings past their deadline', () => {
  it('is off unless the accommodation asks for it; an administrator turns it on, with an audit row', async () => {
    const a = api.accommodations[0]!.id;
    const off = await newBooking('off@example.org');
    await setDeadline(off.id, addDays(today, -3));
    await run();
    expect(await state(off.id)).toMatchObject({ delete_flg: 0 });

    const read = await api.http.get(`/api/admin/accommodations/${a}/settings`, api.staff);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ transfer_reminder_days: 3, auto_cancel_unpaid: false });
    // Staff may read but not change it; bad input is a 400 in Japanese.
    expect((await settings(a, { auto_cancel_unpaid: true }, api.staff)).status).toBe(403);
    const bad = await settings(a, { auto_cancel_unpaid: 'yes' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain(accommodationSettingsMessages.autoCancel);
    const empty = await settings(a, {});
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain(accommodationSettingsMessages.empty);
    expect((await settings(a, { transfer_reminder_days: 61 })).status).toBe(400);

    const on = await settings(a, { auto_cancel_unpaid: true });
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ transfer_reminder_days: 3, auto_cancel_unpaid: true });
    expect((await api.http.get(`/api/admin/accommodations/${a}/settings`, api.admin)).body.auto_cancel_unpaid).toBe(
      true,
    );
    const [trail] = await api.rows<{ changes: unknown; user_id: number | null }>(
      sql`select changes, user_id from audit_log where target_type = 'accommodation' and target_id = ${a} order by id desc limit 1`,
    );
    expect(trail).toMatchObject({ changes: { auto_cancel_unpaid: { from: false, to: true } } });
    expect(trail!.user_id).not.toBeNull();
  });

  it('cancels an unpaid booking past its deadline once, with the 21 mail once and a trail by the system', async () => {
    const b = await newBooking('late@example.org');
    await setDeadline(b.id, addDays(today, -1));
    const first = await run();
    expect(first.cancelled).toBeGreaterThanOrEqual(1);
    expect(await state(b.id)).toEqual({ delete_flg: 1, cancel_fee: 0 });
    // Twice: nothing more happens.
    await run();
    const sent = await mails(b.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      send_type: 21,
      dedupe_key: `autocancel:${b.id}`,
      to_address: 'late@example.org',
      created_by: null,
    });
    const history = await api.http.get(`/api/admin/books/${b.id}/history`, api.staff);
    expect(history.status).toBe(200);
    const cancels = (history.body.history as any[]).filter((h) => h.action === 'cancel');
    expect(cancels).toHaveLength(1);
    expect(cancels[0]).toMatchObject({
      user_id: null,
      user_name: AUTO_CANCEL_AUTHOR,
      target: { type: 'booking', id: b.id },
      changes: { delete_flg: { from: 0, to: 1 }, cancel_fee: { from: null, to: 0 } },
    });
    // The booking reads as cancelled through the API.
    const one = await api.http.get(`/api/admin/books/${b.id}`, api.staff);
    expect(one.body).toMatchObject({ delete_flg: 1, cancel_fee: 0 });
  });

  it('cancels a booking without a guest mail, sending nothing', async () => {
    const b = await newBooking(null);
    await setDeadline(b.id, addDays(today, -2));
    await run();
    expect(await state(b.id)).toMatchObject({ delete_flg: 1 });
    expect(await mails(b.id)).toEqual([]);
  });

  it('takes a provisional settlement for no money: that booking is cancelled', async () => {
    const b = await newBooking('provisional@example.org');
    await setDeadline(b.id, addDays(today, -1));
    const paid = await api.http.send<any>('POST', '/api/payments', {
      token: api.admin,
      json: { book_id: b.id, amount: b.price_sub, pay_type: 2 },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    await run();
    expect(await state(b.id)).toMatchObject({ delete_flg: 1 });
    expect((await mails(b.id)).map((m) => m.send_type)).toEqual([21]);
  });

  it('leaves alone: paid, deadline today, an external channel, another accommodation, a stay begun', async () => {
    const paid = await newBooking('paid@example.org');
    await setDeadline(paid.id, addDays(today, -1));
    const payment = await api.http.send<any>('POST', '/api/payments', {
      token: api.admin,
      json: { book_id: paid.id, amount: 1000, pay_type: 1, payment_exe_date: addDays(today, -2) },
    });
    expect(payment.status, JSON.stringify(payment.body)).toBe(201);

    const dueToday = await newBooking('today@example.org');
    await setDeadline(dueToday.id, today);

    const channel = await newBooking('channel@example.org');
    await setDeadline(channel.id, addDays(today, -1));
    await api.rows(sql`update bookings set via = 1 where id = ${channel.id}`);

    const elsewhere = await newBooking('elsewhere@example.org', api.accommodations[1]!.id);
    await setDeadline(elsewhere.id, addDays(today, -1));

    const begun = await newBooking('begun@example.org');
    await setDeadline(begun.id, addDays(today, -5));
    await api.rows(sql`update bookings set start_date = ${today}::date, end_date = ${addDays(today, 1)}::date
      where id = ${begun.id}`);

    await run();
    for (const b of [paid, dueToday, channel, elsewhere, begun]) {
      expect(await state(b.id), `booking ${b.id}`).toMatchObject({ delete_flg: 0 });
      expect((await mails(b.id)).filter((m) => m.send_type === 21)).toEqual([]);
    }
    // The day after its deadline, the one due today goes too.
    await cancelUnpaidPastDeadline(api.server.database.db, { today: addDays(today, 1) });
    expect(await state(dueToday.id)).toMatchObject({ delete_flg: 1 });
    expect(await state(paid.id)).toMatchObject({ delete_flg: 0 });
  });

  it('runs from the scheduled mail turn, and two runs at once cancel each booking once', async () => {
    const b = await newBooking('tick@example.org');
    await setDeadline(b.id, addDays(today, -1));
    await api.server.jobs.runNow('autoCancel');
    expect(await state(b.id)).toMatchObject({ delete_flg: 1 });

    const racing = await Promise.all([1, 2, 3].map(() => newBooking('race@example.org')));
    for (const r of racing) await setDeadline(r.id, addDays(today, -1));
    const results = await Promise.all([run(), run()]);
    expect(results[0]!.cancelled + results[1]!.cancelled).toBe(3);
    expect(results.every((r) => r.failed === 0)).toBe(true);
    for (const r of racing) {
      expect(await mails(r.id)).toHaveLength(1);
      const [trail] = await api.rows<{ n: number }>(
        sql`select count(*)::int as n from audit_log where book_id = ${r.id} and action = 'cancel'`,
      );
      expect(trail!.n).toBe(1);
    }
  });

  it('a payment voided leaves the booking unpaid again: it is cancelled', async () => {
    const b = await newBooking('voided@example.org');
    await setDeadline(b.id, addDays(today, -1));
    const payment = await api.http.send<any>('POST', '/api/payments', {
      token: api.admin,
      json: { book_id: b.id, amount: 1000, pay_type: 1, payment_exe_date: addDays(today, -2) },
    });
    expect(payment.status).toBe(201);
    await run();
    expect(await state(b.id)).toMatchObject({ delete_flg: 0 });
    expect((await api.http.send('DELETE', `/api/payments/${payment.body.id}`, { token: api.admin })).status).toBe(204);
    await run();
    expect(await state(b.id)).toMatchObject({ delete_flg: 1 });
  });
});
