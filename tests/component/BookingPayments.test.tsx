import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokyoToday } from '../../contract/dates';
import { HttpError } from '../../dataProvider/http';
import {
  buildBooking,
  buildPayment,
  buildPaymentAnswer,
  demoPlans,
  demoRooms,
  validationError,
} from './BookingPanel.fixtures';
import { renderPanel, stubPanelMethods } from './bookingPanelHarness';

const { booking: mocked, money } = stubPanelMethods();

const section = () => screen.getByTestId('booking-payments');
const loaded = () => screen.findByTestId('booking-payments');
const openPopup = async () => {
  fireEvent.click(await screen.findByRole('button', { name: '入金登録' }));
  return screen.findByRole('dialog', { name: '入金登録' });
};
const register = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('button', { name: '登録する' }));

// Only Date is faked, at the instant the file loaded: the payment dialog's today cannot turn under a test.
const loadedAt = new Date();
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(loadedAt);
  // reset, not clear: a failed test must not leave its queued answers (mockResolvedValueOnce) to the next.
  vi.resetAllMocks();
  mocked.listRooms.mockResolvedValue(demoRooms);
  mocked.listPlans.mockResolvedValue(demoPlans);
  mocked.getBook.mockResolvedValue(buildBooking());
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the payments of the booking panel', () => {
  it('lists payments with date or 仮決済, amount in yen and pay type, and refunds as 返金', async () => {
    mocked.getBook.mockResolvedValue(
      buildBooking({
        payments: [
          buildPayment({ id: 31, payment_exe_date: '2026-11-25', amount: 12000, pay_type: 1 }),
          buildPayment({ id: 32, payment_exe_date: null, amount: 3000, pay_type: 4 }),
        ],
        refunds: [{ id: 51, book_id: 7, payment_id: null, amount: 2000, created_at: '2026-12-01T09:30:00+09:00' }],
      }),
    );
    renderPanel(7);
    const rows = within(await loaded()).getAllByTestId('payment-row');
    expect(rows.map((r) => r.textContent)).toEqual(['2026年11月25日12,000円銀行振込', '仮決済3,000円請求書払い']);
    expect(within(section()).getByTestId('refund-row')).toHaveTextContent('2026年12月1日-2,000円返金');
  });

  it('offers delete for every payment but a card settlement with a transaction_id', async () => {
    mocked.getBook.mockResolvedValue(
      buildBooking({
        payments: [buildPayment({ id: 31 }), buildPayment({ id: 32, pay_type: 2, transaction_id: 'ch_3Pq7' })],
      }),
    );
    renderPanel(7);
    const [plain, card] = within(await loaded()).getAllByTestId('payment-row');
    expect(within(plain!).getByRole('button', { name: '入金を削除' })).toBeInTheDocument();
    expect(within(card!).queryByRole('button', { name: '入金を削除' })).not.toBeInTheDocument();
    expect(within(card!).getByLabelText('カード決済の入金は削除できません')).toBeInTheDocument();
  });

  it('opens the popup on today, the amount still due, 銀行振込 first of 1, 2 and 4, and the mail off', async () => {
    renderPanel(7);
    const dialog = await openPopup();
    const payType = within(dialog).getByLabelText('支払方法') as HTMLSelectElement;
    expect(payType.value).toBe('1');
    expect([...payType.options].map((o) => o.textContent)).toEqual([
      '銀行振込',
      '現金',
      'クレジットカード',
      'QR・電子マネー',
      '請求書払い',
    ]);
    expect((within(dialog).getByLabelText('金額') as HTMLInputElement).value).toBe('35,000');
    expect(within(dialog).getByRole('checkbox', { name: '入金確認メールを送信する' })).not.toBeChecked();
    expect(within(dialog).getByText('入金日を空欄にすると仮決済として登録されます。')).toBeInTheDocument();
    const [year, month, day] = tokyoToday().split('-');
    const group = within(dialog).getByRole('group', { name: '入金日' });
    expect(
      within(group)
        .getAllByRole('spinbutton')
        .map((s) => s.textContent),
    ).toEqual([year, month, day]);
  });

  it.each([
    ['', '金額を入力してください'],
    // A typed 0 is not missing: the sentence says what the amount must be (issue 19).
    ['0', '金額は1円以上100,000,000円以下の整数で入力してください'],
  ])('sends nothing for the amount %j and says %s', async (amount, message) => {
    renderPanel(7);
    const dialog = await openPopup();
    fireEvent.change(within(dialog).getByLabelText('金額'), { target: { value: amount } });
    register(dialog);
    expect(await within(dialog).findByTestId('payment-error')).toHaveTextContent(message);
    expect(money.createPayment).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: '入金登録' })).toBeInTheDocument();
  });

  it('registers a payment without a date as a provisional settlement (payment_exe_date null)', async () => {
    money.createPayment.mockResolvedValue(buildPaymentAnswer({ payment_exe_date: null }));
    renderPanel(7);
    const dialog = await openPopup();
    fireEvent.click(within(dialog).getByRole('button', { name: 'クリア' }));
    register(dialog);
    await waitFor(() => expect(money.createPayment).toHaveBeenCalledTimes(1));
    expect(money.createPayment).toHaveBeenCalledWith(
      expect.objectContaining({ payment_exe_date: null, amount: 35000, pay_type: 1, mail: 0 }),
    );
  });

  it('registers the payment, says 入金を登録しました。, reloads the booking and the calendar', async () => {
    mocked.getBook
      .mockResolvedValueOnce(buildBooking())
      .mockResolvedValueOnce(buildBooking({ price: 30000, payments: [buildPayment({ amount: 20000, pay_type: 2 })] }));
    money.createPayment.mockResolvedValue(buildPaymentAnswer({ amount: 20000, pay_type: 2 }));
    const { onChanged } = renderPanel(7);
    expect(await screen.findByTestId('booking-price')).toHaveTextContent('10,000円');
    const dialog = await openPopup();
    fireEvent.change(within(dialog).getByLabelText('金額'), { target: { value: '20000' } });
    fireEvent.change(within(dialog).getByLabelText('支払方法'), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '入金確認メールを送信する' }));
    register(dialog);

    expect(await screen.findByTestId('message-box')).toHaveTextContent('入金を登録しました。');
    expect(money.createPayment).toHaveBeenCalledWith({
      payment_exe_date: tokyoToday(),
      book_id: 7,
      amount: 20000,
      pay_type: 2,
      mail: 1,
    });
    await waitFor(() => expect(screen.getByTestId('booking-price')).toHaveTextContent('30,000円'));
    expect(mocked.getBook).toHaveBeenCalledTimes(2);
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog', { name: '入金登録' })).not.toBeInTheDocument();
    expect(within(section()).getByTestId('payment-row')).toHaveTextContent('20,000円クレジットカード');
  });

  // Issue 32: booking 7 owes 45,000円 and holds 10,000円; 43,000円 would leave 8,000円 over its bill.
  it('warns under the amount of a payment beyond the bill and registers it only once confirmed', async () => {
    mocked.getBook.mockResolvedValueOnce(buildBooking()).mockResolvedValueOnce(
      buildBooking({
        price: 53000,
        payments: [buildPayment({ amount: 10000 }), buildPayment({ id: 32, amount: 43000 })],
      }),
    );
    money.createPayment.mockResolvedValue(buildPaymentAnswer({ id: 32, amount: 43000, overpaid: 8000 }));
    const { onChanged } = renderPanel(7);
    const dialog = await openPopup();
    // What is owed, exactly: no warning.
    expect(within(dialog).queryByTestId('payment-overpaid')).not.toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('金額'), { target: { value: '43000' } });
    expect(within(dialog).getByTestId('payment-overpaid')).toHaveTextContent(
      'この入金で 8,000円 の過入金になります（請求額 45,000円、入金済み 10,000円）',
    );

    // 登録する asks first, saying the excess; キャンセル goes back to the form, nothing sent.
    register(dialog);
    const confirm = await screen.findByRole('dialog', { name: '過入金の確認' });
    expect(confirm).toHaveTextContent(
      '43,000円 を登録すると、請求額 45,000円 を 8,000円 上回ります（入金済み 10,000円）',
    );
    fireEvent.click(within(confirm).getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '過入金の確認' })).not.toBeInTheDocument());
    expect(money.createPayment).not.toHaveBeenCalled();
    expect((within(dialog).getByLabelText('金額') as HTMLInputElement).value).toBe('43,000');

    register(dialog);
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: '過入金の確認' })).getByRole('button', {
        name: '過入金のまま登録する',
      }),
    );
    await waitFor(() => expect(money.createPayment).toHaveBeenCalledTimes(1));
    expect(money.createPayment).toHaveBeenCalledWith(expect.objectContaining({ book_id: 7, amount: 43000 }));
    expect(await screen.findByTestId('message-box')).toHaveTextContent(
      '入金を登録しました。8,000円 の過入金です（返金が必要です）。',
    );
    await waitFor(() => expect(screen.getByTestId('booking-overpaid')).toHaveTextContent('過入金 8,000円'));
    expect(screen.getByTestId('booking-price')).toHaveTextContent('53,000円');
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('counts a provisional settlement nowhere: no warning and no confirmation for one above the bill', async () => {
    money.createPayment.mockResolvedValue(buildPaymentAnswer({ payment_exe_date: null, amount: 90000 }));
    renderPanel(7);
    const dialog = await openPopup();
    fireEvent.change(within(dialog).getByLabelText('金額'), { target: { value: '90000' } });
    expect(within(dialog).getByTestId('payment-overpaid')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'クリア' }));
    expect(within(dialog).queryByTestId('payment-overpaid')).not.toBeInTheDocument();
    register(dialog);
    await waitFor(() => expect(money.createPayment).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('dialog', { name: '過入金の確認' })).not.toBeInTheDocument();
  });

  it('shows 過入金 beside the paid amount of a live booking paid beyond its bill', async () => {
    mocked.getBook.mockResolvedValue(buildBooking({ price: 50000, price_sub: 45000, tax_due: 1000 }));
    renderPanel(7);
    expect(await screen.findByTestId('booking-overpaid')).toHaveTextContent('過入金 4,000円');
    expect(screen.getByTestId('booking-price')).toHaveTextContent(/^50,000円$/);
  });

  it('gives the excess back from the 過入金 line: at most the excess, then the panel reads the booking again (issue 32)', async () => {
    const paid = buildPayment({ id: 31, amount: 50000, payment_exe_date: '2026-11-20' });
    mocked.getBook
      .mockResolvedValueOnce(buildBooking({ price: 50000, price_sub: 45000, tax_due: 1000, payments: [paid] }))
      .mockResolvedValue(
        buildBooking({
          price: 46000,
          price_sub: 45000,
          tax_due: 1000,
          payments: [paid],
          refunds: [{ id: 5, book_id: 7, payment_id: 31, amount: 4000, created_at: '2026-11-21T10:00:00+09:00' }],
        }),
      );
    money.refundBooking.mockResolvedValue({
      refund: { id: 5, book_id: 7, payment_id: 31, amount: 4000, created_at: '2026-11-21T10:00:00+09:00' },
      price: 46000,
    });
    const { onChanged } = renderPanel(7);
    const line = (await screen.findByTestId('booking-overpaid')).parentElement as HTMLElement;
    fireEvent.click(within(line).getByRole('button', { name: '返金' }));
    const dialog = await screen.findByRole('dialog', { name: '山田 太郎様への返金' });
    const input = within(dialog).getByLabelText('山田 太郎様への返金額') as HTMLInputElement;
    expect(input.value).toBe('4,000');
    fireEvent.change(input, { target: { value: '4001' } });
    expect(within(dialog).getByRole('button', { name: '返金する' })).toBeDisabled();
    expect(
      within(dialog).getByText('返金できるのは過入金の4,000円までです（入金50,000円 − 請求額46,000円）'),
    ).toBeInTheDocument();
    fireEvent.change(input, { target: { value: '4000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '返金する' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: '返金の確認' })).getByRole('button', { name: 'OK' }),
    );
    await waitFor(() => expect(money.refundBooking).toHaveBeenCalledTimes(1));
    expect(money.refundBooking.mock.calls[0]![0]).toEqual({ book_id: 7, refund_amount: 4000, payment_id: 31 });
    expect(await screen.findByTestId('message-box')).toHaveTextContent('返金しました。');
    // Read again: paid as billed, no excess, no 返金.
    await waitFor(() => expect(screen.getByTestId('booking-price')).toHaveTextContent(/^46,000円$/));
    expect(screen.queryByTestId('booking-overpaid')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it("marks no excess on a cancelled booking: its money is the refund list's", async () => {
    mocked.getBook.mockResolvedValue(buildBooking({ delete_flg: 1, price: 50000, price_sub: 45000 }));
    renderPanel(7);
    await screen.findByTestId('booking-read-only');
    expect(screen.queryByTestId('booking-overpaid')).not.toBeInTheDocument();
  });

  it('keeps the popup and what was typed when the server refuses, with its message', async () => {
    money.createPayment.mockRejectedValue(
      validationError('入力内容に誤りがあります。', {
        amount: '金額は1円以上100,000,000円以下の整数で入力してください',
      }),
    );
    const { onChanged } = renderPanel(7);
    const dialog = await openPopup();
    fireEvent.change(within(dialog).getByLabelText('金額'), { target: { value: '7777' } });
    register(dialog);
    expect(await within(dialog).findByTestId('payment-error')).toHaveTextContent('入力内容に誤りがあります。');
    expect(within(dialog).getByText('金額は1円以上100,000,000円以下の整数で入力してください')).toBeInTheDocument();
    expect((within(dialog).getByLabelText('金額') as HTMLInputElement).value).toBe('7,777');
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('deletes a payment after the confirmation, says 入金を削除しました。 and reloads', async () => {
    mocked.getBook
      .mockResolvedValueOnce(buildBooking({ payments: [buildPayment({ id: 31, amount: 10000 })] }))
      .mockResolvedValueOnce(buildBooking({ price: 0, payments: [] }));
    money.deletePayment.mockResolvedValue();
    const { onChanged } = renderPanel(7);
    fireEvent.click(within(await loaded()).getByRole('button', { name: '入金を削除' }));
    const confirm = await screen.findByRole('dialog', { name: '入金の削除' });
    expect(confirm).toHaveTextContent('2026年11月25日 10,000円（銀行振込）の入金を削除してもよろしいですか？');
    fireEvent.click(within(confirm).getByRole('button', { name: 'OK' }));

    expect(await screen.findByTestId('message-box')).toHaveTextContent('入金を削除しました。');
    expect(money.deletePayment).toHaveBeenCalledWith(31);
    await waitFor(() => expect(within(section()).getByText('入金はまだありません。')).toBeInTheDocument());
    expect(screen.getByTestId('booking-price')).toHaveTextContent('0円');
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('shows the refusal of a delete and keeps the row', async () => {
    mocked.getBook.mockResolvedValue(buildBooking({ payments: [buildPayment()] }));
    money.deletePayment.mockRejectedValue(
      new HttpError('カード決済の入金は削除できません', 409, {
        code: 'conflict',
        message: 'カード決済の入金は削除できません',
      }),
    );
    const { onChanged } = renderPanel(7);
    fireEvent.click(within(await loaded()).getByRole('button', { name: '入金を削除' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: '入金の削除' })).getByRole('button', { name: 'OK' }),
    );
    expect(await screen.findByTestId('message-box')).toHaveTextContent('カード決済の入金は削除できません');
    expect(within(section()).getByTestId('payment-row')).toBeInTheDocument();
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('keeps a cancelled booking read-only: no 入金登録, no payment deleted, every field but the memo locked', async () => {
    mocked.getBook.mockResolvedValue(
      buildBooking({ delete_flg: 1, cancel_fee: 22500, price: 10000, payments: [buildPayment({ amount: 10000 })] }),
    );
    renderPanel(7);
    expect(await screen.findByTestId('booking-read-only')).toHaveTextContent('キャンセル済みの予約は変更できません');
    expect(screen.queryByRole('button', { name: '入金登録' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '入金を削除' })).not.toBeInTheDocument();
    // The bank transfer's lock gives the real reason: the booking is cancelled, not a card settlement.
    expect(
      within(section()).getByLabelText(
        'キャンセル済みの予約の入金は削除できません。返金はホームの「返金が必要な予約」から登録してください。',
      ),
    ).toBeInTheDocument();
    expect(within(section()).queryByLabelText('カード決済の入金は削除できません')).not.toBeInTheDocument();
    expect(screen.getByLabelText('宿泊者名')).toBeDisabled();
    expect(screen.getByLabelText('部屋タイプ')).toBeDisabled();
    expect(screen.getByLabelText('泊数')).toBeDisabled();
    expect(screen.getByLabelText('メモ')).toBeEnabled();
    expect(money.createPayment).not.toHaveBeenCalled();
  });
});
