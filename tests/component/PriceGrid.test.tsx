import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { priceMessages } from '../../contract/price';
import { HttpError } from '../../dataProvider/http';
import type { PriceEntry } from '../../dataProvider/methods/prices';
import { PriceGrid } from '../../resources/plans/prices/PriceGrid';
import { priceQueryKeys } from '../../resources/plans/prices/priceQueries';
import { renderView } from './crudHarness';
import { buildPlan } from './plan.fixtures';
import { priceProvider } from './priceProvider';

const prices: PriceEntry[] = [
  { id: 101, target_date: '2026-04-01', unit: 1, price: 18000 },
  { id: 102, target_date: '2026-04-01', unit: 2, price: 24000 },
];
const april = priceQueryKeys.period(21, '2026-04-01', '2026-04-30');

/** Plan 21 of accommodation 1 in the provider, its April cells, and the grid opened at April 2026. */
function renderGrid(maxNum = 2, plans = [buildPlan(maxNum)], entries = prices) {
  const store = priceProvider(plans);
  store.prices.listPrices.mockResolvedValue(entries);
  store.prices.updatePrice.mockImplementation((_plan, id, price) =>
    Promise.resolve({ ...entries.find((p) => p.id === id)!, price }),
  );
  const queryClient = new QueryClient();
  renderView(<PriceGrid accommodationId={1} planId={21} initialMonth="2026-04-15" />, store.provider, {
    path: '/m/accommodation/1/plan/21/price',
    queryClient,
  });
  return { ...store, queryClient };
}

const cell = (label: string) => screen.findByLabelText(label) as Promise<HTMLInputElement>;

