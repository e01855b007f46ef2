import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bookingsInUseLines } from '../../contract/bookingsInUse';
import { planMessages, type Plan } from '../../contract/plan';
import PlanList from '../../resources/plans/PlanList';
import { memoryProvider, renderView } from './crudHarness';
import { pickerText, storeDemoAccommodations, typeDate } from './helpers';

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
    meal_price: 0,
    ...overrides,
  };
}

const plans = () =>
  memoryProvider({
    plans: [
      buildPlan(),
      buildPlan({ id: 22, name: '早割プラン', ikyu_id: null, is_active: 0, start_at: null, end_at: null }),
    ],
    payment_methods: [
      { id: 1, name: '銀行振込' },
      { id: 2, name: 'クレジットカード' },
    ],
  });

function renderPlans(db: ReturnType<typeof memoryProvider>) {
  storeDemoAccommodations();
  renderView(<PlanList />, db.provider, { path: '/m/accommodation/1/plan', route: '/m/accommodation/:id/plan' });
  return userEvent.setup();
}

const panel = () => within(screen.getByTestId('plans-panel'));
const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

async function openSettings(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(within(await rowOf(name)).getByRole('button', { name: '設定' }));
  await waitFor(() => expect(panel().getByRole('textbox', { name: 'プラン名' })).toHaveValue(name));
}

