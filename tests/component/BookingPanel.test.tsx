import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../dataProvider/http';
import { buildBooking, withCatalogue, bookingMethodsStub, validationError } from './BookingPanel.fixtures';
import { answerPanel, renderPanel } from './bookingPanelHarness';
import { useRefresh } from 'react-admin';
import { BookingPanel } from '../../resources/bookings/BookingPanel';
import { pickerText, renderInAdmin, typeDate, stubMethods } from './helpers';

const stubs = stubMethods({
  bookingMethods: bookingMethodsStub(),
});
const mocked = withCatalogue(vi.mocked(stubs.bookingMethods));

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

beforeEach(() => {
  vi.clearAllMocks();
  answerPanel(mocked);
});

describe('BookingPanel, an existing booking', () => {
  it('shows the booking with its confirmation number and read-only amounts', async () => {
    renderPanel(7);
    expect(await screen.findByRole('heading', { name: '予約詳細' })).toBeInTheDocument();
    // The heading shows while the booking loads; the booking follows.
    expect(await screen.findByTestId('booking-confirmation')).toHaveTextContent('確認番号: AB9');
    expect(field('宿泊者名').value).toBe('山田 太郎');
    expect(screen.getByTestId('booking-check-out')).toHaveTextContent('2026年12月26日（2泊）');
    // The Japanese picker shows the day as the API writes it, and the Japanese date under it.
    expect(pickerText('チェックイン')).toBe('2026-12-24');
    expect(screen.getByText('2026年12月24日')).toBeInTheDocument();
    expect(screen.getByTestId('booking-price-sub')).toHaveTextContent('45,000円');
    expect(screen.getByText('管理画面')).toBeInTheDocument();
    expect(within(screen.getByTestId('booking-payments')).getByText('入金はまだありません。')).toBeInTheDocument();
    expect(screen.queryByTestId('booking-cancelled')).not.toBeInTheDocument();
  });

  it('sends nothing on the blur of an unchanged field, and only the changed name otherwise', async () => {
    const { onChanged } = renderPanel(7);
    const name = await screen.findByLabelText('宿泊者名');
    fireEvent.blur(name);
    fireEvent.change(field('電話番号'), { target: { value: '090-1234-5678' } });
    fireEvent.blur(field('電話番号'));
    expect(mocked.updateBook).not.toHaveBeenCalled();

    fireEvent.change(name, { target: { value: '山田 次郎' } });
    fireEvent.blur(name);
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(mocked.updateBook).toHaveBeenCalledTimes(1);
    expect(mocked.updateBook).toHaveBeenCalledWith(7, { name: '山田 次郎' });
  });

  it('sends a typed check-in once, when the field is left, as { start_date }', async () => {
    renderPanel(7);
    await screen.findByRole('heading', { name: '予約詳細' });
    const { user } = await typeDate('チェックイン', '2026-12-27');
    expect(mocked.updateBook).not.toHaveBeenCalled();
    await user.click(field('宿泊者名'));
    await waitFor(() => expect(mocked.updateBook).toHaveBeenCalledWith(7, { start_date: '2026-12-27' }));
    expect(mocked.updateBook).toHaveBeenCalledTimes(1);
    expect(screen.getByText('2026年12月27日')).toBeInTheDocument();
  });

  it('sends another room at once as { room_id }', async () => {
    renderPanel(7);
    fireEvent.change(await screen.findByLabelText('部屋タイプ'), { target: { value: '3' } });
    await waitFor(() => expect(mocked.updateBook).toHaveBeenCalledWith(7, { room_id: 3 }));
    fireEvent.change(field('プラン'), { target: { value: '12' } });
    await waitFor(() => expect(mocked.updateBook).toHaveBeenLastCalledWith(7, { plan_id: 12 }));
  });

  it('asks for the total before leaving the plan, and sends it with the change', async () => {
    mocked.getBook.mockResolvedValue(buildBooking({ plan_id: 12, plan_name: '素泊まり' }));
    renderPanel(7);
    fireEvent.change(await screen.findByLabelText('プラン'), { target: { value: '' } });
    const dialog = await screen.findByRole('dialog', { name: 'プランなしに変更' });
    expect(mocked.updateBook).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: '変更する' }));
    expect(await within(dialog).findByText('プランなしの予約は合計金額を入力してください')).toBeInTheDocument();
    expect(mocked.updateBook).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText('合計金額'), { target: { value: '30000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '変更する' }));
    await waitFor(() => expect(mocked.updateBook).toHaveBeenCalledWith(7, { plan_id: null, price_sub: 30000 }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps the plan when the total is not given', async () => {
    mocked.getBook.mockResolvedValue(buildBooking({ plan_id: 12, plan_name: '素泊まり' }));
    renderPanel(7);
    fireEvent.change(await screen.findByLabelText('プラン'), { target: { value: '' } });
    const dialog = await screen.findByRole('dialog', { name: 'プランなしに変更' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(field('プラン').value).not.toBe('');
    expect(mocked.updateBook).not.toHaveBeenCalled();
  });

  it('shows the server message and puts the old nights back when the room type is full', async () => {
    mocked.updateBook.mockRejectedValue(new HttpError('12月25日は満室です', 409, { message: '12月25日は満室です' }));
    renderPanel(7);
    const days = await screen.findByLabelText('泊数');
    fireEvent.change(days, { target: { value: '4' } });
    fireEvent.blur(days);
    expect(await screen.findByRole('alert')).toHaveTextContent('12月25日は満室です');
    expect(mocked.updateBook).toHaveBeenCalledWith(7, { days: 4 });
    await waitFor(() => expect(field('泊数').value).toBe('2'));
  });

  it('keeps what was typed in a text field the server refused', async () => {
    mocked.updateBook.mockRejectedValue(
      new HttpError('入力内容に誤りがあります。', 400, { message: 'メールアドレスの形式が正しくありません' }),
    );
    renderPanel(7);
    const mail = await screen.findByLabelText('メール');
    fireEvent.change(mail, { target: { value: 'taro@' } });
    fireEvent.blur(mail);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(field('メール').value).toBe('taro@');
  });

  it("shows the refused field's own sentence, not the general one, and keeps what was typed", async () => {
    const refusal = '使用できない文字（改行などの制御文字）が含まれています';
    mocked.updateBook.mockRejectedValue(validationError('入力内容に誤りがあります。', { address: refusal }));
    renderPanel(7);
    const address = await screen.findByLabelText('住所');
    fireEvent.change(address, { target: { value: '東京都\u202e港区' } });
    fireEvent.blur(address);
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(field('住所').value).toBe('東京都\u202e港区');
  });

  it('ignores a stay of no night and sends nothing', async () => {
    renderPanel(7);
    const days = await screen.findByLabelText('泊数');
    fireEvent.change(days, { target: { value: '0' } });
    fireEvent.blur(days);
    await waitFor(() => expect(field('泊数').value).toBe('2'));
    expect(mocked.updateBook).not.toHaveBeenCalled();
  });

  it('links the stay history only when the guest has an e-mail', async () => {
    renderPanel(7);
    const link = await screen.findByRole('link', { name: '宿泊履歴' });
    expect(link).toHaveAttribute('href', '/m/books/taro%40example.com');
  });

  it('has no stay history link for a guest without an e-mail', async () => {
    mocked.getBook.mockResolvedValue(buildBooking({ mail: null }));
    renderPanel(7);
    await screen.findByRole('heading', { name: '予約詳細' });
    expect(screen.queryByRole('link', { name: '宿泊履歴' })).not.toBeInTheDocument();
  });
});

describe('BookingPanel and react-admin’s refresh', () => {
  /** The header's refresh button, as react-admin's useRefresh gives it. */
  function RefreshProbe() {
    const refresh = useRefresh();
    return (
      <button type="button" onClick={refresh}>
        refresh
      </button>
    );
  }

  it('reloads the booking: fields not being edited follow the server, a field being typed keeps its text', async () => {
    renderInAdmin(
      <>
        <BookingPanel accommodationId={1} bookId={7} onClose={vi.fn()} />
        <RefreshProbe />
      </>,
      { path: '/m/accommodation/1/book/7' },
    );
    expect(await screen.findByTestId('booking-confirmation')).toHaveTextContent('確認番号: AB9');
    fireEvent.change(field('電話番号'), { target: { value: '090-0000-1111' } });
    mocked.getBook.mockResolvedValue(buildBooking({ name: '山田 花子', tel: '03-1111-2222' }));
    fireEvent.click(screen.getByRole('button', { name: 'refresh' }));
    await waitFor(() => expect(field('宿泊者名').value).toBe('山田 花子'));
    expect(field('電話番号').value).toBe('090-0000-1111');
    expect(mocked.getBook).toHaveBeenCalledTimes(2);
  });
});