describe('PriceGrid', () => {
  it('shows public holidays red like Sundays, with the name of the holiday', async () => {
    // April 2026: 29日(水) is 昭和の日, 5日 a Sunday, 1日 a plain Wednesday.
    renderGrid();
    // waitFor retries only what throws: a row not drawn yet must throw, not answer null.
    const row = (date: string) =>
      waitFor(() => {
        const cell = document.querySelector(`tr[data-date="${date}"] td`);
        if (!cell) throw new Error(`no row for ${date} yet`);
        return cell;
      });
    // The holiday table loads on its own (a slow machine takes more than waitFor's default second).
    await waitFor(async () => expect((await row('2026-04-29')).getAttribute('title')).toBe('昭和の日'), {
      timeout: 5000,
    });
    const red = getComputedStyle(await row('2026-04-05')).color;
    expect(getComputedStyle(await row('2026-04-29')).color).toBe(red);
    expect(getComputedStyle(await row('2026-04-01')).color).not.toBe(red);
  });

  it('shows the plan name, a row per date and a column per headcount', async () => {
    const { callsOf, prices: sent } = renderGrid(2);
    expect(await screen.findByText('スタンダードプラン')).toBeInTheDocument();
    expect(callsOf('getOne', 'plans').map((c) => c.params)).toEqual([
      expect.objectContaining({ id: 21, meta: { accommodationId: 1 } }),
    ]);
    expect(sent.listPrices).toHaveBeenCalledWith(21, '2026-04-01', '2026-04-30', expect.any(AbortSignal));
    const grid = await screen.findByTestId('price-grid');
    expect(grid.querySelectorAll('tbody tr')).toHaveLength(30);
    expect(screen.getByText('1人')).toBeInTheDocument();
    expect(screen.getByText('2人')).toBeInTheDocument();
    expect(screen.queryByText('3人')).not.toBeInTheDocument();
    expect(grid).toHaveAttribute('data-compact', 'false');
    // Shown with separators; typed back as digits, an unchanged price shows with them again.
    const first = await cell('4月1日(水) 1人の料金');
    expect(first.value).toBe('18,000');
    fireEvent.change(first, { target: { value: '18000' } });
    fireEvent.blur(first);
    expect(first.value).toBe('18,000');
    expect(screen.getByRole('link', { name: 'CSV更新' })).toHaveAttribute(
      'href',
      '/m/accommodation/1/plan/21/price/csv',
    );
    expect(screen.getByRole('link', { name: '新規作成' })).toHaveAttribute(
      'href',
      '/m/accommodation/1/plan/21/price/creator',
    );
  });

  it('is compact above 5 headcounts and loads the next month', async () => {
    const { prices: sent } = renderGrid(6);
    expect(await screen.findByTestId('price-grid')).toHaveAttribute('data-compact', 'true');
    expect(screen.getByText('6人')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '翌月' }));
    await waitFor(() =>
      expect(sent.listPrices).toHaveBeenLastCalledWith(21, '2026-05-01', '2026-05-31', expect.any(AbortSignal)),
    );
    expect(await screen.findByText('2026年5月')).toBeInTheDocument();
  });

  it('sends nothing on blur of an unchanged cell', async () => {
    const { prices: sent } = renderGrid();
    const input = await cell('4月1日(水) 1人の料金');
    fireEvent.focus(input);
    fireEvent.blur(input);
    fireEvent.change(input, { target: { value: '18000' } });
    fireEvent.blur(input);
    expect(sent.updatePrice).not.toHaveBeenCalled();
  });

  it('sends PATCH { price } for a changed cell with an id, once', async () => {
    const { prices: sent, queryClient } = renderGrid();
    const input = await cell('4月1日(水) 2人の料金');
    fireEvent.change(input, { target: { value: '25000' } });
    fireEvent.blur(input);
    await waitFor(() => expect(sent.updatePrice).toHaveBeenCalledWith(21, 102, 25000));
    // The saved price is the new baseline: the cell is drawn again from it, and leaving it sends nothing.
    await waitFor(() => expect(screen.getByLabelText('4月1日(水) 2人の料金')).not.toBe(input));
    const again = await cell('4月1日(水) 2人の料金');
    expect(again).not.toBeDisabled();
    expect(again.value).toBe('25,000');
    fireEvent.blur(again);
    expect(sent.updatePrice).toHaveBeenCalledTimes(1);
    // The saved cell replaced its entry in the cached month; the month was not read again.
    expect(queryClient.getQueryData<PriceEntry[]>(april)).toContainEqual({ ...prices[1], price: 25000 });
    expect(sent.listPrices).toHaveBeenCalledTimes(1);
  });

  it('keeps what the server stored when a save is refused', async () => {
    const { prices: sent } = renderGrid();
    sent.updatePrice.mockRejectedValueOnce(
      new HttpError('料金は0以上の整数で入力してください', 400, { message: '料金は0以上の整数で入力してください' }),
    );
    const input = await cell('4月1日(水) 2人の料金');
    fireEvent.change(input, { target: { value: '25000' } });
    fireEvent.blur(input);
    expect(await screen.findByText('料金は0以上の整数で入力してください')).toBeInTheDocument();
    await waitFor(() => expect(input).not.toBeDisabled());
    expect(input.value).toBe('24,000');
  });

  it('reads the month again when a write elsewhere invalidates the plans', async () => {
    const { prices: sent, queryClient } = renderGrid();
    expect(await cell('4月1日(水) 1人の料金')).toHaveValue('18,000');
    sent.listPrices.mockResolvedValue([{ ...prices[0]!, price: 19000 }, prices[1]!]);
    await queryClient.invalidateQueries({ queryKey: ['plans'] });
    expect(sent.listPrices).toHaveBeenCalledTimes(2);
    await waitFor(async () => expect(await cell('4月1日(水) 1人の料金')).toHaveValue('19,000'));
  });

  it('says so when the plan is not there, at once', async () => {
    const { prices: sent, callsOf } = renderGrid(2, []);
    expect(await screen.findByText('プランが見つかりません。')).toBeInTheDocument();
    expect(callsOf('getOne', 'plans')).toHaveLength(1);
    expect(screen.queryByTestId('price-grid')).not.toBeInTheDocument();
    expect(sent.updatePrice).not.toHaveBeenCalled();
  });

  it('says so when a month could not be read', async () => {
    const { prices: sent } = renderGrid();
    sent.listPrices.mockRejectedValue(new HttpError('サーバーエラー', 500));
    fireEvent.click(await screen.findByRole('button', { name: '翌月' }));
    expect(await screen.findByText('料金を読み込めませんでした。')).toBeInTheDocument();
    expect(screen.queryByTestId('price-grid')).not.toBeInTheDocument();
  });

  it('asks the provider for the CSV file and says so when it fails', async () => {
    const { prices: sent } = renderGrid();
    sent.downloadPricesCsv.mockRejectedValue(new HttpError('サーバーエラー', 500));
    fireEvent.click(await screen.findByRole('button', { name: 'CSVダウンロード' }));
    expect(await screen.findByText('CSVをダウンロードできませんでした。')).toBeInTheDocument();
    expect(sent.downloadPricesCsv).toHaveBeenCalledWith(21);
  });

  it('shows the Japanese message for a bad price and restores the cell', async () => {
    const { prices: sent } = renderGrid();
    const input = await cell('4月1日(水) 1人の料金');
    fireEvent.change(input, { target: { value: '-5' } });
    fireEvent.blur(input);
    expect(await screen.findByText(priceMessages.price)).toBeInTheDocument();
    expect(input.value).toBe('18,000');
    expect(sent.updatePrice).not.toHaveBeenCalled();
  });

  it('says a month has no prices yet and links to the creator, instead of a grid of grey cells', async () => {
    const { prices: sent } = renderGrid();
    sent.listPrices.mockResolvedValue([]);
    fireEvent.click(await screen.findByRole('button', { name: '翌月' }));
    const empty = await screen.findByTestId('price-month-empty');
    expect(empty).toHaveTextContent('この月の料金はまだありません。「新規作成」から作成してください。');
    expect(within(empty).getByRole('link', { name: '新規作成' })).toHaveAttribute(
      'href',
      '/m/accommodation/1/plan/21/price/creator',
    );
    expect(screen.queryByTestId('price-grid')).not.toBeInTheDocument();
    // A month with prices shows its grid and no such message.
    fireEvent.click(screen.getByRole('button', { name: '前月' }));
    expect(await screen.findByTestId('price-grid')).toBeInTheDocument();
    expect(screen.queryByTestId('price-month-empty')).not.toBeInTheDocument();
  });

  it('leaves cells without an id disabled', async () => {
    renderGrid();
    expect(await cell('4月2日(木) 1人の料金')).toBeDisabled();
  });

  describe('keys like a spreadsheet', () => {
    // 4月1日, 2日 and 4日 have both cells; 3日 has none (its cells are disabled and skipped).
    const days = ['2026-04-01', '2026-04-02', '2026-04-04'];
    const month: PriceEntry[] = days.flatMap((date, d) =>
      [1, 2].map((unit) => ({ id: 200 + d * 10 + unit, target_date: date, unit, price: 10000 * unit + d * 1000 })),
    );
    const focused = () => (document.activeElement as HTMLElement | null)?.getAttribute('aria-label');

    async function keyedGrid() {
      const store = renderGrid(2, [buildPlan(2)], month);
      await waitFor(async () => expect(await cell('4月4日(土) 2人の料金')).not.toBeDisabled(), { timeout: 5000 });
      return { ...store, user: userEvent.setup() };
    }

    it('Enter commits the cell and moves down; the arrows move, skipping days without prices', async () => {
      const { prices: sent, user } = await keyedGrid();
      await user.click(await cell('4月1日(水) 1人の料金'));
      await user.clear(await cell('4月1日(水) 1人の料金'));
      await user.keyboard('19000{Enter}');
      expect(focused()).toBe('4月2日(木) 1人の料金');
      await waitFor(() => expect(sent.updatePrice).toHaveBeenCalledWith(21, 201, 19000));
      // Reached by the keyboard, its text selected: the arrows move on at once.
      expect((document.activeElement as HTMLInputElement).selectionEnd).toBe('11,000'.length);
      await user.keyboard('{ArrowDown}');
      expect(focused()).toBe('4月4日(土) 1人の料金');
      await user.keyboard('{ArrowRight}');
      expect(focused()).toBe('4月4日(土) 2人の料金');
      await user.keyboard('{ArrowRight}');
      expect(focused()).toBe('4月4日(土) 2人の料金');
      await user.keyboard('{ArrowUp}');
      expect(focused()).toBe('4月2日(木) 2人の料金');
      await user.keyboard('{ArrowLeft}');
      expect(focused()).toBe('4月2日(木) 1人の料金');
      await user.keyboard('{Shift>}{Enter}{/Shift}');
      expect(focused()).toBe('4月1日(水) 1人の料金');
      // Tab moves right, as in a spreadsheet.
      await user.tab();
      expect(focused()).toBe('4月1日(水) 2人の料金');
      // Nothing moved changed: only the one typed price was sent.
      expect(sent.updatePrice).toHaveBeenCalledTimes(1);
    });

    it('in a cell being edited, left and right move the caret until it is at the edge', async () => {
      const { user } = await keyedGrid();
      const input = await cell('4月2日(木) 2人の料金');
      await user.click(input);
      input.setSelectionRange(2, 2);
      await user.keyboard('{ArrowLeft}');
      expect(focused()).toBe('4月2日(木) 2人の料金');
      input.setSelectionRange(0, 0);
      await user.keyboard('{ArrowLeft}');
      expect(focused()).toBe('4月2日(木) 1人の料金');
      const left = await cell('4月2日(木) 1人の料金');
      await user.click(left);
      left.setSelectionRange(left.value.length, left.value.length);
      await user.keyboard('{ArrowRight}');
      expect(focused()).toBe('4月2日(木) 2人の料金');
    });

    it('Enter on the last day with a price leaves the cell, which saves it', async () => {
      const { prices: sent, user } = await keyedGrid();
      const last = await cell('4月4日(土) 1人の料金');
      await user.click(last);
      await user.clear(last);
      await user.keyboard('１２３４５{Enter}');
      await waitFor(() => expect(sent.updatePrice).toHaveBeenCalledWith(21, 221, 12345));
      expect(document.activeElement).not.toBe(last);
    });
  });
});
