import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { priceMessages } from '../../contract/price';
import * as catalogue from '../../dataProvider/catalogueApi';
import * as api from '../../dataProvider/pricesApi';
import { PriceGrid } from '../../resources/prices';
import { AppNotification } from '../../src/components/AppNotification';
import { renderInAdmin } from './helpers';
import { buildPlan } from './plan.fixtures';

vi.mock('../../dataProvider/catalogueApi', () => ({ getPlan: vi.fn() }));
vi.mock('../../dataProvider/pricesApi', () => ({
  listPrices: vi.fn(),
  updatePrice: vi.fn(),
  downloadPricesCsv: vi.fn(),
}));
const plans = vi.mocked(catalogue);
const mocked = vi.mocked(api);

const prices: api.PriceEntry[] = [
  { id: 101, target_date: '2026-04-01', unit: 1, price: 18000 },
  { id: 102, target_date: '2026-04-01', unit: 2, price: 24000 },
];

function renderGrid(maxNum = 2) {
  plans.getPlan.mockResolvedValue(buildPlan(maxNum));
  renderInAdmin(
    <>
      <PriceGrid accommodationId={1} planId={21} initialMonth="2026-04-15" />
      <AppNotification />
    </>,
    { path: '/m/accommodation/1/plan/21/price' },
  );
}

const cell = (label: string) => screen.findByLabelText(label) as Promise<HTMLInputElement>;

describe('PriceGrid', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    mocked.listPrices.mockResolvedValue(prices);
    mocked.updatePrice.mockImplementation((_plan, id, price) =>
      Promise.resolve({ ...prices.find((p) => p.id === id)!, price }),
    );
  });

  it('shows public holidays red like Sundays, with the name of the holiday', async () => {
    // April 2026: 29日(水) is 昭和の日, 5日 a Sunday, 1日 a plain Wednesday.
    renderGrid();
    const row = async (date: string) => (await waitFor(() => document.querySelector(`tr[data-date="${date}"] td`)))!;
    await waitFor(async () => expect((await row('2026-04-29')).getAttribute('title')).toBe('昭和の日'));
    const red = getComputedStyle(await row('2026-04-05')).color;
    expect(getComputedStyle(await row('2026-04-29')).color).toBe(red);
    expect(getComputedStyle(await row('2026-04-01')).color).not.toBe(red);
  });

  it('shows the plan name, a row per date and a column per headcount', async () => {
    renderGrid(2);
    expect(await screen.findByText('スタンダードプラン')).toBeInTheDocument();
    expect(mocked.listPrices).toHaveBeenCalledWith(21, '2026-04-01', '2026-04-30');
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
    renderGrid(6);
    expect(await screen.findByTestId('price-grid')).toHaveAttribute('data-compact', 'true');
    expect(screen.getByText('6人')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '翌月' }));
    await waitFor(() => expect(mocked.listPrices).toHaveBeenLastCalledWith(21, '2026-05-01', '2026-05-31'));
    expect(await screen.findByText('2026年5月')).toBeInTheDocument();
  });

  it('sends nothing on blur of an unchanged cell', async () => {
    renderGrid();
    const input = await cell('4月1日(水) 1人の料金');
    fireEvent.focus(input);
    fireEvent.blur(input);
    fireEvent.change(input, { target: { value: '18000' } });
    fireEvent.blur(input);
    expect(mocked.updatePrice).not.toHaveBeenCalled();
  });

  it('sends PATCH { price } for a changed cell with an id, once', async () => {
    renderGrid();
    const input = await cell('4月1日(水) 2人の料金');
    fireEvent.change(input, { target: { value: '25000' } });
    fireEvent.blur(input);
    await waitFor(() => expect(mocked.updatePrice).toHaveBeenCalledWith(21, 102, 25000));
    // The saved price is the new baseline: leaving the cell again sends nothing.
    const again = await cell('4月1日(水) 2人の料金');
    await waitFor(() => expect(again).not.toBeDisabled());
    expect(again.value).toBe('25,000');
    fireEvent.blur(again);
    expect(mocked.updatePrice).toHaveBeenCalledTimes(1);
  });

  it('shows the Japanese message for a bad price and restores the cell', async () => {
    renderGrid();
    const input = await cell('4月1日(水) 1人の料金');
    fireEvent.change(input, { target: { value: '-5' } });
    fireEvent.blur(input);
    expect(await screen.findByText(priceMessages.price)).toBeInTheDocument();
    expect(input.value).toBe('18,000');
    expect(mocked.updatePrice).not.toHaveBeenCalled();
  });

  it('leaves cells without an id disabled', async () => {
    renderGrid();
    expect(await cell('4月2日(木) 1人の料金')).toBeDisabled();
  });
});
