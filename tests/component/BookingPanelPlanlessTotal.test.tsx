import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildBooking, demoPlans, demoRooms, withCatalogue, bookingMethodsStub } from './BookingPanel.fixtures';
import { renderPanel } from './bookingPanelHarness';
import { typeDate, stubMethods } from './helpers';

const stubs = stubMethods({
  bookingMethods: bookingMethodsStub(),
});
const mocked = withCatalogue(vi.mocked(stubs.bookingMethods));

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: '予約する' }));
const MISSING_TOTAL = 'プランなしの予約は合計金額を入力してください';

/** A new booking without a plan, every field given but its total. */
async function fillPlanless() {
  await screen.findByRole('option', { name: '洋室ツイン' });
  type('部屋タイプ', '3');
  type('プラン', '');
  await typeDate('チェックイン', '2026-12-24');
  type('泊数', '1');
  type('人数', '2');
  type('入金額', '0');
  type('宿泊者名', '佐藤 花子');
}

beforeEach(() => {
  vi.clearAllMocks();
  mocked.listRooms.mockResolvedValue(demoRooms);
  mocked.listPlans.mockResolvedValue(demoPlans);
});

describe('BookingPanel, a new booking without a plan (issue 19)', () => {
  it('refuses an empty 合計金額 on the field itself and sends nothing: it is not saved at 0円', async () => {
    renderPanel(0);
    await fillPlanless();
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(MISSING_TOTAL);
    const total = screen.getByLabelText('合計金額');
    expect(total).toHaveAttribute('aria-invalid', 'true');
    expect(total.closest('.MuiFormControl-root')).toHaveTextContent(MISSING_TOTAL);
    expect(mocked.createBook).not.toHaveBeenCalled();
  });

  it('takes 0 typed on purpose and sends it as the total', async () => {
    mocked.createBook.mockResolvedValue(buildBooking({ id: 301, plan_id: null, price_sub: 0 }));
    renderPanel(0);
    await fillPlanless();
    type('合計金額', '0');
    submit();
    await waitFor(() => expect(mocked.createBook).toHaveBeenCalledTimes(1));
    expect(mocked.createBook.mock.calls[0]![0]).toMatchObject({ plan_id: null, price_sub: 0 });
  });
});
