import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { controlCharacterMessage } from '../../contract/fieldRules';
import { HttpError } from '../../dataProvider/http';
import { buildBooking, demoPlans, demoRooms, withCatalogue, bookingMethodsStub } from './BookingPanel.fixtures';
import { renderPanel } from './bookingPanelHarness';
import { typeDate, stubMethods } from './helpers';

const stubs = stubMethods({
  bookingMethods: bookingMethodsStub(),
});
const mocked = withCatalogue(vi.mocked(stubs.bookingMethods));

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: '予約する' }));

async function fillValidForm() {
  await screen.findByRole('option', { name: '洋室ツイン' });
  type('部屋タイプ', '3');
  type('プラン', '12');
  await typeDate('チェックイン', '2026-12-24');
  type('泊数', '2');
  type('人数', '2');
  type('入金額', '0');
  type('宿泊者名', '佐藤 花子');
  type('メール', 'hanako@example.com');
}

beforeEach(() => {
  vi.clearAllMocks();
  mocked.listRooms.mockResolvedValue(demoRooms);
  mocked.listPlans.mockResolvedValue(demoPlans);
});

describe('BookingPanel, a new booking', () => {
  it('is titled 新規予約 and offers neither cancel nor history', async () => {
    renderPanel(0);
    expect(screen.getByRole('heading', { name: '新規予約' })).toBeInTheDocument();
    expect((screen.getByLabelText('泊数') as HTMLInputElement).value).toBe('1');
    expect(screen.queryByRole('button', { name: '予約をキャンセル' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '宿泊履歴' })).not.toBeInTheDocument();
    await screen.findByRole('option', { name: '和室' });
  });

  it('shows 宿泊日数が入力されていません for 0 nights and sends nothing', async () => {
    renderPanel(0);
    await fillValidForm();
    type('泊数', '0');
    submit();
    // The message box keeps the spec's sentence; under 泊数, what to type instead.
    const box = await screen.findByRole('alert');
    expect(box).toHaveTextContent(/^宿泊日数が入力されていません$/);
    const nights = screen.getByLabelText('泊数');
    expect(nights).toHaveAttribute('aria-invalid', 'true');
    expect(nights).toHaveAccessibleDescription('宿泊日数が入力されていません（1泊以上で入力してください）');
    expect(mocked.createBook).not.toHaveBeenCalled();
  });

  it('refuses a guest name or address holding ESC or U+202E with the text rule’s message and sends nothing', async () => {
    renderPanel(0);
    await fillValidForm();
    type('宿泊者名', '佐藤\u202e花子');
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(controlCharacterMessage);
    fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: '閉じる' }));
    type('宿泊者名', '佐藤 花子');
    type('住所', '東京都\u001b[2J');
    submit();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(controlCharacterMessage));
    expect(mocked.createBook).not.toHaveBeenCalled();
  });

  it('checks the rules in the spec order: nights, then guests, then amount, then name', async () => {
    renderPanel(0);
    await fillValidForm();
    type('泊数', '');
    type('人数', '');
    type('入金額', '');
    type('宿泊者名', '');
    const expectMessage = async (text: string) => {
      submit();
      await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(text));
      fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: '閉じる' }));
    };
    await expectMessage('宿泊日数が入力されていません');
    type('泊数', '1');
    await expectMessage('人数が入力されていません');
    type('人数', '2');
    await expectMessage('金額が入力されていません');
    type('入金額', '0');
    await expectMessage('宿泊者名が入力されていません');
    type('宿泊者名', '佐藤 花子');
    type('部屋タイプ', '');
    await expectMessage('部屋タイプを選択してください');
    expect(mocked.createBook).not.toHaveBeenCalled();
  });

  it('does not send room or plan choices before 予約する, then creates and opens the new booking', async () => {
    mocked.createBook.mockResolvedValue(buildBooking({ id: 99 }));
    const { onChanged } = renderPanel(0);
    await fillValidForm();
    expect(mocked.updateBook).not.toHaveBeenCalled();
    submit();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/m/accommodation/1/book/99'));
    expect(mocked.createBook).toHaveBeenCalledWith({
      accommodation_id: 1,
      start_date: '2026-12-24',
      days: 2,
      person_number: 2,
      room_id: 3,
      plan_id: 12,
      name: '佐藤 花子',
      address: null,
      tel: null,
      mail: 'hanako@example.com',
      mini_memo: null,
      price: 0,
      via: 101,
    });
    expect(onChanged).toHaveBeenCalled();
  });

  it('offers 予約完了メールを送信する once a mail is typed, ticked; unticked, it books without the mail (issue 32)', async () => {
    mocked.createBook.mockResolvedValue(buildBooking({ id: 98 }));
    renderPanel(0);
    expect(screen.queryByRole('checkbox', { name: '予約完了メールを送信する' })).not.toBeInTheDocument();
    await fillValidForm();
    const sendMail = screen.getByRole('checkbox', { name: '予約完了メールを送信する' });
    expect(sendMail).toBeChecked();
    fireEvent.click(sendMail);
    submit();
    await waitFor(() => expect(mocked.createBook).toHaveBeenCalled());
    expect(mocked.createBook.mock.calls[0]![0]).toMatchObject({ mail: 'hanako@example.com', send_mail: false });
  });

  it('shows the server message when the room type is full', async () => {
    mocked.createBook.mockRejectedValue(new HttpError('12月24日は満室です', 409, { message: '12月24日は満室です' }));
    renderPanel(0);
    await fillValidForm();
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('12月24日は満室です');
    expect((screen.getByLabelText('宿泊者名') as HTMLInputElement).value).toBe('佐藤 花子');
  });
});

