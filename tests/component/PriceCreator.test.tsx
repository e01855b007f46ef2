import { fireEvent, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { StoredPriceRuleSet } from '../../contract/priceRule';
import { PriceCreator } from '../../resources/plans/prices/PriceCreator';
import { priceQueryKeys } from '../../resources/plans/prices/priceQueries';
import { renderView } from './crudHarness';
import { typeDate } from './helpers';
import { buildPlan } from './plan.fixtures';
import { priceProvider } from './priceProvider';
import { validationError } from './BookingPanel.fixtures';

/** Plan 21 of accommodation 1 in the provider (no rule yet unless given), the creator opened on it. */
function renderCreator(maxNum = 2, rule: StoredPriceRuleSet | null = null) {
  const store = priceProvider([buildPlan(maxNum)]);
  store.prices.getPriceRule.mockResolvedValue(rule);
  store.prices.createPrices.mockResolvedValue(22);
  const queryClient = new QueryClient();
  renderView(<PriceCreator accommodationId={1} planId={21} />, store.provider, {
    path: '/m/accommodation/1/plan/21/price/creator',
    queryClient,
  });
  return { ...store, queryClient };
}

const basePrice = () => screen.getByRole('textbox', { name: '1名あたり（円）' });
const previewCell = (date: string, unit: number) =>
  document.querySelector(`[data-testid="price-preview"] tr[data-date="${date}"] td:nth-of-type(${unit})`);

describe('PriceCreator', () => {
  it('shows the price inputs only for a valid period', async () => {
    const { callsOf, prices: sent } = renderCreator();
    expect(await screen.findByText('スタンダードプラン')).toBeInTheDocument();
    expect(callsOf('getOne', 'plans').map((c) => c.params)).toEqual([
      expect.objectContaining({ id: 21, meta: { accommodationId: 1 } }),
    ]);
    expect(sent.getPriceRule).toHaveBeenCalledWith(21, expect.any(AbortSignal));
    expect(screen.getByText('開始日と終了日を選ぶと、料金の入力欄が表示されます。')).toBeInTheDocument();
    await typeDate('開始日', '2027-05-10');
    await typeDate('終了日', '2027-05-01');
    expect(await screen.findByText('終了日は開始日以降の日付を指定してください')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: '1名あたり（円）' })).not.toBeInTheDocument();
    await typeDate('開始日', '2027-04-30');
    expect(await screen.findByRole('textbox', { name: '1名あたり（円）' })).toBeInTheDocument();
    expect(screen.queryByText('終了日は開始日以降の日付を指定してください')).not.toBeInTheDocument();
  });

  it('previews the rule with weekday and holiday classes, then registers it and opens the price list', async () => {
    const { prices: sent, queryClient } = renderCreator();
    // A month of the plan read before: the price list must read it again after the register.
    queryClient.setQueryData(priceQueryKeys.period(21, '2027-04-01', '2027-04-30'), []);
    await typeDate('開始日', '2027-04-30');
    await typeDate('終了日', '2027-05-10');
    const register = await screen.findByRole('button', { name: '料金を登録' });
    expect(register).toBeDisabled();
    // Full-width digits and commas as a Japanese IME types them; shown with separators.
    fireEvent.change(basePrice(), { target: { value: '１０，０００' } });
    expect(basePrice()).toHaveValue('10,000');
    fireEvent.change(screen.getByRole('textbox', { name: '2人' }), { target: { value: '4000' } });
    fireEvent.change(screen.getByRole('textbox', { name: '土曜' }), { target: { value: '3000' } });
    // The holiday steps appear once the holiday table is loaded.
    fireEvent.change(await screen.findByRole('textbox', { name: '祝日' }), { target: { value: '2000' } });
    fireEvent.change(screen.getByRole('textbox', { name: '祝前日' }), { target: { value: '5000' } });
    await waitFor(() => expect(previewCell('2027-05-03', 1)).toHaveTextContent('12,000円'));
    expect(previewCell('2027-05-03', 2)).toHaveTextContent('16,000円');
    expect(previewCell('2027-05-01', 1)).toHaveTextContent('13,000円'); // Saturday
    expect(previewCell('2027-05-02', 1)).toHaveTextContent('15,000円'); // the day before a holiday
    expect(previewCell('2027-05-06', 1)).toHaveTextContent('10,000円');
    const row = (date: string) => document.querySelector(`tr[data-date="${date}"]`)!;
    expect(row('2027-05-03')).toHaveClass('day-1', 'holiday');
    expect(row('2027-05-02')).toHaveClass('day-0', 'holiday-eve');
    expect(row('2027-05-03')).toHaveTextContent('2027年5月3日(月)憲法記念日');
    expect(document.querySelectorAll('[data-testid="price-preview"] tbody tr')).toHaveLength(11);
    expect(screen.getByText('22件の料金を登録します。同じ日付と人数の料金は上書きされます。')).toBeInTheDocument();

    let finish!: (count: number) => void;
    sent.createPrices.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    fireEvent.click(screen.getByRole('button', { name: '料金を登録' }));
    expect(await screen.findByLabelText('登録中')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '料金を登録' })).not.toBeInTheDocument();
    const [planId, prices, rule] = sent.createPrices.mock.calls[0]!;
    expect(planId).toBe(21);
    expect(rule).toEqual({
      base_price: 10000,
      unit_step: [0, 4000],
      week_step: [0, 0, 0, 0, 0, 0, 3000],
      holiday_step: [2000, 5000],
    });
    expect(prices).toHaveLength(22);
    expect(prices).toContainEqual({ target_date: '2027-05-03', unit: 2, price: 16000 });
    finish(22);
    expect(await screen.findByText('22件の料金を登録しました。')).toBeInTheDocument();
    const location = screen.getByTestId('location');
    await waitFor(() => expect(location.textContent).toBe('/m/accommodation/1/plan/21/price'));
    expect(location).toHaveAttribute('data-search', '?month=2027-04-30');
    expect(queryClient.getQueryData(priceQueryKeys.period(21, '2027-04-01', '2027-04-30'))).toBeUndefined();
  });

  it("opens with the plan's last rule, so that it can be registered again at once", async () => {
    renderCreator(3, {
      base_price: 15000,
      unit_step: [0, 6000, 9000],
      week_step: [0, 0, 0, 0, 0, 2000, 4000],
      holiday_step: [3000, 4000],
      updated_at: '2026-11-01T10:00:00.000+09:00',
    });
    await typeDate('開始日', '2027-06-04');
    await typeDate('終了日', '2027-06-04');
    expect(await screen.findByRole('textbox', { name: '1名あたり（円）' })).toHaveValue('15,000');
    expect(screen.getByRole('textbox', { name: '3人' })).toHaveValue('9,000');
    expect(screen.getByRole('textbox', { name: '金曜' })).toHaveValue('2,000');
    await waitFor(() => expect(previewCell('2027-06-04', 3)).toHaveTextContent('26,000円'));
    expect(screen.getByRole('button', { name: '料金を登録' })).toBeEnabled();
  });

  it("names a bad input, keeps register off, and shows the server's refusal", async () => {
    const { prices: sent } = renderCreator();
    await typeDate('開始日', '2027-06-01');
    await typeDate('終了日', '2027-06-02');
    fireEvent.change(await screen.findByRole('textbox', { name: '1名あたり（円）' }), {
      target: { value: '10000' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: '月曜' }), { target: { value: '-1' } });
    expect(await screen.findByText('加算額は0以上10,000,000円以下の整数で入力してください')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '料金を登録' })).toBeDisabled();
    fireEvent.change(screen.getByRole('textbox', { name: '月曜' }), { target: { value: '0' } });
    sent.createPrices.mockRejectedValue(validationError('2027-06-01（1人）の料金が料金ルールの計算と一致しません'));
    fireEvent.click(await screen.findByRole('button', { name: '料金を登録' }));
    expect(await screen.findByText('2027-06-01（1人）の料金が料金ルールの計算と一致しません')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '料金を登録' })).toBeEnabled();
    expect(screen.getByTestId('location').textContent).toBe('/m/accommodation/1/plan/21/price/creator');
  });

  it('says so when the plan is not there', async () => {
    const store = priceProvider([]);
    renderView(<PriceCreator accommodationId={1} planId={21} />, store.provider, {
      path: '/m/accommodation/1/plan/21/price/creator',
    });
    expect(await screen.findByText('プランが見つかりません。')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: '開始日' })).not.toBeInTheDocument();
  });
});
