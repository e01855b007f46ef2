import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../dataProvider/http';
import { buildBooking, buildBookingOption, buildCatalogueOption, demoPlans, demoRooms } from './BookingPanel.fixtures';
import { renderPanel, stubPanelMethods } from './bookingPanelHarness';

const { booking: mocked, money: opts } = stubPanelMethods();

const catalogue = [
  buildCatalogueOption({ id: 5, name: '夕食会席', price: 5500, unit: '名', unit_max: 4 }),
  buildCatalogueOption({ id: 6, name: '貸切風呂', price: 2000, unit: '回', unit_max: null, supplier: '湯守屋' }),
];
const loaded = () => screen.findByTestId('booking-options');
const openAdd = async () => {
  fireEvent.click(within(await loaded()).getByRole('button', { name: 'オプション追加' }));
  const dialog = await screen.findByRole('dialog', { name: 'オプション追加' });
  await within(dialog).findByRole('option', { name: '夕食会席（5,500円／名）' });
  return dialog;
};
const submit = (dialog: HTMLElement, name: string) => fireEvent.click(within(dialog).getByRole('button', { name }));

beforeEach(() => {
  // reset, not clear: a failed test must not leave its queued answers (mockResolvedValueOnce) to the next.
  vi.resetAllMocks();
  mocked.listRooms.mockResolvedValue(demoRooms);
  mocked.listPlans.mockResolvedValue(demoPlans);
  mocked.getBook.mockResolvedValue(buildBooking());
  opts.listOptions.mockResolvedValue(catalogue);
});

