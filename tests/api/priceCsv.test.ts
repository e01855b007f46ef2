import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, tokyoToday } from '../../contract/dates';
import { ownAndOtherPlans, signedInSuite, storedPrices, type PlanRef } from '../support/fixtures';

const api = signedInSuite();
let own: PlanRef;
let other: PlanRef;

const csvPath = (planId: number, check = false) => `/api/plans/${planId}/schedule/csv${check ? '/check' : ''}`;
const fixture = (name: string) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url));

/** Sends bytes as the multipart field csv, like the console's file input. */
function send(
  planId: number,
  bytes: Uint8Array | string,
  options: { check?: boolean; token?: string; type?: string } = {},
) {
  const form = new FormData();
  const part = typeof bytes === 'string' ? bytes : new Uint8Array(bytes);
  form.append('csv', new Blob([part], { type: options.type ?? 'text/csv' }), 'prices.csv');
  return api.http.send<any>('POST', csvPath(planId, options.check), { token: options.token ?? api.admin, body: form });
}
/**
 * A year the demo prices (3 months before today to 6 months after) never reach: the tests that read
 * back exactly what they imported write there. The bulk import writes from two years later on.
 */
const Y = Number(tokyoToday().slice(0, 4)) + 3;
const cells = (planId: number, from: string, to: string) => storedPrices(api, planId, from, to);
const fingerprint = async () =>
  (
    await api.rows<{ n: number; s: string }>(
      sql`select count(*)::int as n, coalesce(sum(price), 0)::text as s from plan_prices`,
    )
  )[0]!;

/** 日付,人数,料金 in Shift_JIS (JIS X 0208 codes of 日 付 人 数 料 金), as Japanese Excel saves it. */
const SJIS_HEADER = Buffer.from([0x93, 0xfa, 0x95, 0x74, 0x2c, 0x90, 0x6c, 0x90, 0x94, 0x2c, 0x97, 0xbf, 0x8b, 0xe0]);

beforeAll(async () => {
  ({ own, other } = await ownAndOtherPlans(api));
});

