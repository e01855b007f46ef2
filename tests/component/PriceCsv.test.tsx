import { fireEvent, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { MAX_PRICE_CSV_BYTES, priceMessages } from '../../contract/price';
import { HttpError } from '../../dataProvider/http';
import { PriceCsv } from '../../resources/plans/prices/PriceCsvPage';
import { priceQueryKeys } from '../../resources/plans/prices/priceQueries';
import { renderView } from './crudHarness';
import { buildPlan } from './plan.fixtures';
import { priceProvider } from './priceProvider';

/** The CSV screen of plan 21 (accommodation 1); the provider's price methods answer per test. */
function renderCsv() {
  const store = priceProvider([buildPlan(4)]);
  const queryClient = new QueryClient();
  renderView(<PriceCsv accommodationId={1} planId={21} />, store.provider, {
    path: '/m/accommodation/1/plan/21/price/csv',
    queryClient,
  });
  return { ...store, queryClient };
}

const csvFile = (name: string) => new File(['日付,人数,料金\r\n2026-04-01,1,18000\r\n'], name, { type: 'text/csv' });
const choose = (file: File) => fireEvent.change(screen.getByTestId('csv-file'), { target: { files: [file] } });
const testSend = () => screen.getByRole('button', { name: 'テスト送信' });
const update = () => screen.getByRole('button', { name: '更新' });

const items = Array.from({ length: 25 }, (_, i) => ({
  target_date: `2026-04-${String(i + 1).padStart(2, '0')}`,
  unit: 1,
  price: 18000 + i,
}));

describe('PriceCsv', () => {
  it('keeps 更新 disabled until a file passed a dry run', () => {
    const { calls } = renderCsv();
    expect(testSend()).toBeDisabled();
    expect(update()).toBeDisabled();
    choose(csvFile('a.csv'));
    expect(screen.getByText('a.csv')).toBeInTheDocument();
    expect(testSend()).toBeEnabled();
    expect(update()).toBeDisabled();
    // Choosing a file reads it in the browser only.
    expect(calls).toEqual([]);
  });

  it('shows every dry-run error with its line number and keeps 更新 disabled', async () => {
    const { prices: sent } = renderCsv();
    sent.checkPriceCsv.mockResolvedValue({
      items: items.slice(0, 1),
      errors: [
        { line: 3, reason: priceMessages.price },
        { line: 7, reason: priceMessages.unitOverPlan(4) },
      ],
    });
    const file = csvFile('bad.csv');
    choose(file);
    fireEvent.click(testSend());
    expect(await screen.findByText(`3行目: ${priceMessages.price}`)).toBeInTheDocument();
    expect(screen.getByText(`7行目: ${priceMessages.unitOverPlan(4)}`)).toBeInTheDocument();
    expect(sent.checkPriceCsv).toHaveBeenCalledWith(21, file);
    expect(update()).toBeDisabled();
    expect(sent.importPriceCsv).not.toHaveBeenCalled();
  });

  it('enables 更新 after a clean dry run, shows the first 20 rows, imports and goes back to the grid', async () => {
    const { prices: sent, queryClient } = renderCsv();
    sent.checkPriceCsv.mockResolvedValue({ items, errors: [] });
    sent.importPriceCsv.mockResolvedValue({ count: 25 });
    // A month of the plan read before: the price list must read it again after the import.
    const april = priceQueryKeys.period(21, '2026-04-01', '2026-04-30');
    queryClient.setQueryData(april, []);
    const file = csvFile('good.csv');
    choose(file);
    fireEvent.click(testSend());
    expect(await screen.findByText('登録される料金: 25件')).toBeInTheDocument();
    expect(screen.getByText('2026年4月20日')).toBeInTheDocument();
    expect(screen.queryByText('2026年4月21日')).not.toBeInTheDocument();
    await waitFor(() => expect(update()).toBeEnabled());

    // Choosing another file asks for a new dry run.
    choose(csvFile('other.csv'));
    expect(update()).toBeDisabled();
    choose(file);
    fireEvent.click(testSend());
    await waitFor(() => expect(update()).toBeEnabled());

    fireEvent.click(update());
    await waitFor(() => expect(sent.importPriceCsv).toHaveBeenCalledWith(21, file));
    expect(await screen.findByText('25件の料金を更新しました。')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/m/accommodation/1/plan/21/price'));
    // The list opens at the file's first date.
    expect(screen.getByTestId('location')).toHaveAttribute('data-search', '?month=2026-04-01');
    expect(queryClient.getQueryData(april)).toBeUndefined();
  });

  it("lists a refused import's lines and stays on the page", async () => {
    const { prices: sent } = renderCsv();
    sent.checkPriceCsv.mockResolvedValue({ items: items.slice(0, 1), errors: [] });
    const reason = `2行目: ${priceMessages.unitOverPlan(4)}`;
    sent.importPriceCsv.mockRejectedValue(
      new HttpError('CSVの内容に誤りがあります', 400, { message: 'CSVの内容に誤りがあります', errors: { 2: reason } }),
    );
    choose(csvFile('late.csv'));
    fireEvent.click(testSend());
    await waitFor(() => expect(update()).toBeEnabled());
    fireEvent.click(update());
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(await screen.findByText('CSVの内容に誤りがあります')).toBeInTheDocument();
    expect(update()).toBeDisabled();
    expect(screen.getByTestId('location').textContent).toBe('/m/accommodation/1/plan/21/price/csv');
  });

  it('reads the chosen file at once: its rows and every bad row by physical line, before テスト送信', async () => {
    const { prices: sent } = renderCsv();
    const text = [
      '日付,人数,料金', // 1
      '"2026-04-01",1,"18,000"', // 2
      '"2026-04-02', // 3: a quoted date over two lines
      '（メモ）",1,100', // 4
      '2026/4/3,1,abc', // 5
      '2026-04-04,99,1000', // 6: no headcount bound without the plan; the server names it
      '2026-04-01,1,500', // 7
    ].join('\r\n');
    choose(new File([text], 'local.csv', { type: 'text/csv' }));
    const local = await screen.findByTestId('csv-local-errors');
    expect([...local.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      `3行目: ${priceMessages.date}: 2026-04-02\n（メモ）`,
      `5行目: ${priceMessages.price}`,
      `7行目: ${priceMessages.duplicate(2)}`,
    ]);
    expect(screen.getByText('このファイルの料金: 2件（送信前の確認）')).toBeInTheDocument();
    expect(screen.getByText('エラー: 3件')).toBeInTheDocument();
    // Nothing was sent; テスト送信 and 更新 work as before.
    expect(sent.checkPriceCsv).not.toHaveBeenCalled();
    expect(testSend()).toBeEnabled();
    expect(update()).toBeDisabled();
  });

  it('reads a Shift_JIS file as the server does and says so when the format is clean', async () => {
    renderCsv();
    // 日付,人数,料金 in Shift_JIS, as Japanese Excel saves it.
    const header = [0x93, 0xfa, 0x95, 0x74, 0x2c, 0x90, 0x6c, 0x90, 0x94, 0x2c, 0x97, 0xbf, 0x8b, 0xe0];
    const body = new TextEncoder().encode('\r\n2026-04-01,1,10000\r\n2026-04-01,2,15000\r\n');
    choose(new File([new Uint8Array([...header, ...body])], 'sjis.csv', { type: 'text/csv' }));
    expect(await screen.findByText('このファイルの料金: 2件（送信前の確認）')).toBeInTheDocument();
    expect(screen.getByText(/形式の誤りはありません/)).toBeInTheDocument();
    expect(screen.queryByTestId('csv-local-errors')).not.toBeInTheDocument();
  });

  it('refuses a file that is no text, or too large, with the contract message', async () => {
    renderCsv();
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]);
    choose(new File([png], 'image.csv'));
    expect(await screen.findByText(priceMessages.notCsv)).toBeInTheDocument();
    choose(new File([new Uint8Array(MAX_PRICE_CSV_BYTES + 1)], 'large.csv'));
    expect(await screen.findByText(priceMessages.tooLarge)).toBeInTheDocument();
    expect(screen.queryByText(priceMessages.notCsv)).not.toBeInTheDocument();
  });

  it("shows the server's dry run in place of the local check once テスト送信 answers", async () => {
    const { prices: sent } = renderCsv();
    sent.checkPriceCsv.mockResolvedValue({ items: [], errors: [{ line: 2, reason: priceMessages.unitOverPlan(4) }] });
    const file = new File(['日付,人数,料金\r\n2026-04-01,9,18000\r\n'], 'over.csv', { type: 'text/csv' });
    choose(file);
    expect(await screen.findByText('このファイルの料金: 1件（送信前の確認）')).toBeInTheDocument();
    fireEvent.click(testSend());
    expect(await screen.findByText(`2行目: ${priceMessages.unitOverPlan(4)}`)).toBeInTheDocument();
    expect(screen.queryByTestId('csv-local-check')).not.toBeInTheDocument();
    expect(sent.checkPriceCsv).toHaveBeenCalledWith(21, file);
  });
});
