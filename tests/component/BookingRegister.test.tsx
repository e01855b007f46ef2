import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_EXTRA_FIELDS, registerMessages, type BookingGuests, type Guest } from '../../contract/guestRegister';
import { addDays, tokyoToday } from '../../contract/dates';
import { buildBooking, validationError } from './BookingPanel.fixtures';
import { buildGuest } from '../support/guests';
import { answerPanel, renderPanel, stubPanelMethods } from './bookingPanelHarness';

const register = {
  listBookGuests: vi.fn<(bookId: number) => Promise<BookingGuests>>(),
  getRegisterSettings: vi.fn(),
  addBookGuest: vi.fn(),
  updateBookGuest: vi.fn(),
  removeBookGuest: vi.fn(),
  moveStay: vi.fn(),
};
const { booking: mocked } = stubPanelMethods({ guestRegisterMethods: register });

const guest = (over: Partial<Guest>): Guest =>
  buildGuest({ representative: true, address: '東京都新宿区', nationality: 'JP', ...over });

const section = () => screen.findByTestId('booking-register');

beforeEach(() => {
  vi.resetAllMocks();
  answerPanel(mocked);
  register.getRegisterSettings.mockResolvedValue({
    licence: 'ryokan',
    notification_number: null,
    extra_fields: NO_EXTRA_FIELDS,
  });
});

describe('the booking panel’s 宿泊者名簿', () => {
  it('says what is missing per guest and how many guests are not entered', async () => {
    const kim = guest({
      id: 2,
      representative: false,
      name: 'Kim Minji',
      nationality: 'KR',
      residence_country: 'KR',
      contact: 'a@b.kr',
    });
    register.listBookGuests.mockResolvedValue({
      guests: [guest({}), kim],
      register: {
        status: 'incomplete',
        missing: [
          { guest_id: 1, fields: ['contact'] },
          { guest_id: 2, fields: ['passport_number', 'passport_copy'] },
          { guest_id: null, fields: ['name'] },
        ],
      },
    });
    renderPanel(7);
    const s = await section();
    await waitFor(() => expect(within(s).getByTestId('register-status')).toHaveTextContent('不足'));
    const [taro, minji] = within(s).getAllByTestId('register-guest');
    expect(taro).toHaveTextContent('山田 太郎代表者');
    expect(within(taro!).getByTestId('register-missing')).toHaveTextContent('不足：連絡先');
    expect(minji).toHaveTextContent('同行者');
    expect(minji).toHaveTextContent('韓国');
    expect(within(minji!).getByTestId('register-missing')).toHaveTextContent('不足：旅券番号、旅券の写し');
    expect(within(s).getByTestId('register-not-entered')).toHaveTextContent('あと1名の宿泊者が未登録です。');
  });

  it('adds the first guest as the representative, refusing a form without a name before sending', async () => {
    register.listBookGuests.mockResolvedValue({ guests: [], register: { status: 'none', missing: [] } });
    register.addBookGuest.mockResolvedValue(guest({}));
    renderPanel(7);
    const s = await section();
    expect(await within(s).findByText('宿泊者がまだ登録されていません')).toBeInTheDocument();
    fireEvent.click(await within(s).findByRole('button', { name: '宿泊者を追加' }));
    const dialog = await screen.findByRole('dialog', { name: '宿泊者を追加' });
    expect(within(dialog).getByLabelText('代表者')).toBeChecked();
    // A guest living in Japan: no passport number asked.
    expect(within(dialog).queryByLabelText('旅券番号')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: '追加' }));
    expect(await within(dialog).findByTestId('guest-error')).toHaveTextContent(registerMessages.name);
    expect(register.addBookGuest).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByLabelText(/氏名/), { target: { value: '  山田 太郎 ' } });
    fireEvent.change(within(dialog).getByLabelText('住所'), { target: { value: '東京都新宿区' } });
    fireEvent.change(within(dialog).getByLabelText('国籍'), { target: { value: 'JP' } });
    register.listBookGuests.mockResolvedValue({
      guests: [guest({})],
      register: { status: 'incomplete', missing: [{ guest_id: 1, fields: ['contact'] }] },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '追加' }));
    await waitFor(() => expect(register.addBookGuest).toHaveBeenCalledTimes(1));
    expect(register.addBookGuest.mock.calls[0]).toEqual([
      7,
      expect.objectContaining({
        representative: true,
        name: '山田 太郎',
        address: '東京都新宿区',
        nationality: 'JP',
        residence_country: 'JP',
        contact: null,
      }),
    ]);
    expect(await screen.findByText('宿泊者を登録しました。')).toBeInTheDocument();
    await waitFor(() => expect(within(s).getByTestId('register-status')).toHaveTextContent('不足'));
  });

  it('asks a foreign guest living abroad for the passport number, and shows the server’s refusal on it', async () => {
    register.listBookGuests.mockResolvedValue({
      guests: [guest({})],
      register: { status: 'incomplete', missing: [{ guest_id: null, fields: ['name'] }] },
    });
    register.addBookGuest.mockRejectedValue(
      validationError(registerMessages.passportNumber, { passport_number: registerMessages.passportNumber }),
    );
    renderPanel(7);
    fireEvent.click(await within(await section()).findByRole('button', { name: '宿泊者を追加' }));
    const dialog = await screen.findByRole('dialog', { name: '宿泊者を追加' });
    expect(within(dialog).getByLabelText('代表者')).not.toBeChecked();
    fireEvent.change(within(dialog).getByLabelText(/氏名/), { target: { value: 'Kim Minji' } });
    fireEvent.change(within(dialog).getByLabelText('国籍'), { target: { value: 'KR' } });
    fireEvent.change(within(dialog).getByLabelText('居住国'), { target: { value: 'KR' } });
    fireEvent.change(await within(dialog).findByLabelText('旅券番号'), { target: { value: 'm1234567' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '追加' }));
    await waitFor(() => expect(register.addBookGuest).toHaveBeenCalledTimes(1));
    expect(register.addBookGuest.mock.calls[0]![1]).toMatchObject({ passport_number: 'M1234567', nationality: 'KR' });
    expect(await within(dialog).findByTestId('guest-error')).toHaveTextContent(registerMessages.passportNumber);
    expect(within(dialog).getByLabelText('旅券番号')).toHaveValue('m1234567');
  });
});

describe('the front desk’s check-out', () => {
  it('asks before an early check-out and names the day the guests left, so the nights left go back to stock', async () => {
    const today = tokyoToday();
    mocked.getBook.mockResolvedValue(
      buildBooking({
        id: 7,
        start_date: addDays(today, -1),
        end_date: addDays(today, 2),
        days: 3,
        stay_status: 'checked_in',
        checked_in_at: `${addDays(today, -1)}T16:00:00.000+09:00`,
      }),
    );
    register.listBookGuests.mockResolvedValue({ guests: [guest({})], register: { status: 'complete', missing: [] } });
    register.moveStay.mockResolvedValue({
      stay_status: 'checked_out',
      checked_in_at: null,
      checked_out_at: null,
      register: { status: 'complete', missing: [] },
    });
    renderPanel(7);
    const stay = await screen.findByTestId('stay-actions');
    fireEvent.click(within(stay).getByRole('button', { name: 'チェックアウト' }));
    const dialog = await screen.findByRole('dialog', { name: '早期チェックアウト' });
    expect(dialog).toHaveTextContent('残り2泊の部屋を在庫（外部サイトを含む）に戻します');
    expect(register.moveStay).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'チェックアウトして在庫に戻す' }));
    await waitFor(() => expect(register.moveStay).toHaveBeenCalledWith(7, 'checkout', today));
  });
});