describe('price CSV', () => {
  it('reads a Shift_JIS file (the Excel default): dry run first, then the import', async () => {
    const bytes = Buffer.concat([SJIS_HEADER, Buffer.from(`\r\n${Y}-01-01,1,10000\r\n${Y}-01-01,2,15000\r\n`)]);
    // The header really is Shift_JIS and no UTF-8: the server must take the Shift_JIS path.
    expect(new TextDecoder('shift_jis').decode(SJIS_HEADER)).toBe('日付,人数,料金');
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toThrow();
    const before = await fingerprint();
    const check = await send(own.id, bytes, { check: true, token: api.staff });
    expect(check.status).toBe(200);
    expect(check.body).toEqual({
      items: [
        { target_date: `${Y}-01-01`, unit: 1, price: 10_000 },
        { target_date: `${Y}-01-01`, unit: 2, price: 15_000 },
      ],
      errors: [],
    });
    expect(await fingerprint()).toEqual(before);
    const imported = await send(own.id, bytes, { token: api.staff });
    expect(imported.status).toBe(200);
    expect(imported.body).toEqual({ count: 2 });
    expect(await cells(own.id, `${Y}-01-01`, `${Y}-01-01`)).toEqual(check.body.items);
  });

  it('reads a Shift_JIS file whose bad row says its reason in Japanese (fixture)', async () => {
    const bytes = fixture('prices-sjis.csv');
    const check = await send(own.id, bytes, { check: true });
    expect(check.status).toBe(200);
    expect(check.body.items).toEqual([{ target_date: '2032-02-01', unit: 1, price: 9_800 }]);
    // Line 1 is a Japanese comment (# 料金表), line 2 the header.
    expect(check.body.errors).toEqual([{ line: 4, reason: expect.stringContaining('2032-02-30') }]);
  });

  it('reads a UTF-8 file with a BOM and one without', async () => {
    const body = `日付,人数,料金\r\n${Y}-03-01,1,7000\r\n${Y}/3/2,1,"7,500"\r\n`;
    const withBom = await send(own.id, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(body)]));
    expect(withBom.status).toBe(200);
    expect(withBom.body).toEqual({ count: 2 });
    const plain = await send(own.id, body.replace('7000', '7100'));
    expect(plain.body).toEqual({ count: 2 });
    expect(await cells(own.id, `${Y}-03-01`, `${Y}-03-02`)).toEqual([
      { target_date: `${Y}-03-01`, unit: 1, price: 7_100 },
      { target_date: `${Y}-03-02`, unit: 1, price: 7_500 },
    ]);
  });

  it('names every bad row with its line and imports none of the file', async () => {
    const lines = [
      '日付,人数,料金',
      '2032-04-01,1,5000',
      `2032-04-01,${own.max_num + 1},5000`,
      '2032-02-30,1,5000',
      '2032-04-02,1,-1',
      '2032-04-03,1,abc',
      '2032-04-04,1',
      '2032-04-05,1,5000,extra',
      '2032-04-06,1,5000',
    ];
    const file = lines.join('\r\n');
    const before = await fingerprint();
    const check = await send(own.id, file, { check: true });
    expect(check.status).toBe(200);
    expect(check.body.items).toHaveLength(2);
    expect(check.body.errors.map((e: any) => e.line)).toEqual([3, 4, 5, 6, 7, 8]);
    expect(check.body.errors[0].reason).toBe(`人数がプランの最大人数（${own.max_num}人）を超えています`);
    expect(check.body.errors[1].reason).toContain('日付');
    expect(check.body.errors[2].reason).toContain('料金');
    expect(check.body.errors[3].reason).toContain('料金');
    expect(check.body.errors[4].reason).toContain('列の数');
    const imported = await send(own.id, file);
    expect(imported.status).toBe(400);
    expect(imported.body.code).toBe('csv_invalid');
    expect(imported.body.message).toContain('3行目');
    expect(Object.keys(imported.body.errors)).toEqual(['3', '4', '5', '6', '7', '8']);
    expect(await fingerprint()).toEqual(before);
  });

  it('imports nothing of 10,000 rows when one is bad, and names that line', async () => {
    const rows = ['日付,人数,料金'];
    for (let i = 0; rows.length <= 10_000; i++) {
      for (let unit = 1; unit <= own.max_num && rows.length <= 10_000; unit++) {
        rows.push(`${addDays('2033-01-01', i)},${unit},${10_000 + unit * 1_000}`);
      }
    }
    rows[7_778] = '2033-13-01,1,1000';
    const before = await fingerprint();
    const check = await send(own.id, rows.join('\r\n'), { check: true });
    expect(check.body.items).toHaveLength(9_999);
    expect(check.body.errors).toEqual([{ line: 7_779, reason: expect.stringContaining('2033-13-01') }]);
    const imported = await send(own.id, rows.join('\r\n'));
    expect(imported.status).toBe(400);
    expect(imported.body.errors).toEqual({ '7779': expect.stringContaining('7779行目') });
    expect(await fingerprint()).toEqual(before);
  });

  // How fast is measured by `npm run bench -- prices`, not asserted here (a shared machine's load would make it flaky).
  it('checks and imports 10,950 rows, and a second import updates every cell in place', async () => {
    const plan = { ...own };
    const rows = ['日付,人数,料金'];
    const units = Math.min(plan.max_num, 10);
    for (let i = 0; rows.length <= 10_950; i++) {
      for (let unit = 1; unit <= units && rows.length <= 10_950; unit++) {
        rows.push(`${addDays(`${Y + 2}-01-01`, i)},${unit},${20_000 + unit}`);
      }
    }
    const file = rows.join('\r\n');
    const check = await send(plan.id, file, { check: true });
    expect(check.body.errors).toEqual([]);
    const imported = await send(plan.id, file);
    expect(imported.body).toEqual({ count: 10_950 });
    // Again: every cell updated in place, none added.
    const before = (await fingerprint()).n;
    expect((await send(plan.id, file.replaceAll(',2000', ',3000'))).body).toEqual({ count: 10_950 });
    expect((await fingerprint()).n).toBe(before);
  });

  it('round-trips: the exported file imports as it is', async () => {
    const exported = await fetch(
      `${api.server.baseUrl}/api/admin/plans/${own.id}/schedules?format=csv&start_date=${Y}-01-01&end_date=${Y}-03-31`,
      { headers: { authorization: `Bearer ${api.admin}` } },
    );
    const bytes = new Uint8Array(await exported.arrayBuffer());
    const before = await cells(own.id, `${Y}-01-01`, `${Y}-03-31`);
    expect(before.length).toBeGreaterThan(0);
    const check = await send(own.id, bytes, { check: true });
    expect(check.body).toEqual({ items: before, errors: [] });
    // A changed price in the file reaches the grid.
    const changed = Buffer.from(bytes).toString('utf8').replace(`${Y}-01-01,1,10000`, `${Y}-01-01,1,11111`);
    expect((await send(own.id, changed)).body).toEqual({ count: before.length });
    expect((await cells(own.id, `${Y}-01-01`, `${Y}-01-01`))[0]!.price).toBe(11_111);
  });

  it('refuses a file that is no CSV (415), one too large (413), a missing file (400)', async () => {
    const before = await fingerprint();
    const png = Buffer.from([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
    ]);
    for (const check of [true, false]) {
      const binary = await send(own.id, png, { check, type: 'application/octet-stream' });
      expect(binary.status).toBe(415);
      expect(binary.body.code).toBe('unsupported_media_type');
      const wrongType = await send(own.id, '日付,人数,料金\r\n2032-05-01,1,1000\r\n', { check, type: 'image/png' });
      expect(wrongType.status).toBe(415);
      const large = await send(own.id, `日付,人数,料金\r\n${'2032-05-01,1,1000\r\n'.repeat(300_000)}`, { check });
      expect(large.status).toBe(413);
      expect(large.body.code).toBe('payload_too_large');
      const form = new FormData();
      form.append('other', 'x');
      const missing = await api.http.send<any>('POST', csvPath(own.id, check), { token: api.admin, body: form });
      expect(missing.status).toBe(400);
      expect(missing.body.errors.csv).toBe('CSVファイルを選択してください');
      const raw = await api.http.send<any>('POST', csvPath(own.id, check), {
        token: api.admin,
        body: '2032-05-01,1,1000',
        headers: { 'content-type': 'text/csv' },
      });
      expect(raw.status).toBe(415);
    }
    // Excel's own type for .csv on Windows is fine.
    const excel = await send(own.id, '2032-05-01,1,1000\r\n', { check: true, type: 'application/vnd.ms-excel' });
    expect(excel.body.items).toHaveLength(1);
    expect(await fingerprint()).toEqual(before);
  });

  it('answers 404 for a plan staff may not reach, writing nothing', async () => {
    const before = await fingerprint();
    const file = '日付,人数,料金\r\n2032-06-01,1,1000\r\n';
    expect((await send(other.id, file, { check: true, token: api.staff })).status).toBe(404);
    expect((await send(other.id, file, { token: api.staff })).status).toBe(404);
    expect((await send(999_999, file)).status).toBe(404);
    expect(await fingerprint()).toEqual(before);
    expect((await send(other.id, file, { token: api.admin })).status).toBe(200);
  });
});
