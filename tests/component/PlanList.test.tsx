import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '../../dataProvider/catalogueApi';
import type { Plan, PlanListItem } from '../../dataProvider/catalogueApi';
import { PlanList } from '../../resources/plans';
import { AppNotification } from '../../src/components/AppNotification';
import { renderInAdmin } from './helpers';

vi.mock('../../dataProvider/catalogueApi', () => ({
  listPlans: vi.fn(),
  getPlan: vi.fn(),
  createPlan: vi.fn(),
  updatePlan: vi.fn(),
  deletePlan: vi.fn(),
  listPaymentMethods: vi.fn(),
}));
const mocked = vi.mocked(api);

function buildPlan(overrides: Partial<Plan> = {}): Plan {
  return {
    id: 21,
    accommodation_id: 1,
    name: 'スタンダードプラン',
    start_at: '2026-04-01',
    end_at: '2027-03-31',
    is_active: 1,
    max_num: 4,
    price: 16000,
    icon: 'restaurant',
    check_in: '15:00',
    check_out: '10:00',
    ikyu_id: '10012001',
    close_date_before: 1,
    description: null,
    notice_mail: null,
    payment_method: [1],
    ...overrides,
  };
}
const standard = buildPlan();
const early = buildPlan({ id: 22, name: '早割プラン', ikyu_id: null, is_active: 0, start_at: null, end_at: null });
const summary = ({ id, name, start_at, end_at, is_active, max_num, price, icon, check_in, check_out, ikyu_id }: Plan) =>
  ({ id, name, start_at, end_at, is_active, max_num, price, icon, check_in, check_out, ikyu_id }) as PlanListItem;

function renderPlans() {
  renderInAdmin(
    <>
      <PlanList accommodationId={1} />
      <AppNotification />
    </>,
    { path: '/m/accommodation/1/plan' },
  );
}

const panel = () => within(screen.getByTestId('plan-panel'));
const input = (label: RegExp) => panel().getByLabelText(label) as HTMLInputElement;
const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

async function openSettings(name: string) {
  fireEvent.click(within(await rowOf(name)).getByRole('button', { name: '設定' }));
  await waitFor(() => expect(input(/プラン名/).value).toBe(name));
}

beforeEach(() => {
  vi.clearAllMocks();
  mocked.listPlans.mockResolvedValue([summary(standard), summary(early)]);
  mocked.getPlan.mockImplementation(async (_a, id) => (id === 21 ? standard : early));
  mocked.listPaymentMethods.mockResolvedValue([
    { id: 1, name: '銀行振込' },
    { id: 2, name: 'クレジットカード' },
  ]);
  mocked.updatePlan.mockImplementation(async (_a, id, patch) => ({ ...(id === 21 ? standard : early), ...patch }));
});

