import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BookingPanel } from '../../resources/bookings/BookingPanel';
import { AppNotification } from '../../src/components/AppNotification';
import { buildBooking, withCatalogue, bookingMethodsStub, validationError } from './BookingPanel.fixtures';
import { answerPanel, renderPanel } from './bookingPanelHarness';
import { renderInAdmin, stubMethods } from './helpers';

const stubs = stubMethods({
  bookingMethods: bookingMethodsStub(),
});
const mocked = withCatalogue(vi.mocked(stubs.bookingMethods));

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const leave = (label: string, value: string) => {
  type(label, value);
  fireEvent.blur(field(label));
};
const submit = () => fireEvent.click(screen.getByRole('button', { name: '予約する' }));
/** The field is red with its message below it. */
const expectMarked = (label: string, message: string) => {
  expect(field(label)).toHaveAttribute('aria-invalid', 'true');
  // The message first; a field with a hint (入金額) keeps it after the message.
  expect(field(label)).toHaveAccessibleDescription(new RegExp(`^${message}`));
};

/** The panel on its own route, its close and its other-facility answers seen by the test. */
function renderOwnPanel(accommodationId: number, bookId: number) {
  const onClose = vi.fn();
  const onOtherAccommodation = vi.fn();
  renderInAdmin(
    <>
      <BookingPanel
        accommodationId={accommodationId}
        bookId={bookId}
        onClose={onClose}
        onOtherAccommodation={onOtherAccommodation}
      />
      <AppNotification />
    </>,
    { path: `/m/accommodation/${accommodationId}/book/${bookId}` },
  );
  return { onClose, onOtherAccommodation };
}

beforeEach(() => {
  vi.clearAllMocks();
  answerPanel(mocked);
});

describe('a new booking refused', () => {
  it('marks every refused field at once and says the first in the spec order in the message box', async () => {
    renderPanel(0);
    await screen.findByRole('option', { name: '和室' }, { timeout: 5000 });
    type('メール', 'hanako@');
    submit();
    // The spec's order: guests, then amount, then name, then room type; the mail after them.
    expect(await screen.findByRole('alert')).toHaveTextContent('人数が入力されていません');
    expectMarked('人数', '人数が入力されていません');
    expectMarked('入金額', '金額が入力されていません');
    // What the amount is stays said under it.
    expect(field('入金額')).toHaveAccessibleDescription(/宿泊料金の合計ではありません/);
    expectMarked('宿泊者名', '宿泊者名が入力されていません');
    expectMarked('部屋タイプ', '部屋タイプを選択してください');
    expectMarked('メール', 'メールアドレスの形式が正しくありません');
    expect(field('泊数')).toHaveAttribute('aria-invalid', 'false');
    // A field being fixed loses its mark; the others keep theirs.
    type('宿泊者名', '佐藤 花子');
    expect(field('宿泊者名')).toHaveAttribute('aria-invalid', 'false');
    expectMarked('人数', '人数が入力されていません');
    expect(mocked.createBook).not.toHaveBeenCalled();
  });

  it('says 人数は1以上で入力してください for a party of 0, at the field and in the box', async () => {
    renderPanel(0);
    await screen.findByRole('option', { name: '洋室ツイン' }, { timeout: 5000 });
    type('部屋タイプ', '3');
    type('人数', '0');
    type('入金額', '0');
    type('宿泊者名', '佐藤 花子');
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('人数は1以上で入力してください');
    expectMarked('人数', '人数は1以上で入力してください');
    expect(field('入金額')).toHaveAttribute('aria-invalid', 'false');
    expect(mocked.createBook).not.toHaveBeenCalled();
  });

  it('marks the fields the server refused', async () => {
    mocked.createBook.mockRejectedValue(
      validationError('人数がプランの最大人数を超えています', {
        person_number: '人数がプランの最大人数を超えています',
      }),
    );
    renderPanel(0);
    await screen.findByRole('option', { name: '洋室ツイン' }, { timeout: 5000 });
    type('部屋タイプ', '3');
    type('プラン', '12');
    type('人数', '9');
    type('入金額', '0');
    type('宿泊者名', '佐藤 花子');
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('人数がプランの最大人数を超えています');
    expectMarked('人数', '人数がプランの最大人数を超えています');
  });
});

