import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { bookSearchMessages, confirmationNumber } from '../../contract/booking';
import { addDays, tokyoToday } from '../../contract/dates';
import { errorMessages } from '../../contract/messages';
import { BOOKING_CSV_HEADER } from '../../server/services/bookingCsv';
import { planlessBooking, signedInSuite, type MadeBooking } from '../support/fixtures';

/**
 * The booking search as a file (GET /admin/books?format=csv, issue 22): the search's filters and
 * reach, every matching booking, through the one writer (BOM, CRLF, formula cells neutralised).
 */
const api = signedInSuite();
const today = tokyoToday();
// A period of its own, far ahead, that the demo data and the other tests leave empty.
const from = addDays(today, 900);
const to = addDays(from, 20);

/** Two nights for two at 24,000円, without a plan, through the API. */
const book = (accommodationIndex: number, start: string, fields: Record<string, unknown>) =>
  planlessBooking(api, accommodationIndex, { start_date: start, days: 2, price_sub: 24000, ...fields });

async function csvOf(query: Record<string, string>, token = api.admin) {
  const qs = new URLSearchParams({ format: 'csv', ...query });
  const res = await fetch(`${api.server.baseUrl}/api/admin/books?${qs}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const bytes = new Uint8Array(await res.arrayBuffer());
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  const rows = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
  return { res, bytes, text, rows };
}

const period = { stay_start_date: from, stay_end_date: to };
const namesOf = (rows: string[][]) => rows.slice(1).map((r) => r[3]);

let formula: MadeBooking;
let cancelled: MadeBooking;
let otherFacility: MadeBooking;
/** The Tokyo days the first booking was made and the cancelled one cancelled on, as the API answered them. */
let madeOn: string;
let cancelledOn: string;

beforeAll(async () => {
  formula = await book(0, from, {
    name: '=HYPERLINK("http://x","y")',
    tel: '090-1234-5678',
    mail: 'csv.guest@example.jp',
    mini_memo: '到着 18時, 夕食あり',
  });
  await book(0, addDays(from, 2), { name: '+81 国番号' });
  await book(0, addDays(from, 4), { name: '-1+2 減算' });
  await book(0, addDays(from, 6), { name: '@SUM(A1) 関数' });
  cancelled = await book(0, addDays(from, 8), { name: '取消 太郎' });
  expect((await api.http.send('DELETE', `/api/admin/books/${cancelled.id}`, { token: api.admin })).status).toBe(204);
  otherFacility = await book(1, addDays(from, 1), { name: '別館 宿泊者' });
  madeOn = (await api.http.get<any>(`/api/admin/books/${formula.id}`, api.admin)).body.created_at.slice(0, 10);
  cancelledOn = (await api.http.get<any>(`/api/admin/books/${cancelled.id}`, api.admin)).body.deleted_at.slice(0, 10);
});

describe('GET /admin/books?format=csv', () => {
  it('is a CSV attachment through the one writer: BOM, CRLF, the heading row, formulas neutralised', async () => {
    const { res, bytes, text, rows } = await csvOf(period);
    const day = tokyoToday().replaceAll('-', '');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="bookings-${day}.csv"; filename*=UTF-8''${encodeURIComponent(`予約一覧_${day}.csv`)}`,
    );
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const body = text.slice(1);
    expect(body.endsWith('\r\n')).toBe(true);
    expect(body.replaceAll('\r\n', '')).not.toContain('\n');
    const lines = body.split('\r\n');
    expect(lines[0]).toBe(
      '確認番号,サイト予約番号,宿泊施設,宿泊者名,電話番号,メール,チェックイン,チェックアウト,泊数,部屋タイプ,プラン,人数,合計金額,入金額,予約経路,予約日,キャンセル,キャンセル日,簡易メモ',
    );
    expect(rows[0]).toEqual(BOOKING_CSV_HEADER);

    // Stay order; a formula's first character is escaped with an apostrophe, the cell quoted.
    expect(namesOf(rows)).toEqual([
      `'=HYPERLINK("http://x","y")`,
      '別館 宿泊者',
      `'+81 国番号`,
      `'-1+2 減算`,
      `'@SUM(A1) 関数`,
    ]);
    expect(lines[1]).toContain(`,"'=HYPERLINK(""http://x"",""y"")",`);

    // What a front desk reads: dates yyyy-MM-dd, money and counts as bare integers, words not codes.
    const [room] = await api.rows<{ name: string }>(
      sql`select r.name from bookings b join rooms r on r.id = b.room_id where b.id = ${formula.id}`,
    );
    expect(rows[1]).toEqual([
      confirmationNumber(formula.uid),
      '',
      api.accommodations[0]!.name,
      `'=HYPERLINK("http://x","y")`,
      '090-1234-5678',
      'csv.guest@example.jp',
      from,
      addDays(from, 2),
      '2',
      room!.name,
      '',
      '2',
      '24000',
      '0',
      '管理画面',
      madeOn,
      '',
      '',
      '到着 18時, 夕食あり',
    ]);
  });

  it('applies the search filters: facility, cancellations, the search box', async () => {
    const own = await csvOf({ ...period, accommodation_id: String(api.accommodations[0]!.id) });
    expect(own.res.status).toBe(200);
    expect(namesOf(own.rows)).not.toContain(otherFacility.name);
    expect(own.rows.slice(1).every((r) => r[2] === api.accommodations[0]!.name)).toBe(true);
    expect(own.rows).toHaveLength(5);

    const withDeleted = await csvOf({ ...period, with_deleted: 'true' });
    const row = withDeleted.rows.find((r) => r[0] === confirmationNumber(cancelled.uid) && r[3] === cancelled.name);
    expect(row?.slice(16, 18)).toEqual(['キャンセル済み', cancelledOn]);
    expect(namesOf((await csvOf(period)).rows)).not.toContain(cancelled.name);

    const found = await csvOf({ q: '国番号' });
    expect(namesOf(found.rows)).toEqual([`'+81 国番号`]);
  });

  it('holds every booking the JSON search answers, not one page', async () => {
    const wide = { stay_start_date: today, stay_end_date: addDays(today, 1000) };
    const json = await api.http.get(`/api/admin/books?${new URLSearchParams(wide)}`, api.admin);
    const { rows } = await csvOf(wide);
    expect(json.body.books.length).toBeGreaterThan(50);
    expect(rows.slice(1).map((r) => r[0])).toEqual(json.body.books.map((b: any) => confirmationNumber(b.uid)));
  });

  it('gives staff only the bookings of their facilities, and 404 for another facility', async () => {
    const staff = await csvOf(period, api.staff);
    expect(staff.res.status).toBe(200);
    expect(namesOf(staff.rows)).not.toContain(otherFacility.name);
    expect(namesOf(staff.rows)).toContain(`'@SUM(A1) 関数`);
    expect(staff.rows.slice(1).every((r) => r[2] === api.accommodations[0]!.name)).toBe(true);

    const other = await csvOf({ ...period, accommodation_id: String(api.accommodations[1]!.id) }, api.staff);
    expect(other.res.status).toBe(404);
    expect(other.text).not.toContain(otherFacility.name);
  });

  it('answers a bad query 400 with the Japanese message, not 500 and not a file', async () => {
    const order = await csvOf({ stay_start_date: to, stay_end_date: from });
    expect(order.res.status).toBe(400);
    expect(order.res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = JSON.parse(order.text);
    expect(body).toMatchObject({ code: 'validation', message: errorMessages.validation });
    expect(body.errors.stay_end_date).toBe(bookSearchMessages.order);

    const long = await csvOf({ q: 'あ'.repeat(101) });
    expect(long.res.status).toBe(400);
    expect(JSON.parse(long.text).errors.q).toBe(bookSearchMessages.tooLong);

    const format = await api.http.get(`/api/admin/books?format=xlsx`, api.admin);
    expect(format.status).toBe(400);
    expect(format.body.message).toBe(errorMessages.validation);
    expect(format.body.errors.format).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
  });
});
