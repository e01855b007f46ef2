import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { priceMessages } from '../../contract/price';
import * as api from '../../dataProvider/pricesApi';
import { PriceCsv } from '../../resources/prices';
import { AppNotification } from '../../src/components/AppNotification';
import { renderInAdmin } from './helpers';

vi.mock('../../dataProvider/pricesApi', () => ({
  checkPriceCsv: vi.fn(),
  importPriceCsv: vi.fn(),
}));
const mocked = vi.mocked(api);

function renderCsv() {
  renderInAdmin(
    <>
      <PriceCsv accommodationId={1} planId={21} />
      <AppNotification />
    </>,
    { path: '/m/accommodation/1/plan/21/price/csv' },
  );
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
  beforeEach(() => vi.clearAllMocks());

  it('keeps 更新 disabled until a file passed a dry run', () => {
    renderCsv();
    expect(testSend()).toBeDisabled();
    expect(update()).toBeDisabled();
    choose(csvFile('a.csv'));
    expect(screen.getByText('a.csv')).toBeInTheDocument();
    expect(testSend()).toBeEnabled();
    expect(update()).toBeDisabled();
  });

  it('shows every dry-run error with its line number and keeps 更新 disabled', async () => {
    mocked.checkPriceCsv.mockResolvedValue({
      items: items.slice(0, 1),
      errors: [
        { line: 3, reason: priceMessages.price },
        { line: 7, reason: priceMessages.unitOverPlan(4) },
      ],
    });
    renderCsv();
    const file = csvFile('bad.csv');
    choose(file);
    fireEvent.click(testSend());
    expect(await screen.findByText(`3行目: ${priceMessages.price}`)).toBeInTheDocument();
    expect(screen.getByText(`7行目: ${priceMessages.unitOverPlan(4)}`)).toBeInTheDocument();
    expect(mocked.checkPriceCsv).toHaveBeenCalledWith(21, file);
    expect(update()).toBeDisabled();
    expect(mocked.importPriceCsv).not.toHaveBeenCalled();
  });

  it('enables 更新 after a clean dry run, shows the first 20 rows, imports and goes back to the grid', async () => {
    mocked.checkPriceCsv.mockResolvedValue({ items, errors: [] });
    mocked.importPriceCsv.mockResolvedValue({ count: 25 });
    renderCsv();
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
    await waitFor(() => expect(mocked.importPriceCsv).toHaveBeenCalledWith(21, file));
    expect(await screen.findByText('25件の料金を更新しました。')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/m/accommodation/1/plan/21/price'));
    // The list opens at the file's first date.
    expect(screen.getByTestId('location')).toHaveAttribute('data-search', '?month=2026-04-01');
  });
});
