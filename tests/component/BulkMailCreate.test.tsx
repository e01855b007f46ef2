import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorMessages } from '../../contract/messages';
import MailPublicationCreatePage from '../../resources/mail/publications/MailPublicationCreatePage';
import { renderInContext, signedInAuth, storeDemoAccommodations } from './helpers';

/**
 * The bulk mail's guest search (issue 32): 検索 replaces what the last search found (97 guests of an
 * earlier search no longer stay ticked unseen), 検索して追加 adds, a CSV's recipients stay, and an
 * end before its start is refused on its field without asking the server.
 */

const guest = (n: number) => ({ name: `客 ${n}`, mail: `guest${n}@example.jp`, last_visited: null });

function renderPage(searchCustomers: ReturnType<typeof vi.fn>) {
  const dataProvider = {
    searchCustomers,
    getList: async () => ({ data: [], total: 0 }),
  };
  renderInContext(<MailPublicationCreatePage />, { dataProvider, authProvider: signedInAuth() });
}

const selected = () => screen.getByTestId('recipient-selected');

describe('the guest search of bulk mail', () => {
  beforeEach(() => storeDemoAccommodations());

  it('replaces the last search’s guests on 検索, adds on 検索して追加, and keeps the CSV’s', async () => {
    const searchCustomers = vi
      .fn()
      .mockResolvedValueOnce({ data: [guest(1), guest(2), guest(3)], count: 3 })
      .mockResolvedValueOnce({ data: [guest(4)], count: 1 })
      .mockResolvedValueOnce({ data: [guest(5)], count: 1 });
    renderPage(searchCustomers);
    const user = userEvent.setup();

    await user.upload(
      screen.getByTestId('recipient-csv'),
      new File(['csv@example.jp,CSV 太郎\r\n'], 'one.csv', { type: 'text/csv' }),
    );
    await waitFor(() => expect(selected()).toHaveTextContent('1 / 1件を選択'));

    await user.click(screen.getByRole('button', { name: '検索' }));
    await waitFor(() => expect(selected()).toHaveTextContent('4 / 4件を選択'));
    await user.click(screen.getByRole('button', { name: '検索' }));
    await waitFor(() => expect(selected()).toHaveTextContent('2 / 2件を選択'));
    const list = screen.getByTestId('recipient-list');
    expect(within(list).queryByText('客 1')).toBeNull();
    expect(within(list).getByText('客 4')).toBeInTheDocument();
    expect(within(list).getByText('CSV 太郎')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '検索して追加' }));
    await waitFor(() => expect(selected()).toHaveTextContent('3 / 3件を選択'));
    expect(within(list).getByText('客 4')).toBeInTheDocument();
    expect(within(list).getByText('客 5')).toBeInTheDocument();
  });

  it('refuses a stay end before its start on that field, and asks nothing', async () => {
    const searchCustomers = vi.fn();
    renderPage(searchCustomers);
    const user = userEvent.setup();
    const typeDate = async (group: string, text: string) => {
      const field = screen.getByRole('group', { name: group });
      await user.click(within(field).getByRole('spinbutton', { name: '年' }));
      await user.keyboard(text);
    };
    await typeDate('宿泊日（開始）', '20261210');
    await typeDate('宿泊日（終了）', '20261201');
    await user.click(screen.getByRole('button', { name: '検索' }));
    expect(await screen.findByText(errorMessages.dateOrder)).toBeInTheDocument();
    expect(searchCustomers).not.toHaveBeenCalled();
  });
});