describe('PlanList', () => {
  it('shows the columns, Japanese dates and the links (sync check only with ikyu_id)', async () => {
    renderPlans();
    const first = await rowOf('スタンダードプラン');
    expect(first).toHaveTextContent('2026年4月1日');
    expect(first).toHaveTextContent('2027年3月31日');
    expect(within(first).getByRole('link', { name: '同期確認' })).toHaveAttribute(
      'href',
      '/m/accommodation/1/plan/21/sync/check',
    );
    expect(within(first).getByRole('link', { name: '料金設定' })).toHaveAttribute(
      'href',
      '/m/accommodation/1/plan/21/price',
    );
    const second = await rowOf('早割プラン');
    expect(within(second).queryByRole('link', { name: '同期確認' })).not.toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['プラン名', '開始', '終了', '公開', '同期確認', '設定', '料金設定', '削除']);
  });

  it('saves 公開 at once as { is_active } and reloads the list', async () => {
    renderPlans();
    fireEvent.click(await screen.findByRole('switch', { name: '早割プランを公開' }));
    await waitFor(() => expect(mocked.updatePlan).toHaveBeenCalledWith(1, 22, { is_active: 1 }));
    expect(mocked.updatePlan).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(mocked.listPlans).toHaveBeenCalledTimes(2));
  });

  it('saves a changed field of an existing plan on blur, that field only', async () => {
    renderPlans();
    await openSettings('スタンダードプラン');
    fireEvent.blur(input(/プラン名/));
    fireEvent.blur(input(/基本金額/));
    expect(mocked.updatePlan).not.toHaveBeenCalled();

    fireEvent.change(input(/基本金額/), { target: { value: '18000' } });
    fireEvent.blur(input(/基本金額/));
    await waitFor(() => expect(mocked.updatePlan).toHaveBeenCalledWith(1, 21, { price: 18000 }));
    fireEvent.change(input(/^終了/), { target: { value: '2027-06-30' } });
    fireEvent.blur(input(/^終了/));
    await waitFor(() => expect(mocked.updatePlan).toHaveBeenLastCalledWith(1, 21, { end_at: '2027-06-30' }));
    expect(panel().getByText('2027年6月30日')).toBeInTheDocument();
    // A checkbox is sent at once.
    fireEvent.click(panel().getByRole('checkbox', { name: 'クレジットカード' }));
    await waitFor(() => expect(mocked.updatePlan).toHaveBeenLastCalledWith(1, 21, { payment_method: [1, 2] }));
    expect(mocked.updatePlan).toHaveBeenCalledTimes(3);
  });

  it('keeps an empty name typed into an existing plan and sends nothing', async () => {
    renderPlans();
    await openSettings('スタンダードプラン');
    fireEvent.change(input(/プラン名/), { target: { value: '' } });
    fireEvent.blur(input(/プラン名/));
    expect(await screen.findAllByText('プラン名を入力してください。')).not.toHaveLength(0);
    expect(mocked.updatePlan).not.toHaveBeenCalled();
    expect(input(/プラン名/).value).toBe('');
  });

  it('checks the plan save rules before sending a new plan', async () => {
    mocked.createPlan.mockResolvedValue(buildPlan({ id: 30, name: '素泊まり', price: 0 }));
    mocked.getPlan.mockResolvedValue(buildPlan({ id: 30, name: '素泊まり', price: 0 }));
    renderPlans();
    fireEvent.click(await screen.findByRole('button', { name: '新規作成' }));
    fireEvent.change(input(/プラン名/), { target: { value: '素泊まり' } });
    fireEvent.blur(input(/プラン名/));
    fireEvent.click(panel().getByRole('button', { name: '作成' }));
    expect(await screen.findAllByText('最大人数を入力してください。')).not.toHaveLength(0);
    expect(mocked.createPlan).not.toHaveBeenCalled();
    expect(mocked.updatePlan).not.toHaveBeenCalled();
  });

  it('creates a new plan with 作成 (price 0 allowed), says so and reloads the list', async () => {
    mocked.createPlan.mockResolvedValue(buildPlan({ id: 30, name: '素泊まり', price: 0 }));
    mocked.getPlan.mockResolvedValue(buildPlan({ id: 30, name: '素泊まり', price: 0 }));
    renderPlans();
    fireEvent.click(await screen.findByRole('button', { name: '新規作成' }));
    fireEvent.change(input(/プラン名/), { target: { value: '素泊まり' } });
    fireEvent.change(input(/最大人数/), { target: { value: '2' } });
    fireEvent.change(input(/基本金額/), { target: { value: '0' } });
    fireEvent.click(panel().getByRole('checkbox', { name: '銀行振込' }));
    fireEvent.click(panel().getByRole('button', { name: '作成' }));
    await waitFor(() => expect(mocked.createPlan).toHaveBeenCalledTimes(1));
    expect(mocked.createPlan.mock.calls[0]![1]).toMatchObject({
      name: '素泊まり',
      max_num: 2,
      price: 0,
      is_active: 0,
      payment_method: [1],
    });
    expect(await screen.findByText('プランが作成されました。')).toBeInTheDocument();
    await waitFor(() => expect(mocked.listPlans).toHaveBeenCalledTimes(2));
  });

  it('asks before deleting a plan, then says it was deleted', async () => {
    mocked.deletePlan.mockResolvedValue();
    renderPlans();
    fireEvent.click(within(await rowOf('早割プラン')).getByRole('button', { name: '削除' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('プラン「早割プラン」を削除します。よろしいですか？');
    expect(mocked.deletePlan).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(mocked.deletePlan).not.toHaveBeenCalled();

    fireEvent.click(within(await rowOf('早割プラン')).getByRole('button', { name: '削除' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(mocked.deletePlan).toHaveBeenCalledWith(1, 22));
    expect(await screen.findByText('プランが削除されました。')).toBeInTheDocument();
  });
});
