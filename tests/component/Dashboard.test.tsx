import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CalendarComment } from '../../contract/booking';
import { addDays, tokyoToday } from '../../contract/dates';
import { errorMessages } from '../../contract/messages';
import { bookingMethods } from '../../dataProvider/methods/bookings';
import { HttpError } from '../../dataProvider/http';
import { moneyMethods, newIdempotencyKey } from '../../dataProvider/methods/money';
import { receivedMailMethods } from '../../dataProvider/methods/receivedMail';
import { clearSession } from '../../dataProvider/tokenStore';
import { AppNotification } from '../../src/components/AppNotification';
import { HomePage } from '../../src/pages/HomePage';
import { SyncCheckTable } from '../../resources/sync/health/SyncCheckTable';
import { buildBooking } from './BookingPanel.fixtures';
import { renderInAdmin, storeDemoAccommodations } from './helpers';

vi.mock('../../dataProvider/methods/bookings', async () => ({
  bookingMethods: { listBooks: vi.fn(), listComments: vi.fn() },
}));
vi.mock('../../dataProvider/methods/money', async () => ({
  moneyMethods: {
    listUnpaidBooks: vi.fn(),
    listRefundsNeeded: vi.fn(),
    listOverpaidBooks: vi.fn(),
    refundBooking: vi.fn(),
    newIdempotencyKey: vi.fn(),
  },
  newIdempotencyKey: vi.fn(),
}));
vi.mock('../../dataProvider/methods/receivedMail', async () => ({
  receivedMailMethods: { listReceivedMail: vi.fn(), getReceivedMail: vi.fn(), associateReceivedMail: vi.fn() },
}));
// The panel has its own tests; here it shows which booking the dashboard opened and reports changes.
vi.mock('../../resources/bookings/BookingPanel', () => ({
  BookingPanel: (props: { accommodationId: number; bookId: number; onClose: () => void; onChanged?: () => void }) => (
    <section aria-label="予約詳細" data-testid="booking-panel">
      {`panel ${props.accommodationId}:${props.bookId}`}
      <button onClick={props.onClose}>閉じる</button>
      <button onClick={() => props.onChanged?.()}>保存</button>
    </section>
  ),
}));

const books = vi.mocked(bookingMethods);
const payments = vi.mocked(moneyMethods);

// Only Date is faked, at the instant the file loaded: today cannot turn while the tests run.
const loadedAt = new Date();
const today = tokyoToday(loadedAt);
const yesterday = addDays(today, -1);
const tomorrow = addDays(today, 1);

const checkOut = buildBooking({ id: 1, name: '出発 一郎', start_date: addDays(today, -2), end_date: today });
const stay = buildBooking({
  id: 2,
  accommodation_id: 2,
  name: '連泊 花子',
  start_date: yesterday,
  end_date: tomorrow,
  room_name: '離れ',
  person_number: 2,
  price: 12000,
  price_sub: 30000,
});
const checkIn = buildBooking({ id: 3, name: '到着 三郎', start_date: today, end_date: tomorrow });
const cancelledCheckIn = buildBooking({
  id: 4,
  name: '取消 四郎',
  start_date: today,
  end_date: tomorrow,
  delete_flg: 1,
});

const unpaidOverdue = buildBooking({
  id: 11,
  name: '未払 五郎',
  start_date: addDays(today, 5),
  end_date: addDays(today, 6),
  price: 0,
  price_sub: 24000,
  payment_limit_date: yesterday,
  created_at: '2026-01-05T10:00:00+09:00',
});
const unpaidNoMail = buildBooking({
  id: 12,
  accommodation_id: 2,
  name: '電話 六子',
  mail: null,
  start_date: addDays(today, 9),
  end_date: addDays(today, 10),
  price: 5000,
  price_sub: 20000,
  payment_limit_date: addDays(today, 3),
});

const officialUnpaid = buildBooking({ id: 21, name: '公式 七海', price: 0, price_sub: 18000, via: 101 });

const refundable = buildBooking({
  id: 31,
  name: '返金 八郎',
  delete_flg: 1,
  price: 30000,
  price_sub: 30000,
  cancel_fee: 3000,
});

// Issue 32: 70,000円 taken on a 62,000円 booking.
const overpaid = buildBooking({
  id: 41,
  accommodation_id: 2,
  name: '過入 九子',
  start_date: addDays(today, 12),
  end_date: addDays(today, 13),
  price: 70000,
  price_sub: 62000,
});