describe('the options of the booking panel', () => {
  it('lists name, partner or 公式, unit price × quantity × days = line total, and 未精算 / 精算済', async () => {
    mocked.getBook.mockResolvedValue(
      buildBooking({
        options: [
          buildBookingOption({ id: 41, name: '夕食会席', price: 5500, unit: 2, days: 1 }),
          buildBookingOption({
            id: 42,
            name: '貸切風呂',
            price: 2000,
            unit: 1,
            days: 2,
            supplier: '湯守屋',
            paid_at: '2026-12-01T10:00:00+09:00',
            comment: '21時から',
          }),
        ],
      }),
    );
    renderPanel(7);
    const [dinner, bath] = within(await loaded()).getAllByTestId('option-row');
    expect(within(dinner!).getByTestId('option-line')).toHaveTextContent('5,500円 × 2 × 1日 = 11,000円');
    expect(dinner).toHaveTextContent('公式');
    expect(within(dinner!).getByTestId('option-paid')).toHaveTextContent('未精算');
    expect(within(bath!).getByTestId('option-line')).toHaveTextContent('2,000円 × 1 × 2日 = 4,000円');
    expect(bath).toHaveTextContent('湯守屋');
    expect(bath).toHaveTextContent('21時から');
    expect(within(bath!).getByTestId('option-paid')).toHaveTextContent('精算済');
  });

  it('offers the options of the booking’s room type and says what is missing before sending', async () => {
    renderPanel(7);
    const dialog = await openAdd();
    expect(opts.listOptions).toHaveBeenCalledWith(1, 2);
    const select = within(dialog).getByLabelText('オプション') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual([
      '選択してください',
      '夕食会席（5,500円／名）',
      '貸切風呂（2,000円／回）',
    ]);
    expect((within(dialog).getByLabelText('日数') as HTMLInputElement).value).toBe('1');

    submit(dialog, '追加する');
    expect(await within(dialog).findByTestId('booking-option-error')).toHaveTextContent('オプションを選択してください');
    fireEvent.change(select, { target: { value: '5' } });
    fireEvent.change(within(dialog).getByLabelText('数量'), { target: { value: '' } });
    submit(dialog, '追加する');
    await waitFor(() =>
      expect(within(dialog).getByTestId('booking-option-error')).toHaveTextContent('数量を入力してください'),
    );
    fireEvent.change(within(dialog).getByLabelText('数量'), { target: { value: '0' } });
    submit(dialog, '追加する');
    expect(within(dialog).getByTestId('booking-option-error')).toHaveTextContent('数量を入力してください');
    fireEvent.change(within(dialog).getByLabelText('数量'), { target: { value: '5' } });
    submit(dialog, '追加する');
    await waitFor(() =>
      expect(within(dialog).getByTestId('booking-option-error')).toHaveTextContent('数量は4名までです'),
    );
    expect(opts.addBookingOption).not.toHaveBeenCalled();
  });

  it('takes オプションを選択してください away once an option is chosen, from the top and from the field', async () => {
    renderPanel(7);
    const dialog = await openAdd();
    submit(dialog, '追加する');
    expect(await within(dialog).findByTestId('booking-option-error')).toHaveTextContent('オプションを選択してください');
    const select = within(dialog).getByLabelText('オプション');
    expect(select).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(select, { target: { value: '5' } });
    expect(within(dialog).queryByTestId('booking-option-error')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('オプションを選択してください')).not.toBeInTheDocument();
    expect(select).toHaveAttribute('aria-invalid', 'false');
    expect(opts.addBookingOption).not.toHaveBeenCalled();
  });

  it('adds the option, then reloads the booking (its total follows) and the calendar', async () => {
    const added = buildBookingOption({ id: 43, option_id: 6, name: '貸切風呂', price: 2000, unit: 2, days: 1 });
    mocked.getBook
      .mockResolvedValueOnce(buildBooking())
      .mockResolvedValueOnce(buildBooking({ price_sub: 49000, options: [added] }));
    opts.addBookingOption.mockResolvedValue(added);
    const { onChanged } = renderPanel(7);
    const dialog = await openAdd();
    fireEvent.change(within(dialog).getByLabelText('オプション'), { target: { value: '6' } });
    fireEvent.change(within(dialog).getByLabelText('数量'), { target: { value: '2' } });
    fireEvent.change(within(dialog).getByLabelText('コメント'), { target: { value: '21時から' } });
    expect(within(dialog).getByTestId('booking-option-subtotal')).toHaveTextContent('小計 4,000円');
    submit(dialog, '追加する');

    await waitFor(() => expect(screen.getByTestId('booking-price-sub')).toHaveTextContent('49,000円'));
    expect(opts.addBookingOption).toHaveBeenCalledWith(7, { option_id: 6, unit: 2, days: 1, comment: '21時から' });
    expect(within(await loaded()).getByTestId('option-line')).toHaveTextContent('2,000円 × 2 × 1日 = 4,000円');
    expect(mocked.getBook).toHaveBeenCalledTimes(2);
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('edits an attached option from its values', async () => {
    const attached = buildBookingOption({ id: 41, option_id: 5, unit: 2, days: 1, comment: '個室' });
    mocked.getBook.mockResolvedValue(buildBooking({ options: [attached] }));
    opts.updateBookingOption.mockResolvedValue({ ...attached, unit: 3 });
    const { onChanged } = renderPanel(7);
    fireEvent.click(within(await loaded()).getByRole('button', { name: '「夕食会席」を編集' }));
    const dialog = await screen.findByRole('dialog', { name: 'オプション編集' });
    expect((within(dialog).getByLabelText('オプション') as HTMLSelectElement).value).toBe('5');
    expect((within(dialog).getByLabelText('数量') as HTMLInputElement).value).toBe('2');
    expect((within(dialog).getByLabelText('コメント') as HTMLTextAreaElement).value).toBe('個室');
    await within(dialog).findByRole('option', { name: '貸切風呂（2,000円／回）' });
    fireEvent.change(within(dialog).getByLabelText('数量'), { target: { value: '3' } });
    submit(dialog, '更新する');
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(opts.updateBookingOption).toHaveBeenCalledWith(7, 41, { option_id: 5, unit: 3, days: 1, comment: '個室' });
    expect(mocked.getBook).toHaveBeenCalledTimes(2);
  });

  it('marks an option paid with paid_at now and the mail (on by default), then back with paid_at null', async () => {
    const unpaid = buildBookingOption({ id: 41, paid_at: null });
    const paid = { ...unpaid, paid_at: '2026-12-01T10:00:00+09:00' };
    mocked.getBook
      .mockResolvedValueOnce(buildBooking({ options: [unpaid] }))
      .mockResolvedValueOnce(buildBooking({ options: [paid] }))
      .mockResolvedValueOnce(buildBooking({ options: [unpaid] }));
    opts.updateBookingOption.mockResolvedValue(paid);
    const { onChanged } = renderPanel(7);
    const before = Date.now();
    fireEvent.click(within(await loaded()).getByRole('button', { name: '未精算' }));
    let dialog = await screen.findByRole('dialog', { name: 'オプションの精算' });
    expect(dialog).toHaveTextContent('「夕食会席」を精算済にします。');
    expect(within(dialog).getByRole('checkbox', { name: 'お客様にメールを送信する' })).toBeChecked();
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));

    expect(await within(await loaded()).findByRole('button', { name: '精算済' })).toBeInTheDocument();
    const [, , first] = opts.updateBookingOption.mock.calls[0]!;
    expect(first).toEqual({ paid_at: expect.any(String), mail: 1 });
    expect(Date.parse(first.paid_at!)).toBeGreaterThanOrEqual(before - 1000);
    // The message box comes with its own render, not necessarily the one that shows the reloaded booking.
    expect(await screen.findByTestId('message-box')).toHaveTextContent('「夕食会席」を精算済にしました。');

    fireEvent.click(within(await loaded()).getByRole('button', { name: '精算済' }));
    dialog = await screen.findByRole('dialog', { name: 'オプションの精算' });
    expect(dialog).toHaveTextContent('「夕食会席」を未精算に戻します。');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'お客様にメールを送信する' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(await loaded()).findByRole('button', { name: '未精算' })).toBeInTheDocument();
    expect(opts.updateBookingOption).toHaveBeenLastCalledWith(7, 41, { paid_at: null, mail: 0 });
    expect(mocked.getBook).toHaveBeenCalledTimes(3);
    expect(onChanged).toHaveBeenCalledTimes(2);
  });

  it('keeps the paid popup open with the server message when the change is refused', async () => {
    mocked.getBook.mockResolvedValue(buildBooking({ options: [buildBookingOption()] }));
    opts.updateBookingOption.mockRejectedValue(
      new HttpError('キャンセル済みの予約のオプションは変更できません', 409, {
        code: 'conflict',
        message: 'キャンセル済みの予約のオプションは変更できません',
      }),
    );
    const { onChanged } = renderPanel(7);
    fireEvent.click(within(await loaded()).getByRole('button', { name: '未精算' }));
    const dialog = await screen.findByRole('dialog', { name: 'オプションの精算' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByText('キャンセル済みの予約のオプションは変更できません')).toBeInTheDocument();
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('removes an option after the confirmation', async () => {
    mocked.getBook
      .mockResolvedValueOnce(buildBooking({ options: [buildBookingOption({ id: 41 })] }))
      .mockResolvedValueOnce(buildBooking());
    opts.removeBookingOption.mockResolvedValue();
    const { onChanged } = renderPanel(7);
    fireEvent.click(within(await loaded()).getByRole('button', { name: '「夕食会席」を削除' }));
    const confirm = await screen.findByRole('dialog', { name: 'オプションの削除' });
    expect(confirm).toHaveTextContent('「夕食会席」をこの予約から削除してもよろしいですか？');
    fireEvent.click(within(confirm).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(within(screen.getByTestId('booking-options')).getByText('オプションはありません。')).toBeInTheDocument(),
    );
    expect(opts.removeBookingOption).toHaveBeenCalledWith(7, 41);
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('shows the options of a cancelled booking read-only', async () => {
    mocked.getBook.mockResolvedValue(buildBooking({ delete_flg: 1, options: [buildBookingOption()] }));
    renderPanel(7);
    const section = await loaded();
    expect(within(section).getByTestId('option-paid')).toHaveTextContent('未精算');
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
    expect(section).toHaveTextContent('キャンセル済みの予約のオプションは変更できません。');
    // A cancelled booking takes no payment either: money goes back by refund.
    expect(screen.queryByRole('button', { name: '入金登録' })).not.toBeInTheDocument();
  });
});
