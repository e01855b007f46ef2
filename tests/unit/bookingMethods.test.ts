// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDataProvider } from '../../dataProvider/dataProvider';
import { clearSession, setTokens } from '../../dataProvider/tokenStore';
import { json, stubFetch } from './fetchStub';

/** The booking and money calls of spec section 7 as custom methods of the console's one dataProvider. */
const provider = createDataProvider();
const path = (url: string) => {
  const u = new URL(url, 'http://console.test');
  return u.pathname + u.search;
};

beforeEach(() => {
  setTokens({ access_token: 'access', refresh_token: 'refresh', expires_in: 900 });
});
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('booking methods of the dataProvider', () => {
  it('asks the calendar window with the spec query and answers the books', async () => {
    const { calls } = stubFetch(() => json(200, { books: [{ id: 7 }] }));
    await expect(provider.listCalendarBooks(2, '2026-03-29', '2026-07-11')).resolves.toEqual([{ id: 7 }]);
    expect(path(calls[0]!.url)).toBe(
      '/api/admin/books?accommodation_id=2&stay_start_date=2026-03-29&stay_end_date=2026-07-11&with_consecutive=true',
    );
  });

  it('creates with via 101, saves a partial PATCH, cancels with mail and fee in the query', async () => {
    const { calls } = stubFetch((r) =>
      r.method === 'DELETE' ? new Response(null, { status: 204 }) : json(200, { id: 9 }),
    );
    await provider.createBook({ accommodation_id: 1, name: '山田' });
    await provider.updateBook(9, { plan_id: null, price_sub: 30000 });
    await provider.cancelBook(9, { mail: true, cancelFee: 15000 });
    expect(calls.map((c) => `${c.method} ${path(c.url)} ${c.body}`)).toEqual([
      'POST /api/admin/books {"accommodation_id":1,"name":"山田","via":101}',
      'PATCH /api/admin/books/9 {"plan_id":null,"price_sub":30000}',
      'DELETE /api/admin/books/9?mail=1&cancel_fee=15000 ',
    ]);
  });

  it('reads and writes a day’s calendar comments under the accommodation', async () => {
    const { calls } = stubFetch((r) =>
      r.method === 'DELETE' ? new Response(null, { status: 204 }) : json(200, { comments: [] }),
    );
    await provider.listComments(1, '2026-04-10', '2026-04-10');
    await provider.createComment(1, '2026-04-10', '団体');
    await provider.deleteComment(1, 90);
    expect(calls.map((c) => `${c.method} ${path(c.url)}`)).toEqual([
      'GET /api/admin/accommodations/1/calendar/comments?start_date=2026-04-10&end_date=2026-04-10',
      'POST /api/admin/accommodations/1/calendar/comments',
      'DELETE /api/admin/accommodations/1/calendar/comments/90',
    ]);
  });
});

describe('money methods of the dataProvider', () => {
  it('registers a payment, refunds with the idempotency key, and changes a booking’s option', async () => {
    const { calls } = stubFetch(() => json(200, {}));
    await provider.createPayment({ book_id: 7, amount: 5000, pay_type: 1 });
    await provider.refundBooking({ book_id: 7, refund_amount: 1000 }, 'key-1');
    await provider.updateBookingOption(7, 41, { paid_at: null });
    expect(calls.map((c) => `${c.method} ${path(c.url)} ${c.body}`)).toEqual([
      'POST /api/payments {"book_id":7,"amount":5000,"pay_type":1}',
      'PATCH /api/admin/payments/refund {"book_id":7,"refund_amount":1000}',
      'PATCH /api/books/7/options/41 {"paid_at":null}',
    ]);
    expect(calls[1]!.headers.get('Idempotency-Key')).toBe('key-1');
  });
});

describe('downloadBookingsCsv (the one CSV download helper, dataProvider/methods/csvDownload.ts)', () => {
  it('asks GET /admin/books with the search filters and format=csv, and keeps the BOM and the server name', async () => {
    const name = `filename="bookings-20300101.csv"; filename*=UTF-8''${encodeURIComponent('予約一覧_20300101.csv')}`;
    const csv = '\uFEFF確認番号,宿泊者名\r\nab1,"\'=1+1"\r\n';
    const { calls } = stubFetch(() => new Response(csv, { headers: { 'Content-Disposition': `attachment; ${name}` } }));
    const file = await provider.downloadBookingsCsv({
      accommodation_id: 2,
      stay_start_date: '2030-01-01',
      stay_end_date: '2030-01-31',
      sync: '0',
      not_paid_only: true,
      with_deleted: false,
      mail: '',
      q: 'ヤマダ',
    });
    const url = new URL(calls[0]!.url, 'http://console.test');
    expect(url.pathname).toBe('/api/admin/books');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      accommodation_id: '2',
      stay_start_date: '2030-01-01',
      stay_end_date: '2030-01-31',
      sync: '0',
      not_paid_only: 'true',
      with_deleted: 'false',
      q: 'ヤマダ',
      format: 'csv',
    });
    expect(calls[0]!.headers.get('Accept')).toBe('text/csv');
    expect(file.filename).toBe('予約一覧_20300101.csv');
    const bytes = new Uint8Array(await file.blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe(csv.slice(1));
  });

  it('names the file bookings.csv when the answer names none', async () => {
    stubFetch(() => new Response('確認番号\r\n'));
    expect((await provider.downloadBookingsCsv({})).filename).toBe('bookings.csv');
  });
});