const comment = (id: number, accommodationId: number, text: string): CalendarComment => ({
  id,
  accommodation_id: accommodationId,
  target_date: today,
  comment: text,
});

function mockLists() {
  books.listBooks.mockImplementation((params) =>
    Promise.resolve(params.not_paid_only ? [unpaidOverdue, unpaidNoMail] : [checkOut, stay, checkIn, cancelledCheckIn]),
  );
  books.listComments.mockImplementation((id) =>
    Promise.resolve(id === 1 ? [comment(1, 1, '清掃業者 10時')] : [comment(2, 2, '露天風呂 点検')]),
  );
  payments.listUnpaidBooks.mockResolvedValue([officialUnpaid]);
  payments.listRefundsNeeded.mockResolvedValue([refundable]);
  payments.listOverpaidBooks.mockResolvedValue([overpaid]);
}

function renderDashboard() {
  renderInAdmin(
    <>
      <HomePage />
      <AppNotification />
    </>,
  );
}

const section = (testId: string) => screen.findByTestId(testId);
const rowIds = (el: HTMLElement) =>
  [...el.querySelectorAll('tr[data-book-id]')].map((row) => row.getAttribute('data-book-id'));
const refundRow = (id: number) =>
  screen.queryByTestId('refunds-needed')?.querySelector<HTMLElement>(`tr[data-book-id="${id}"]`) ?? null;
/** 返金 of a refund row: the popup it opens. */
async function openRefund(id: number, name: string) {
  await waitFor(() => expect(refundRow(id)).not.toBeNull());
  fireEvent.click(within(refundRow(id)!).getByRole('button', { name: '返金' }));
  return screen.findByRole('dialog', { name: `${name}様への返金` });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(loadedAt);
  vi.clearAllMocks();
  storeDemoAccommodations();
  mockLists();
  vi.mocked(receivedMailMethods.listReceivedMail).mockResolvedValue({ mails: [], count: 3, unread_mail: 2 });
  let n = 0;
  vi.mocked(newIdempotencyKey).mockImplementation(() => `key-${++n}`);
});
afterEach(() => {
  clearSession();
  vi.useRealTimers();
});

