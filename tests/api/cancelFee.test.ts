import { describe, expect, it } from 'vitest';
import { addDays, tokyoToday } from '../../contract/dates';
import { cancelFeeMessages } from '../../contract/booking';
import { planlessBooking, signedInSuite } from '../support/fixtures';

const api = signedInSuite();

const send = (method: string, path: string, json?: unknown) =>
  api.http.send<any>(method, path, { token: api.admin, json });

let nextNight = 320;
/** A live booking without a plan, its total 30,000円. */
async function booking(): Promise<number> {
  const made = await planlessBooking(api, 0, {
    start_date: addDays(tokyoToday(), nextNight++),
    price_sub: 30000,
    name: 'キャンセル 太郎',
  });
  return made.id;
}

describe('the cancellation fee', () => {
  it('keeps 100% of the total (当日), shown on the booking and in its history', async () => {
    const id = await booking();
    expect((await send('DELETE', `/api/admin/books/${id}?mail=1&cancel_fee=30000`)).status).toBe(204);
    expect((await send('GET', `/api/admin/books/${id}`)).body).toMatchObject({ delete_flg: 1, cancel_fee: 30000 });
    const [last] = (await send('GET', `/api/admin/books/${id}/history`)).body.history;
    expect(last).toMatchObject({ action: 'cancel', changes: { cancel_fee: { from: null, to: 30000 } } });
  });

  it.each([17100, 0, 1])('keeps an amount typed in yen: %i', async (fee) => {
    const id = await booking();
    expect((await send('DELETE', `/api/admin/books/${id}?cancel_fee=${fee}`)).status).toBe(204);
    expect((await send('GET', `/api/admin/books/${id}`)).body).toMatchObject({ delete_flg: 1, cancel_fee: fee });
  });

  it.each([
    ['30001', cancelFeeMessages.range(30000)],
    ['-1', cancelFeeMessages.invalid],
    ['1.5', cancelFeeMessages.invalid],
    ['abc', cancelFeeMessages.invalid],
  ])('refuses %s with a Japanese sentence and leaves the booking live', async (typed, message) => {
    const id = await booking();
    const res = await send('DELETE', `/api/admin/books/${id}?cancel_fee=${typed}`);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ cancel_fee: message });
    expect(message).toMatch(/^キャンセル料は0円以上/);
    expect((await send('GET', `/api/admin/books/${id}`)).body).toMatchObject({ delete_flg: 0, cancel_fee: null });
  });

  it('names the total in the refusal of a fee above it', async () => {
    const id = await booking();
    const res = await send('DELETE', `/api/admin/books/${id}?cancel_fee=45000`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('キャンセル料は0円以上30,000円（合計金額）以下の整数で入力してください');
  });
});
