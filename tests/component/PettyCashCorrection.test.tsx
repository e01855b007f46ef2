import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router-dom';
import type { PettyCash, PettyCashList } from '../../contract/pettyCash';
import PettyCashPage from '../../resources/pettyCash/PettyCashPage';
import { AppNotification } from '../../src/components/AppNotification';
import { pettyCashEntry } from '../support/pettyCashEntry';
import { renderInContext, storeDemoAccommodations } from './helpers';

/** Issue 32: 訂正 on the petty cash page, and a correction pair shown together. */

const entry = pettyCashEntry;

const ledger = (cashes: PettyCash[]): PettyCashList => ({
  start_date: '2031-01-01',
  end_date: '2031-01-31',
  carried_balance: 20_000,
  cashes,
  balance: cashes.at(-1)?.balance ?? 20_000,
});

function renderPage(list: PettyCashList) {
  storeDemoAccommodations();
  const dataProvider = {
    listPettyCash: vi.fn().mockResolvedValue(list),
    correctPettyCash: vi.fn().mockResolvedValue({ reversal: entry(9, '2031-01-03', 12_000, 20_000), reentry: null }),
    downloadPettyCashCsv: vi.fn(),
  };
  renderInContext(
    <>
      <Routes>
        <Route path="/m/accommodation/:id/cash" element={<PettyCashPage />} />
      </Routes>
      <AppNotification />
    </>,
    { dataProvider, path: '/m/accommodation/1/cash' },
  );
  return dataProvider;
}

const rowOf = async (no: number) =>
  (await screen.findAllByTestId('cash-row')).find((r) => within(r).queryAllByRole('cell')[0]?.textContent === `${no}`)!;

describe('petty cash corrections', () => {
  it('asks for a reason, then sends the reversal with the entry as it should have been', async () => {
    const provider = renderPage(ledger([entry(1, '2031-01-03', -12_000, 8_000)]));
    const user = userEvent.setup();
    await user.click(within(await rowOf(1)).getByRole('button', { name: '訂正' }));
    const dialog = await screen.findByRole('dialog', { name: '記録の訂正' });
    expect(within(dialog).getByTestId('cash-correct-effect')).toHaveTextContent('2031年1月3日 付けで');
    expect(within(dialog).getByTestId('cash-correct-effect')).toHaveTextContent('入金 12,000円');

    await user.click(within(dialog).getByTestId('cash-correct-save'));
    expect(await within(dialog).findByText('訂正理由を入力してください')).toBeInTheDocument();
    expect(provider.correctPettyCash).not.toHaveBeenCalled();

    await user.type(within(dialog).getByRole('textbox', { name: /訂正理由/ }), '金額の入力誤り');
    // Each typed text says its limit, as the add popup's 用途 does.
    expect(within(dialog).getByRole('textbox', { name: /訂正理由/ })).toHaveAccessibleDescription(
      '例：金額の入力誤り 100文字以内',
    );
    await user.click(within(dialog).getByRole('checkbox', { name: '正しい内容で記録し直す' }));
    expect(within(dialog).getByRole('textbox', { name: /用途/ })).toHaveAccessibleDescription('200文字以内');
    expect(within(dialog).getByRole('radio', { name: '出金' })).toBeChecked();
    const amount = within(dialog).getByRole('textbox', { name: /金額/ });
    await user.clear(amount);
    await user.type(amount, '1200');
    await user.click(within(dialog).getByTestId('cash-correct-save'));
    await waitFor(() =>
      expect(provider.correctPettyCash).toHaveBeenCalledWith(1, 1, {
        correction_reason: '金額の入力誤り',
        reentry: { amount: -1_200, intended_use: '切手代' },
      }),
    );
    expect(await screen.findByText('記録を訂正し、正しい内容で記録し直しました。')).toBeInTheDocument();
  });

  it('shows a reversed entry and its reversal together, neither offering 訂正 again', async () => {
    renderPage(
      ledger([
        entry(1, '2031-01-03', -12_000, 8_000, { corrected_by: 3, corrected_date: '2031-01-05' }),
        entry(2, '2031-01-04', -500, 7_500, { intended_use: '電池' }),
        entry(3, '2031-01-05', 12_000, 19_500, {
          corrects_id: 1,
          corrects_date: '2031-01-03',
          correction_reason: '金額の入力誤り',
        }),
        entry(4, '2031-01-06', 3_000, 22_500, { corrected_by: 17, corrected_date: '2031-02-02' }),
      ]),
    );
    const reversed = await rowOf(1);
    expect(within(reversed).getByTestId('cash-corrected')).toHaveTextContent('訂正済み');
    expect(within(reversed).getByRole('link', { name: 'No.3 で訂正' })).toHaveAttribute('href', '#cash-entry-3');
    expect(within(reversed).queryByRole('button', { name: '訂正' })).not.toBeInTheDocument();
    const reversal = await rowOf(3);
    expect(within(reversal).getByTestId('cash-correction')).toHaveTextContent('訂正');
    expect(within(reversal).getByRole('link', { name: 'No.1 の訂正：金額の入力誤り' })).toBeInTheDocument();
    expect(within(reversal).queryByRole('button', { name: '訂正' })).not.toBeInTheDocument();
    // Its reversal in another range: named with its date, no link.
    expect(within(await rowOf(4)).getByTestId('cash-correction-note')).toHaveTextContent('No.17（2031年2月2日）で訂正');
    expect(within(await rowOf(2)).getByRole('button', { name: '訂正' })).toBeInTheDocument();
  });
});