describe('plans, generated from their description', () => {
  it('shows the columns, Japanese dates or 指定なし, and the links (sync check only with ikyu_id)', async () => {
    renderPlans(plans());
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
    expect(second).toHaveTextContent('指定なし');
    expect(within(second).queryByRole('link', { name: '同期確認' })).not.toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['プラン名', '開始', '終了', '公開', '同期確認', '設定', '料金設定', '削除']);
  });

  it('saves 公開 at once as { is_active }', async () => {
    const db = plans();
    const user = renderPlans(db);
    await user.click(await screen.findByRole('switch', { name: '早割プランを公開' }));
    await waitFor(() => expect(db.callsOf('update')).toHaveLength(1));
    expect(db.callsOf('update')[0]!.params).toMatchObject({ id: 22, data: { is_active: 1 } });
    await waitFor(() => expect(screen.getByRole('switch', { name: '早割プランを公開' })).toBeChecked());
  });

  it('saves each changed field of an existing plan on its own: a price on blur, a date picked, a checkbox at once', async () => {
    const db = plans();
    const user = renderPlans(db);
    await openSettings(user, 'スタンダードプラン');
    const price = panel().getByRole('textbox', { name: '基本金額' });
    await user.click(price);
    await user.tab();
    expect(db.callsOf('update')).toHaveLength(0);

    await user.clear(price);
    await user.type(price, '18000');
    // Separators while typing, as the lists show amounts; no number input's spinner.
    expect(price).toHaveValue('18,000');
    expect(price).not.toHaveAttribute('type', 'number');
    await user.tab();
    await waitFor(() => expect(db.callsOf('update')).toHaveLength(1));
    expect(db.callsOf('update')[0]!.params.data).toEqual({ price: 18000 });

    await typeDate('終了', '2027-06-30');
    await user.tab();
    await waitFor(() => expect(db.callsOf('update')).toHaveLength(2));
    expect(db.callsOf('update')[1]!.params.data).toEqual({ end_at: '2027-06-30' });
    expect(pickerText('終了')).toBe('2027-06-30');

    await user.click(panel().getByRole('checkbox', { name: 'クレジットカード' }));
    await waitFor(() => expect(db.callsOf('update')).toHaveLength(3));
    expect(db.callsOf('update')[2]!.params.data).toEqual({ payment_method: [1, 2] });
  });

  it('refuses an end before the start whichever date was typed last, and keeps it', async () => {
    const db = plans();
    const user = renderPlans(db);
    await openSettings(user, 'スタンダードプラン');
    await typeDate('終了', '2026-03-01');
    await user.tab();
    expect(await panel().findByText('販売終了日は販売開始日以降の日付を入力してください。')).toBeInTheDocument();
    expect(pickerText('終了')).toBe('2026-03-01');
    expect(db.callsOf('update')).toHaveLength(0);
  });

  it('keeps an empty name typed into an existing plan and sends nothing', async () => {
    const db = plans();
    const user = renderPlans(db);
    await openSettings(user, 'スタンダードプラン');
    const name = panel().getByRole('textbox', { name: 'プラン名' });
    await user.clear(name);
    await user.tab();
    expect(await panel().findByText('プラン名を入力してください。')).toBeInTheDocument();
    expect(name).toHaveValue('');
    expect(db.callsOf('update')).toHaveLength(0);
  });

  it('checks the plan save rules before sending a new plan, then creates it (price 0 allowed)', async () => {
    const db = plans();
    const user = renderPlans(db);
    await user.click(await screen.findByRole('button', { name: '新規作成' }));
    await user.type(panel().getByRole('textbox', { name: 'プラン名' }), '素泊まり');
    await user.click(panel().getByRole('button', { name: '作成' }));
    expect(await panel().findByText('最大人数を入力してください。')).toBeInTheDocument();
    expect(panel().getByText('基本金額を入力してください。(0円でも可能です。)')).toBeInTheDocument();
    expect(db.callsOf('create')).toHaveLength(0);

    await user.type(panel().getByRole('spinbutton', { name: '最大人数' }), '2');
    await user.type(panel().getByRole('textbox', { name: '基本金額' }), '0');
    await user.click(panel().getByRole('checkbox', { name: '銀行振込' }));
    await user.click(panel().getByRole('button', { name: '作成' }));
    await waitFor(() => expect(db.callsOf('create')).toHaveLength(1));
    expect(db.callsOf('create')[0]!.params.data).toMatchObject({
      name: '素泊まり',
      max_num: 2,
      price: 0,
      is_active: 0,
      close_date_before: 0,
      payment_method: [1],
    });
    expect(await screen.findByText('プランが作成されました。')).toBeInTheDocument();
    expect(await screen.findAllByText('素泊まり')).not.toHaveLength(0);
  });

  it('asks before deleting a plan, then says it was deleted', async () => {
    const db = plans();
    const user = renderPlans(db);
    await user.click(within(await rowOf('早割プラン')).getByRole('button', { name: '削除' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('プラン「早割プラン」を削除します。よろしいですか？');
    await user.click(within(dialog).getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(db.callsOf('delete')).toHaveLength(0);

    await user.click(within(await rowOf('早割プラン')).getByRole('button', { name: '削除' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(db.callsOf('delete')).toHaveLength(1));
    expect(db.callsOf('delete')[0]!.params).toMatchObject({ id: 22 });
    expect(await screen.findByText('プランが削除されました。')).toBeInTheDocument();
  });

  it('shows a refused delete of a plan in use with its count and bookings, and offers to stop selling it', async () => {
    const db = plans();
    const message = planMessages.inUse(
      4,
      bookingsInUseLines(4, [
        { id: 7, uid: 'a1b2c3d4e5f60718', start_date: '2026-12-01', end_date: '2026-12-03', name: '山田 太郎' },
      ]),
    );
    db.refuseNext('delete', 409, { message });
    const user = renderPlans(db);
    await user.click(within(await rowOf('スタンダードプラン')).getByRole('button', { name: '削除' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }));
    const refused = await screen.findByRole('dialog', { name: '削除できません' });
    expect(refused).toHaveTextContent('このプランは本日以降の予約4件で使われているため削除できません。');
    expect(refused).toHaveTextContent('・確認番号 a1b 2026年12月1日〜2026年12月3日 山田 太郎様');
    expect(refused).toHaveTextContent('ほか3件');
    expect(screen.queryByTestId('message-box')).not.toBeInTheDocument();

    await user.click(within(refused).getByRole('button', { name: '非公開にして販売を止める' }));
    await waitFor(() => expect(db.callsOf('update')).toHaveLength(1));
    expect(db.callsOf('update')[0]!.params).toMatchObject({ id: 21, data: { is_active: 0 } });
    expect(
      await screen.findByText('「スタンダードプラン」を非公開にしました。予約はそのまま残っています。'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('switch', { name: 'スタンダードプランを公開' })).not.toBeChecked();
    expect(db.callsOf('delete')).toHaveLength(1);
  });
});
