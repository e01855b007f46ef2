import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildBooking, demoPlans, demoRooms, withCatalogue, bookingMethodsStub } from './BookingPanel.fixtures';
import { renderPanel } from './bookingPanelHarness';
import { stubMethods } from './helpers';

const stubs = stubMethods({
  bookingMethods: bookingMethodsStub(),
});
const mocked = withCatalogue(vi.mocked(stubs.bookingMethods));

beforeEach(() => {
  vi.clearAllMocks();
  mocked.listRooms.mockResolvedValue(demoRooms);
  mocked.listPlans.mockResolvedValue(demoPlans);
  mocked.cancelBook.mockResolvedValue(undefined);
});

/** The booking panel of a live booking (total 45,000円), its cancel dialog opened. */
async function cancelDialog() {
  mocked.getBook.mockResolvedValue(buildBooking({ price_sub: 45000 }));
  renderPanel(7);
  fireEvent.click(await screen.findByRole('button', { name: '予約をキャンセル' }));
  return screen.findByRole('dialog', { name: '予約のキャンセル' });
}

const typeAmount = (dialog: HTMLElement, value: string) =>
  fireEvent.change(within(dialog).getByRole('textbox', { name: '金額' }), { target: { value } });
const ok = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));

describe('Cancelling with a fee', () => {
  it("offers the spec's presets, 100% (当日) and a typed amount", async () => {
    const dialog = await cancelDialog();
    const radios = within(dialog)
      .getAllByRole('radio')
      .map((r) => r.closest('label')?.textContent);
    expect(radios).toEqual(['なし', '50%（22,500円）', '10%（4,500円）', '100%（45,000円）', '金額を指定']);
    expect(within(dialog).getByText('0円〜45,000円（合計金額）')).toBeInTheDocument();
  });

  it('sends the whole total at 100% and says 予約をキャンセルしました。', async () => {
    const dialog = await cancelDialog();
    fireEvent.click(within(dialog).getByRole('radio', { name: '100%（45,000円）' }));
    ok(dialog);
    await waitFor(() => expect(mocked.cancelBook).toHaveBeenCalledWith(7, { mail: true, cancelFee: 45000 }));
    expect(await screen.findByText('予約をキャンセルしました。')).toBeInTheDocument();
    expect(screen.queryByText('予約を削除しました。')).not.toBeInTheDocument();
  });

  it('sends an amount typed in yen, with its thousands separator', async () => {
    const dialog = await cancelDialog();
    typeAmount(dialog, '17,100');
    expect(within(dialog).getByRole('radio', { name: '金額を指定' })).toBeChecked();
    ok(dialog);
    await waitFor(() => expect(mocked.cancelBook).toHaveBeenCalledWith(7, { mail: true, cancelFee: 17100 }));
  });

  it.each([
    ['', 'キャンセル料を入力してください'],
    ['45001', 'キャンセル料は0円以上45,000円（合計金額）以下の整数で入力してください'],
    ['-1', 'キャンセル料は0円以上45,000円（合計金額）以下の整数で入力してください'],
    ['12.5', 'キャンセル料は0円以上45,000円（合計金額）以下の整数で入力してください'],
    ['abc', 'キャンセル料は0円以上45,000円（合計金額）以下の整数で入力してください'],
  ])('refuses the amount "%s" with 「%s」 and sends nothing', async (typed, message) => {
    const dialog = await cancelDialog();
    fireEvent.click(within(dialog).getByRole('radio', { name: '金額を指定' }));
    typeAmount(dialog, typed);
    ok(dialog);
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    // Kept as typed (a whole amount with its thousands separator, as the money input shows it).
    expect((within(dialog).getByRole('textbox', { name: '金額' }) as HTMLInputElement).value).toBe(
      typed === '45001' ? '45,001' : typed,
    );
    expect(mocked.cancelBook).not.toHaveBeenCalled();
  });
});
