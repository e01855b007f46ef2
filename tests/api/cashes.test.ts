import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { tokyoToday } from '../../contract/dates';
import { defaultPettyCashRange } from '../../contract/pettyCash';
import { signedInSuite } from '../support/fixtures';
import { pettyCashProbes } from '../support/pettyCashProbes';

const api = signedInSuite();

const path = (accommodationId: number, query = '') => `/api/facility/${accommodationId}/cashes${query}`;
const own = () => api.accommodations[0]!.id;
const other = () => api.accommodations[1]!.id;
/**
 * A year the demo data's petty cash (last, this and next month) never reaches: the tests that list
 * a range exactly write there.
 */
const Y = Number(tokyoToday().slice(0, 4)) + 3;
const { count, auditCount, sumBefore } = pettyCashProbes(api);

const add = (accommodationId: number, body: Record<string, unknown>, token = api.staff) =>
  api.http.send<any>('POST', path(accommodationId), { token, json: body });

async function csvOf(accommodationId: number, query: string, token = api.staff) {
  const res = await fetch(`${api.server.baseUrl}${path(accommodationId, query)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

describe('petty cash', () => {
  it('carries the balance into a range and runs it through the entries, in date then entry order', async () => {
    const base = await sumBefore(own(), `${Y}-01-01`);
    const entries = [
      { paid_date: `${Y - 1}-12-15`, amount: 10_000, balance_check: 0, intended_use: '小口現金 補充' },
      { paid_date: `${Y}-01-20`, amount: -500, balance_check: 0, intended_use: '=SUM(A1:A9)' },
      { paid_date: `${Y}-01-05`, amount: -1_200, balance_check: 0, intended_use: '切手代' },
      { paid_date: `${Y}-01-05`, amount: 3_000, intended_use: '釣り銭 補充' },
      { paid_date: `${Y}-02-01`, amount: -100, balance_check: 0, intended_use: '翌月の支払い' },
    ];
    const created = [];
    for (const entry of entries) {
      const res = await add(own(), entry);
      expect(res.status).toBe(201);
      created.push(res.body);
    }
    const [staffUser] = await api.rows<{ name: string }>(sql`select name from users where mail = 'staff@example.com'`);
    expect(created[2]).toMatchObject({
      accommodation_id: own(),
      paid_date: `${Y}-01-05`,
      amount: -1_200,
      direction: 1,
      balance_check: 0,
      intended_use: '切手代',
      user_name: staffUser!.name,
      balance: base + 10_000 - 1_200,
    });
    expect(created[3]).toMatchObject({ direction: 0, balance_check: 0 });

    const list = await api.http.get(path(own(), `?start_date=${Y}-01-01&end_date=${Y}-01-31`), api.staff);
    expect(list.status).toBe(200);
    expect(list.body.start_date).toBe(`${Y}-01-01`);
    expect(list.body.end_date).toBe(`${Y}-01-31`);
    expect(list.body.carried_balance).toBe(base + 10_000);
    expect(list.body.cashes.map((c: any) => [c.paid_date, c.amount, c.balance, c.intended_use])).toEqual([
      [`${Y}-01-05`, -1_200, base + 8_800, '切手代'],
      [`${Y}-01-05`, 3_000, base + 11_800, '釣り銭 補充'],
      [`${Y}-01-20`, -500, base + 11_300, '=SUM(A1:A9)'],
    ]);
    expect(list.body.balance).toBe(base + 11_300);

    // A range without entries answers the carried balance as its balance.
    const empty = await api.http.get(path(own(), `?start_date=${Y}-03-01&end_date=${Y}-03-31`), api.staff);
    expect(empty.body).toMatchObject({ cashes: [], carried_balance: base + 11_200, balance: base + 11_200 });

    // Every entry left its audit row, with the money it moved.
    const trail = await api.rows<{ changes: any; accommodation_id: number }>(
      sql`select changes, accommodation_id from audit_log
          where target_type = 'petty_cash' and target_id = ${created[2].id} and action = 'create'`,
    );
    expect(trail).toHaveLength(1);
    expect(trail[0]!.accommodation_id).toBe(own());
    expect(trail[0]!.changes.amount).toEqual({ from: null, to: -1_200 });
  });

  it('answers next month, first to last day, by default', async () => {
    const range = defaultPettyCashRange();
    // An entry of this test in the middle of next month (the demo data's months are laid around the
    // day the template was seeded, which may be yesterday by now).
    const mine = await add(own(), {
      paid_date: range.start_date.replace(/-01$/, '-15'),
      amount: -300,
      intended_use: '来月の切手',
    });
    expect(mine.status).toBe(201);
    const res = await api.http.get(path(own()), api.staff);
    expect(res.status).toBe(200);
    expect(res.body.start_date).toBe(range.start_date);
    expect(res.body.end_date).toBe(range.end_date);
    expect(res.body.start_date.endsWith('-01')).toBe(true);
    expect(res.body.cashes.map((c: any) => c.id)).toContain(mine.body.id);
    expect(res.body.carried_balance).toBe(await sumBefore(own(), range.start_date));
  });

  it('writes the CSV through the one writer: BOM, CRLF, the formula neutralised, negative amounts kept', async () => {
    await add(own(), { paid_date: `${Y}-05-02`, amount: -1_200, intended_use: '@HYPERLINK("http://x")' });
    await add(own(), { paid_date: `${Y}-05-03`, amount: 4_000, intended_use: '=1+1' });
    await add(own(), { paid_date: `${Y}-05-04`, amount: -300, intended_use: '+81 電話代, 携帯' });
    const carried = await sumBefore(own(), `${Y}-05-01`);
    const { res, bytes } = await csvOf(own(), `?format=csv&start_date=${Y}-05-01&end_date=${Y}-05-31`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="cash_${own()}_${Y}-05-01_${Y}-05-31.csv"`,
    );
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).slice(1);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replaceAll('\r\n', '')).not.toContain('\n');
    const lines = text.split('\r\n');
    // The spec's five columns first; No., 状態, 訂正元, 訂正理由 after them (issue 32).
    expect(lines[0]).toBe('日付,金額,残高,用途,記入者,No.,状態,訂正元,訂正理由');
    expect(lines[1]).toBe(`${Y}-04-30,,${carried},前期繰越,,,,,`);
    expect(lines[2]).toMatch(new RegExp(`^${Y}-05-02,-1200,${carried - 1_200},"'@HYPERLINK\\(""http://x""\\)",`));
    expect(lines[3]).toMatch(new RegExp(`^${Y}-05-03,4000,${carried + 2_800},"'=1\\+1",`));
    const rows = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
    expect(rows.slice(1).map((r) => r[3])).toEqual([
      '前期繰越',
      `'@HYPERLINK("http://x")`,
      `'=1+1`,
      `'+81 電話代, 携帯`,
    ]);
    expect(rows[4]![1]).toBe('-300');
  });

  it('refuses bad input with Japanese messages on the field and writes nothing', async () => {
    const before = await count();
    const audits = await auditCount();
    const good = { paid_date: '2031-06-01', amount: -1_000, balance_check: 0, intended_use: '文具' };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ amount: 0 }, 'amount', '金額は0円以外で入力してください'],
      [{ amount: 1.5 }, 'amount', '金額は整数で入力してください'],
      [{ amount: '1000' }, 'amount', '金額は整数で入力してください'],
      [{ amount: 10_000_001 }, 'amount', '金額は1,000万円以内で入力してください'],
      [{ amount: -10_000_001 }, 'amount', '金額は1,000万円以内で入力してください'],
      [{ amount: undefined }, 'amount', '金額を入力してください'],
      [{ paid_date: '2031-02-30' }, 'paid_date', '日付を正しく入力してください'],
      [{ paid_date: '2031/06/01' }, 'paid_date', '日付を正しく入力してください'],
      [{ paid_date: '' }, 'paid_date', '日付を入力してください'],
      [{ paid_date: undefined }, 'paid_date', '日付を入力してください'],
      [{ intended_use: '  ' }, 'intended_use', '用途を入力してください'],
      [{ intended_use: undefined }, 'intended_use', '用途を入力してください'],
      [{ intended_use: 'a\u0007b' }, 'intended_use', '使用できない文字（改行などの制御文字）が含まれています'],
      [{ intended_use: '文具\n' + '代' }, 'intended_use', '使用できない文字（改行などの制御文字）が含まれています'],
      [{ intended_use: 'あ'.repeat(201) }, 'intended_use', '用途は200文字以内で入力してください'],
      [{ balance_check: 2 }, 'balance_check', '残高確認は0か1で指定してください'],
    ];
    for (const [change, field, message] of cases) {
      const res = await add(own(), { ...good, ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.errors[field], JSON.stringify(change)).toBe(message);
      expect(res.body.message).toMatch(/[ぁ-んァ-ヶ一-龠]/);
    }
    const query = async (q: string) => (await api.http.get(path(own(), q), api.staff)) as any;
    const reversed = await query('?start_date=2031-02-01&end_date=2031-01-31');
    expect(reversed.status).toBe(400);
    expect(reversed.body.errors.end_date).toBe('終了日は開始日以降の日付を入力してください');
    const long = await query('?start_date=2030-01-01&end_date=2031-01-02');
    expect(long.body.errors.end_date).toBe('期間は1年以内で指定してください');
    expect((await query('?start_date=2031-13-01')).body.errors.start_date).toBe('日付を正しく入力してください');
    expect((await query('?format=xls')).status).toBe(400);
    expect(await count()).toBe(before);
    expect(await auditCount()).toBe(audits);
  });

  it('is for the facility staff and administrators: another facility is 404 for staff', async () => {
    const before = await count();
    const body = { paid_date: `${Y}-07-01`, amount: 500, intended_use: '釣り銭' };
    expect((await api.http.get(path(other()), api.staff)).status).toBe(404);
    expect((await csvOf(other(), '?format=csv')).res.status).toBe(404);
    expect((await add(other(), body)).status).toBe(404);
    expect((await add(999_999, body, api.admin)).status).toBe(404);
    expect(await count()).toBe(before);
    const byAdmin = await add(other(), body, api.admin);
    expect(byAdmin.status).toBe(201);
    expect(
      (await api.http.get(path(other(), `?start_date=${Y}-07-01&end_date=${Y}-07-31`), api.admin)).body.cashes,
    ).toHaveLength(1);
    expect((await api.http.get(path(own()))).status).toBe(401);
  });
});
