// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PriceRuleSet } from '../../contract/priceRule';
import { createDataProvider } from '../../dataProvider/dataProvider';
import { HttpError } from '../../dataProvider/http';
import { attachmentName } from '../../dataProvider/methods/csvDownload';
import { clearSession, setTokens } from '../../dataProvider/tokenStore';
import { json, stubFetch } from './fetchStub';

/** The price calls of spec section 7 ("Prices") as custom methods of the console's one dataProvider. */
const provider = createDataProvider();

const rule: PriceRuleSet = {
  base_price: 10000,
  unit_step: [0, 4000],
  week_step: [0, 0, 0, 0, 0, 0, 3000],
  holiday_step: [2000, 5000],
};

/** The FormData a multipart call handed to fetch (the stub's `body` is its string form). */
function sentForm(fetchMock: ReturnType<typeof stubFetch>['fetchMock'], index = 0): FormData {
  const body = fetchMock.mock.calls[index]![1]!.body;
  expect(body).toBeInstanceOf(FormData);
  return body as FormData;
}

beforeEach(() => {
  setTokens({ access_token: 'access', refresh_token: 'refresh', expires_in: 900 });
});

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('price methods of the dataProvider', () => {
  it('lists the cells of a period: GET /admin/plans/{planId}/schedules?start_date&end_date', async () => {
    const prices = [{ id: 101, target_date: '2026-04-01', unit: 1, price: 18000 }];
    const { calls } = stubFetch(() => json(200, { prices }));
    await expect(provider.listPrices(21, '2026-04-01', '2026-04-30')).resolves.toEqual(prices);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe('GET');
    expect(calls[0]!.url).toBe('/api/admin/plans/21/schedules?start_date=2026-04-01&end_date=2026-04-30');
    expect(calls[0]!.headers.get('Authorization')).toBe('Bearer access');
  });

  it('hands the abort signal of a list to fetch', async () => {
    const { fetchMock } = stubFetch(() => json(200, { prices: [] }));
    const controller = new AbortController();
    await provider.listPrices(21, '2026-04-01', '2026-04-30', controller.signal);
    expect(fetchMock.mock.calls[0]![1]!.signal).toBe(controller.signal);
  });

  it('updates one cell: PATCH /admin/plans/{planId}/schedules/{id} with { price }', async () => {
    const stored = { id: 102, target_date: '2026-04-01', unit: 2, price: 25000 };
    const { calls } = stubFetch(() => json(200, stored));
    await expect(provider.updatePrice(21, 102, 25000)).resolves.toEqual(stored);
    expect(calls[0]!.method).toBe('PATCH');
    expect(calls[0]!.url).toBe('/api/admin/plans/21/schedules/102');
    expect(JSON.parse(calls[0]!.body)).toEqual({ price: 25000 });
    expect(calls[0]!.headers.get('Content-Type')).toBe('application/json');
  });

  it("reads the creator's last rule: GET /admin/plans/{planId}/price_rule, null before the first", async () => {
    const stored = { ...rule, updated_at: '2026-11-01T10:00:00.000+09:00' };
    const { calls } = stubFetch(({ url }) => json(200, { rule_set: url.includes('/21/') ? stored : null }));
    await expect(provider.getPriceRule(21)).resolves.toEqual(stored);
    await expect(provider.getPriceRule(22)).resolves.toBeNull();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/admin/plans/21/price_rule',
      'GET /api/admin/plans/22/price_rule',
    ]);
  });

  it("writes the creator's cells with its rule: POST /admin/plans/{planId}/schedules { prices, rule_set }", async () => {
    const prices = [
      { target_date: '2027-05-03', unit: 1, price: 12000 },
      { target_date: '2027-05-03', unit: 2, price: 16000 },
    ];
    const { calls } = stubFetch(() => json(201, { count: 2 }));
    await expect(provider.createPrices(21, prices, rule)).resolves.toBe(2);
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.url).toBe('/api/admin/plans/21/schedules');
    expect(JSON.parse(calls[0]!.body)).toEqual({ prices, rule_set: rule });
  });

  it('downloads the CSV: GET /admin/plans/{planId}/schedules?format=csv, a UTF-8 file with one BOM and its name', async () => {
    const { calls } = stubFetch(
      () =>
        new Response('\uFEFF日付,人数,料金\r\n2027-05-06,1,9500\r\n', {
          status: 200,
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': `attachment; filename="plan_21.csv"; filename*=UTF-8''${encodeURIComponent('料金_21.csv')}`,
          },
        }),
    );
    const file = await provider.downloadPricesCsv(21);
    expect(calls[0]!.method).toBe('GET');
    expect(calls[0]!.url).toBe('/api/admin/plans/21/schedules?format=csv');
    expect(calls[0]!.headers.get('Accept')).toBe('text/csv');
    expect(file.filename).toBe('料金_21.csv');
    expect(file.blob.type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array(await file.blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe('日付,人数,料金\r\n2027-05-06,1,9500\r\n');
  });

  it('names the CSV file after the plan when the answer names none', async () => {
    stubFetch(() => new Response('日付,人数,料金\r\n', { status: 200, headers: { 'Content-Type': 'text/csv' } }));
    expect((await provider.downloadPricesCsv(7)).filename).toBe('plan_7_prices.csv');
    expect(attachmentName('attachment; filename="a.csv"', 'x.csv')).toBe('a.csv');
    expect(attachmentName("attachment; filename*=UTF-8''%E0%A4%A", 'x.csv')).toBe('x.csv');
  });

  it('sends a CSV dry run as multipart, field csv: POST /plans/{planId}/schedule/csv/check', async () => {
    const check = { items: [{ target_date: '2026-04-01', unit: 1, price: 18000 }], errors: [] };
    const { calls, fetchMock } = stubFetch(() => json(200, check));
    const file = new File(['日付,人数,料金\r\n2026-04-01,1,18000\r\n'], 'prices.csv', { type: 'text/csv' });
    await expect(provider.checkPriceCsv(21, file)).resolves.toEqual(check);
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.url).toBe('/api/plans/21/schedule/csv/check');
    // fetch sets the multipart boundary itself: no Content-Type of ours.
    expect(calls[0]!.headers.get('Content-Type')).toBeNull();
    const form = sentForm(fetchMock);
    expect([...form.keys()]).toEqual(['csv']);
    const sent = form.get('csv') as File;
    expect(sent.name).toBe('prices.csv');
    expect(await sent.text()).toBe('日付,人数,料金\r\n2026-04-01,1,18000\r\n');
  });

  it('imports a CSV as multipart, field csv: POST /plans/{planId}/schedule/csv; a refusal keeps its lines', async () => {
    const file = new File(['日付,人数,料金\r\n2026-04-01,9,18000\r\n'], 'bad.csv', { type: 'text/csv' });
    let refuse = false;
    const { calls, fetchMock } = stubFetch(() =>
      refuse
        ? json(400, { code: 'validation', message: 'CSVの内容に誤りがあります', errors: { 2: '2行目: 人数' } })
        : json(200, { count: 1 }),
    );
    await expect(provider.importPriceCsv(21, file)).resolves.toEqual({ count: 1 });
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.url).toBe('/api/plans/21/schedule/csv');
    expect(sentForm(fetchMock).get('csv')).toBeInstanceOf(Blob);

    refuse = true;
    const failure = await provider.importPriceCsv(21, file).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect((failure as HttpError).status).toBe(400);
    expect((failure as HttpError).body).toMatchObject({ errors: { 2: '2行目: 人数' } });
  });
});