describe('Cancelling a booking', () => {
  it('asks with the cancel mail on by default and sends the chosen fee, then shows the banner', async () => {
    mocked.getBook
      .mockResolvedValueOnce(buildBooking())
      .mockResolvedValueOnce(
        buildBooking({ delete_flg: 1, deleted_at: '2026-11-21T09:00:00+09:00', cancel_fee: 22500 }),
      );
    mocked.cancelBook.mockResolvedValue(undefined);
    const { onChanged } = renderPanel(7);
    fireEvent.click(await screen.findByRole('button', { name: '予約をキャンセル' }));
    const dialog = await screen.findByRole('dialog', { name: '予約のキャンセル' });
    expect(within(dialog).getByRole('checkbox', { name: 'キャンセルメールを送信する' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'なし' })).toBeChecked();
    fireEvent.click(within(dialog).getByRole('radio', { name: '50%（22,500円）' }));
    expect(within(dialog).getByRole('radio', { name: '10%（4,500円）' })).not.toBeChecked();
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));

    expect(await screen.findByTestId('booking-cancelled')).toHaveTextContent('キャンセル済み');
    expect(screen.getByTestId('booking-cancelled')).toHaveTextContent('2026年11月21日');
    expect(mocked.cancelBook).toHaveBeenCalledWith(7, { mail: true, cancelFee: 22500 });
    expect(await screen.findByText('予約をキャンセルしました。')).toBeInTheDocument();
    expect(onChanged).toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: '予約をキャンセル' })).not.toBeInTheDocument();
  });

  it('can cancel without mail and without a fee', async () => {
    mocked.getBook.mockResolvedValue(buildBooking());
    mocked.cancelBook.mockResolvedValue(undefined);
    renderPanel(7);
    fireEvent.click(await screen.findByRole('button', { name: '予約をキャンセル' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'キャンセルメールを送信する' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(mocked.cancelBook).toHaveBeenCalledWith(7, { mail: false, cancelFee: null }));
  });

  it('offers no cancel button on an already cancelled booking', async () => {
    mocked.getBook.mockResolvedValue(buildBooking({ delete_flg: 1, deleted_at: '2026-11-21T09:00:00+09:00' }));
    renderPanel(7);
    expect(await screen.findByTestId('booking-cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '予約をキャンセル' })).not.toBeInTheDocument();
  });
});