describe('an existing booking saved field by field', () => {
  it('says that leaving a field saves it, and 保存しました once it is saved', async () => {
    renderPanel(7);
    expect(await screen.findByTestId('booking-autosave')).toHaveTextContent('入力欄を離れると保存されます。');
    leave('宿泊者名', '山田 次郎');
    expect(await screen.findByText('保存しました。')).toBeInTheDocument();
    expect(mocked.updateBook).toHaveBeenCalledWith(7, { name: '山田 次郎' });
  });

  it('marks a bad mail at the field with its own sentence, keeps it, sends nothing, then saves it fixed', async () => {
    renderPanel(7);
    await screen.findByLabelText('メール');
    leave('メール', 'taro@');
    expect(await screen.findByRole('alert')).toHaveTextContent('メールアドレスの形式が正しくありません');
    expectMarked('メール', 'メールアドレスの形式が正しくありません');
    expect(field('メール').value).toBe('taro@');
    expect(mocked.updateBook).not.toHaveBeenCalled();
    leave('メール', 'taro@example.jp');
    await waitFor(() => expect(mocked.updateBook).toHaveBeenCalledWith(7, { mail: 'taro@example.jp' }));
    expect(await screen.findByText('保存しました。')).toBeInTheDocument();
    expect(field('メール')).toHaveAttribute('aria-invalid', 'false');
  });

  it('refuses a party of 0 with 人数は1以上で入力してください and sends nothing', async () => {
    renderPanel(7);
    await screen.findByLabelText('人数');
    leave('人数', '0');
    expect(await screen.findByRole('alert')).toHaveTextContent('人数は1以上で入力してください');
    expectMarked('人数', '人数は1以上で入力してください');
    expect(mocked.updateBook).not.toHaveBeenCalled();
  });

  it('marks a text field the server refused with the field’s sentence', async () => {
    mocked.updateBook.mockRejectedValue(
      validationError('入力内容に誤りがあります。', { tel: '電話番号は30文字以内で入力してください' }),
    );
    renderPanel(7);
    await screen.findByLabelText('電話番号');
    leave('電話番号', '03-1234-5678');
    expect(await screen.findByRole('alert')).toHaveTextContent('電話番号は30文字以内で入力してください');
    expectMarked('電話番号', '電話番号は30文字以内で入力してください');
  });
});

describe('closing and placing the panel', () => {
  it('closes on Esc after saving what was being typed, but leaves Esc to a popup that is open', async () => {
    const { onClose } = renderOwnPanel(1, 7);
    // A popup open: Esc closes it, the panel stays.
    fireEvent.click(await screen.findByRole('button', { name: '予約をキャンセル' }));
    const dialog = await screen.findByRole('dialog', { name: '予約のキャンセル' });
    fireEvent.keyDown(within(dialog).getByRole('button', { name: 'OK' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onClose).not.toHaveBeenCalled();
    // No popup: Esc closes the panel, and the name being typed is saved as a click elsewhere would.
    const name = field('宿泊者名');
    name.focus();
    fireEvent.change(name, { target: { value: '山田 三郎' } });
    fireEvent.keyDown(name, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(mocked.updateBook).toHaveBeenCalledWith(7, { name: '山田 三郎' }));
  });

  it('sends a booking of another facility to its own facility and never shows it under this one', async () => {
    mocked.getBook.mockResolvedValue(buildBooking({ id: 7, accommodation_id: 1 }));
    const { onOtherAccommodation } = renderOwnPanel(2, 7);
    await waitFor(() => expect(onOtherAccommodation).toHaveBeenCalledWith(1, 7));
    expect(screen.queryByLabelText('部屋タイプ')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('宿泊者名')).not.toBeInTheDocument();
  });
});