describe('home dashboard', () => {
  it('counts the received mail nobody has opened, with the way to the list', async () => {
    renderDashboard();
    const card = await section('unread-mail');
    expect(await within(card).findByText('未読の受信メールが2件あります')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: '受信メールを見る' })).toHaveAttribute('href', '/m/mail/receive');
  });

  it("sorts today's live bookings into check-outs, consecutive stays and check-ins", async () => {
    renderDashboard();
    const outs = await section('today-checkOuts');
    expect(within(outs).getByRole('button', { name: '出発 一郎様の予約を開く' })).toBeInTheDocument();
    const stays = screen.getByTestId('today-stays');
    const stayRow = within(stays).getByRole('button', { name: '連泊 花子様の予約を開く' });
    expect(stayRow).toHaveTextContent('離れ・2人・12,000円 / 30,000円');
    expect(within(stayRow).getByTestId('facility-icon')).toHaveTextContent('離');
    const ins = screen.getByTestId('today-checkIns');
    expect(within(ins).getByText('到着 三郎')).toBeInTheDocument();
    // A cancelled booking is no plan for today.
    expect(screen.queryByText('取消 四郎')).not.toBeInTheDocument();
    expect(within(outs).queryByText('到着 三郎')).not.toBeInTheDocument();
    // One call that also holds today's check-outs (stays ending today).
    expect(books.listBooks).toHaveBeenCalledWith({
      stay_start_date: yesterday,
      stay_end_date: today,
      with_consecutive: true,
    });
  });

  it("shows today's comments of every accommodation, the empty sync check and the accommodations", async () => {
    renderDashboard();
    const comments = await section('today-comments');
    expect(await within(comments).findByText('清掃業者 10時')).toBeInTheDocument();
    expect(within(comments).getByText('露天風呂 点検')).toBeInTheDocument();
    expect(books.listComments).toHaveBeenCalledWith(1, today, today);
    expect(books.listComments).toHaveBeenCalledWith(2, today, today);

    const sync = screen.getByTestId('sync-check-errors');
    expect(
      within(sync)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['日付', '施設', '部屋タイプ', 'エラー']);
    expect(within(sync).getByText('同期チェックのエラーはありません。')).toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'やどばん本館のカレンダーを開く' })).toHaveAttribute(
      'href',
      '/m/accommodation/1',
    );
  });

  it('lists the unpaid official bookings and the unpaid bookings table with its columns', async () => {
    renderDashboard();
    const official = await section('unpaid-official');
    expect(await within(official).findByText('公式 七海')).toBeInTheDocument();

    const table = screen.getByTestId('unpaid-table');
    await within(table).findByText('未払 五郎');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['施設', '宿泊日', '宿泊者', '人数', '金額', '予約日', '振込期限', '履歴']);
    expect(rowIds(table)).toEqual(['11', '12']);
    const overdue = table.querySelector('tr[data-book-id="11"]') as HTMLElement;
    const [y, m, d] = unpaidOverdue.start_date.split('-').map(Number);
    expect(overdue).toHaveTextContent(`${y}年${m}月${d}日`);
    expect(overdue).toHaveTextContent('0円 / 24,000円');
    expect(overdue).toHaveTextContent('2026年1月5日');
    expect(within(overdue).getByTitle('振込期限を過ぎています')).toHaveAttribute('data-overdue', 'true');
    expect(within(overdue).getByRole('link', { name: '履歴' })).toHaveAttribute('href', '/m/books/taro%40example.com');
    const inTime = table.querySelector('tr[data-book-id="12"]') as HTMLElement;
    expect(inTime).toHaveTextContent('海辺の離れ');
    expect(inTime).toHaveTextContent('3人');
    expect(inTime).toHaveTextContent('5,000円 / 20,000円');
    expect(inTime.querySelector('[data-overdue="false"]')).not.toBeNull();
    // No e-mail, no stay history.
    expect(within(inTime).queryByRole('link', { name: '履歴' })).not.toBeInTheDocument();
  });

  it('opens the booking panel from a list and a table row, and reloads after a change in it', async () => {
    renderDashboard();
    fireEvent.click(await screen.findByRole('button', { name: '連泊 花子様の予約を開く' }));
    expect(await screen.findByTestId('booking-panel')).toHaveTextContent('panel 2:2');

    const calls = books.listBooks.mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(books.listBooks.mock.calls.length).toBeGreaterThan(calls));
    expect(payments.listRefundsNeeded).toHaveBeenCalledTimes(2);

    fireEvent.click(screen.getByRole('button', { name: '閉じる' }));
    await waitFor(() => expect(screen.queryByTestId('booking-panel')).not.toBeInTheDocument());

    const table = screen.getByTestId('unpaid-table');
    fireEvent.click(within(table).getByText('電話 六子'));
    expect(await screen.findByTestId('booking-panel')).toHaveTextContent('panel 2:12');
  });

  it('lists the live bookings paid beyond their bill with the refund to make, each opening its panel', async () => {
    renderDashboard();
    const card = await section('overpaid-bookings');
    expect(within(card).getByRole('heading', { name: /過入金の予約/ })).toBeInTheDocument();
    const row = await within(card).findByRole('button', { name: '過入 九子様の予約を開く' });
    const [y, m, d] = overpaid.start_date.split('-').map(Number);
    expect(row).toHaveTextContent(`返金額 8,000円・宿泊日 ${y}年${m}月${d}日・70,000円 / 62,000円`);
    fireEvent.click(row);
    expect(await screen.findByTestId('booking-panel')).toHaveTextContent('panel 2:41');

    payments.listOverpaidBooks.mockResolvedValue([]);
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await within(card).findByText('過入金の予約はありません。')).toBeInTheDocument();
  });

  it('keeps each refund row to one line: its amounts and 返金, the form only in the popup (issue 32)', async () => {
    renderDashboard();
    const list = await section('refunds-needed');
    await within(list).findByText('返金 八郎');
    expect(
      within(list)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['施設', '宿泊者', '宿泊日', '入金額', 'キャンセル料', '返金額', '']);
    const row = refundRow(31)!;
    // Paid, the fee, and the most it may get back; no field in the row.
    expect(row).toHaveTextContent('30,000円');
    expect(row).toHaveTextContent('3,000円');
    expect(within(row).getByTestId('refund-max')).toHaveTextContent('27,000円');
    expect(within(row).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(row).queryByRole('combobox')).not.toBeInTheDocument();
    expect(
      within(row)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['返金']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offers paid less the cancel fee and disables 返金する at 0 and past the fee, saying why', async () => {
    renderDashboard();
    const dialog = await openRefund(31, '返金 八郎');
    const input = within(dialog).getByLabelText('返金 八郎様への返金額') as HTMLInputElement;
    expect(input.value).toBe('27,000');
    const button = within(dialog).getByRole('button', { name: '返金する' });
    expect(button).toBeEnabled();

    fireEvent.change(input, { target: { value: '0' } });
    expect(button).toBeDisabled();
    expect(within(dialog).getByText('返金額は1円以上27,000円以下で入力してください')).toBeInTheDocument();

    // Past the fee: the house keeps the cancellation fee (issue 19).
    const limit = '返金できるのは27,000円までです（入金30,000円 − キャンセル料3,000円）';
    for (const over of ['27001', '30000']) {
      fireEvent.change(input, { target: { value: over } });
      expect(button).toBeDisabled();
      expect(within(dialog).getByText(limit)).toBeInTheDocument();
    }

    fireEvent.change(input, { target: { value: '27000' } });
    expect(button).toBeEnabled();
    expect(within(dialog).queryByText('返金額は1円以上27,000円以下で入力してください')).not.toBeInTheDocument();

    // Closed and opened again, the popup still holds what was typed; nothing was sent.
    fireEvent.change(input, { target: { value: '12000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const again = await openRefund(31, '返金 八郎');
    expect((within(again).getByLabelText('返金 八郎様への返金額') as HTMLInputElement).value).toBe('12,000');
    expect(payments.refundBooking).not.toHaveBeenCalled();
  });

  it('shows the maximum, received less the cancellation fee, before anything is typed; a 仮決済 is not received', async () => {
    payments.listRefundsNeeded.mockResolvedValue([
      buildBooking({
        id: 32,
        name: '返金 九郎',
        delete_flg: 1,
        // The stored paid amount counts dated payments only (issue 19).
        price: 50000,
        price_sub: 57000,
        cancel_fee: 17100,
        payments: [
          {
            id: 1,
            book_id: 32,
            amount: 50000,
            payment_exe_date: '2026-03-01',
            pay_type: 1,
            mail: 0,
            transaction_id: null,
          },
          { id: 2, book_id: 32, amount: 20000, payment_exe_date: null, pay_type: 2, mail: 0, transaction_id: null },
        ],
      }),
    ]);
    renderDashboard();
    await within(await section('refunds-needed')).findByText('返金 九郎');
    const row = refundRow(32)!;
    // The paid column shows money received: not the 20,000円 of the provisional settlement.
    expect(row).toHaveTextContent('50,000円');
    expect(row).not.toHaveTextContent('70,000円');
    expect(within(row).getByTestId('refund-max')).toHaveTextContent('32,900円');
    const dialog = await openRefund(32, '返金 九郎');
    expect(within(dialog).getByTestId('refund-limit')).toHaveTextContent(
      '返金できるのは32,900円までです（入金50,000円 − キャンセル料17,100円）',
    );
    expect((within(dialog).getByLabelText('返金 九郎様への返金額') as HTMLInputElement).value).toBe('32,900');
  });

  it('refunds from a payment: the latest dated one with money left, capped by what is left of it (issue 19)', async () => {
    const pm = (id: number, amount: number, payment_exe_date: string | null, pay_type: number) => ({
      id,
      book_id: 33,
      amount,
      payment_exe_date,
      pay_type,
      mail: 0,
      transaction_id: null,
    });
    payments.listRefundsNeeded.mockResolvedValue([
      buildBooking({
        id: 33,
        name: '返金 十郎',
        delete_flg: 1,
        // 30,000 + 20,000 dated, less the 20,000 refunded from the card payment; the 仮決済 not counted.
        price: 30000,
        price_sub: 55000,
        cancel_fee: 0,
        payments: [pm(41, 30000, '2026-03-01', 1), pm(42, 20000, '2026-03-05', 2), pm(43, 5000, null, 1)],
        refunds: [{ id: 7, book_id: 33, payment_id: 42, amount: 20000, created_at: '2026-03-06T10:00:00.000+09:00' }],
      }),
    ]);
    payments.refundBooking.mockResolvedValue({
      refund: { id: 8, book_id: 33, payment_id: 41, amount: 30000, created_at: '' },
      price: 0,
    });
    renderDashboard();
    const dialog = await openRefund(33, '返金 十郎');
    const input = within(dialog).getByLabelText('返金 十郎様への返金額') as HTMLInputElement;
    const select = within(dialog).getByRole('combobox', { name: '返金する入金' });
    // The card payment is refunded already: the bank transfer is offered, its whole amount.
    expect(select).toHaveTextContent('2026年3月1日 銀行振込 30,000円');
    expect(input.value).toBe('30,000');
    fireEvent.mouseDown(select);
    const options = await screen.findAllByRole('option');
    // Dated payments only, latest first, with what was refunded from each.
    expect(options.map((o) => o.textContent)).toEqual([
      '2026年3月5日 クレジットカード 20,000円（返金済み 20,000円）',
      '2026年3月1日 銀行振込 30,000円',
    ]);
    fireEvent.click(options[0]!);
    const button = within(dialog).getByRole('button', { name: '返金する' });
    expect(button).toBeDisabled();
    expect(
      within(dialog).getByText('この入金から返金できる金額はありません（入金20,000円 − 返金済み20,000円）'),
    ).toBeInTheDocument();

    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '返金する入金' }));
    fireEvent.click((await screen.findAllByRole('option'))[1]!);
    expect(input.value).toBe('30,000');
    expect(button).toBeEnabled();
    fireEvent.click(button);
    const confirm = await screen.findByRole('dialog', { name: '返金の確認' });
    expect(confirm).toHaveTextContent(
      '返金 十郎様に30,000円を返金します。よろしいですか？ 対象の入金: 2026年3月1日 銀行振込 30,000円',
    );
    fireEvent.click(within(confirm).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(payments.refundBooking).toHaveBeenCalledTimes(1));
    expect(payments.refundBooking.mock.calls[0]![0]).toEqual({ book_id: 33, refund_amount: 30000, payment_id: 41 });
  });

  it('sends the same operation key again on a retry after a failure, then the refunded row leaves', async () => {
    payments.refundBooking.mockRejectedValueOnce(new HttpError(errorMessages.network, 0)).mockResolvedValueOnce({
      refund: { id: 1, book_id: 31, payment_id: null, amount: 27000, created_at: '' },
      price: 3000,
    });
    renderDashboard();
    const dialog = await openRefund(31, '返金 八郎');
    const input = within(dialog).getByLabelText('返金 八郎様への返金額') as HTMLInputElement;

    const refund = async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: '返金する' }));
      const confirm = await screen.findByRole('dialog', { name: '返金の確認' });
      expect(confirm).toHaveTextContent('返金 八郎様に27,000円を返金します。よろしいですか？');
      fireEvent.click(within(confirm).getByRole('button', { name: 'OK' }));
    };

    await refund();
    // The failure is said in the popup, which stays with what was typed.
    expect(await within(dialog).findByTestId('refund-error')).toHaveTextContent(errorMessages.network);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '返金の確認' })).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: '返金 八郎様への返金' })).toBe(dialog);
    expect(input.value).toBe('27,000');
    expect(refundRow(31)).not.toBeNull();

    payments.listRefundsNeeded.mockResolvedValue([]);
    await refund();
    await waitFor(() => expect(screen.getByTestId('message-box')).toHaveTextContent('返金しました。'));
    await waitFor(() => expect(refundRow(31)).toBeNull());
    expect(screen.queryByRole('dialog', { name: '返金 八郎様への返金' })).not.toBeInTheDocument();
    expect(await screen.findByText('返金が必要な予約はありません。')).toBeInTheDocument();

    expect(payments.refundBooking).toHaveBeenCalledTimes(2);
    const [first, second] = payments.refundBooking.mock.calls;
    expect(first).toEqual([{ book_id: 31, refund_amount: 27000 }, expect.any(String)]);
    expect(second).toEqual(first);
    // The unpaid table loads again too.
    expect(books.listBooks.mock.calls.filter(([p]) => p.not_paid_only)).toHaveLength(2);
  });

  it('makes a new operation key when the amount is changed', async () => {
    payments.refundBooking.mockRejectedValue(new HttpError(errorMessages.network, 0));
    renderDashboard();
    const dialog = await openRefund(31, '返金 八郎');
    const input = within(dialog).getByLabelText('返金 八郎様への返金額');
    const send = async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: '返金する' }));
      fireEvent.click(
        within(await screen.findByRole('dialog', { name: '返金の確認' })).getByRole('button', { name: 'OK' }),
      );
      await waitFor(() => expect(screen.queryByRole('dialog', { name: '返金の確認' })).not.toBeInTheDocument());
    };
    await send();
    fireEvent.change(input, { target: { value: '1000' } });
    await send();
    const [first, second] = payments.refundBooking.mock.calls;
    expect(second![0]).toEqual({ book_id: 31, refund_amount: 1000 });
    expect(second![1]).not.toBe(first![1]);
  });

  it("gives a live booking's excess back from the 過入金 card, at most the excess; then it leaves the card (issue 32)", async () => {
    const paidOn = addDays(today, -3);
    const live = buildBooking({
      ...overpaid,
      payments: [
        { id: 51, book_id: 41, amount: 70000, payment_exe_date: paidOn, pay_type: 1, mail: 0, transaction_id: null },
      ],
    });
    payments.listOverpaidBooks.mockResolvedValue([live]);
    payments.refundBooking.mockResolvedValue({
      refund: { id: 9, book_id: 41, payment_id: 51, amount: 8000, created_at: '' },
      price: 62000,
    });
    renderDashboard();
    const card = await section('overpaid-bookings');
    const open = await within(card).findByRole('button', { name: '返金' });
    // The row still opens the booking; 返金 sits beside it, not inside it.
    expect(within(card).getByRole('button', { name: '過入 九子様の予約を開く' })).not.toContainElement(open);
    fireEvent.click(open);
    const dialog = await screen.findByRole('dialog', { name: '過入 九子様への返金' });
    const input = within(dialog).getByLabelText('過入 九子様への返金額') as HTMLInputElement;
    expect(input.value).toBe('8,000');
    expect(within(dialog).getByTestId('refund-limit')).toHaveTextContent(
      '返金できるのは過入金の8,000円までです（入金70,000円 − 請求額62,000円）',
    );
    const button = within(dialog).getByRole('button', { name: '返金する' });
    fireEvent.change(input, { target: { value: '8001' } });
    expect(button).toBeDisabled();
    expect(
      within(dialog).getByText('返金できるのは過入金の8,000円までです（入金70,000円 − 請求額62,000円）'),
    ).toBeInTheDocument();
    fireEvent.change(input, { target: { value: '8000' } });
    expect(button).toBeEnabled();

    payments.listOverpaidBooks.mockResolvedValue([]);
    fireEvent.click(button);
    const confirm = await screen.findByRole('dialog', { name: '返金の確認' });
    expect(confirm).toHaveTextContent('過入 九子様に8,000円を返金します。よろしいですか？');
    fireEvent.click(within(confirm).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(payments.refundBooking).toHaveBeenCalledTimes(1));
    expect(payments.refundBooking.mock.calls[0]![0]).toEqual({ book_id: 41, refund_amount: 8000, payment_id: 51 });
    expect(await within(card).findByText('過入金の予約はありません。')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says so when a list cannot be loaded', async () => {
    payments.listRefundsNeeded.mockRejectedValue(new HttpError(errorMessages.internal, 500));
    renderDashboard();
    const refunds = await section('refunds-needed');
    expect(
      await within(refunds).findByText('読み込みに失敗しました。時間をおいて画面を更新してください。'),
    ).toBeInTheDocument();
    // The other sections still show.
    expect(await within(screen.getByTestId('unpaid-official')).findByText('公式 七海')).toBeInTheDocument();
  });

  it('links a sync-check error to the schedule of its day', () => {
    renderInAdmin(
      <SyncCheckTable
        rows={[{ accommodation_id: 2, date: '2026-05-03', room_name: '離れ', message: '在庫数が一致しません' }]}
      />,
    );
    const row = screen.getByRole('link', { name: '2026年5月3日' });
    expect(row).toHaveAttribute('href', '/m/accommodation/2/book/2026/5/3');
    expect(screen.getByText('在庫数が一致しません')).toBeInTheDocument();
    expect(screen.queryByText('同期チェックのエラーはありません。')).not.toBeInTheDocument();
  });
});
