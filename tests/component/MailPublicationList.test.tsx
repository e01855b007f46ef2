import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MailPublication } from '../../contract/mailPublication';
import type { AppDataProvider } from '../../dataProvider/dataProvider';
import MailPublicationListPage from '../../resources/mail/publications/MailPublicationListPage';
import { memoryProvider, renderView } from './crudHarness';

const publication = (id: number, over: Partial<MailPublication>): MailPublication => ({
  id,
  send_at: '2026-11-20T09:30:00.000+09:00',
  created_at: '2026-11-19T18:00:00.000+09:00',
  sent_at: null,
  setting: { title: `お知らせ${id}`, from_address: 'info@yadoban.example.com', body: '<p>x</p>', file_name: null },
  recipient_count: 4,
  has_attachment: false,
  progress: { sent: 0, failed: 0, total: 4 },
  ...over,
});

function setup() {
  const db = memoryProvider({
    mail_publishes: [
      // Being sent: its time has passed, rows are left.
      publication(1, { progress: { sent: 2, failed: 1, total: 4 } }),
      // Scheduled for later: nothing went out, may be deleted.
      publication(2, {
        send_at: '2099-01-02T09:05:00.000+09:00',
        recipient_count: 1200,
        progress: { sent: 0, failed: 0, total: 1200 },
      }),
      // Done.
      publication(3, { sent_at: '2026-11-10T10:00:00.000+09:00', progress: { sent: 4, failed: 0, total: 4 } }),
    ],
  });
  return { db, provider: db.provider as AppDataProvider };
}

describe('bulk mail list', () => {
  it('shows each publication with its dates, count and progress; delete only while nothing went out', async () => {
    const { provider } = setup();
    renderView(<MailPublicationListPage />, provider, { path: '/m/mail' });
    const sending = (await screen.findByText('お知らせ1')).closest('tr')!;
    // Not sent yet: the time it is set for, marked （予定）.
    expect(within(sending).getByTestId('send-time')).toHaveTextContent('2026年11月20日 9:30（予定）');
    expect(within(sending).getByText('2026年11月19日')).toBeInTheDocument();
    expect(within(sending).getByRole('progressbar', { name: '2 / 4件送信' })).toHaveAttribute('aria-valuenow', '75');
    expect(within(sending).queryByRole('button', { name: '削除' })).toBeNull();

    const later = screen.getByText('お知らせ2').closest('tr')!;
    expect(within(later).getByTestId('send-time')).toHaveTextContent('2099年1月2日 9:05（予定）');
    expect(within(later).getByText('1,200件')).toBeInTheDocument();
    expect(within(later).getByText('送信予定')).toBeInTheDocument();
    expect(within(later).getByRole('button', { name: '削除' })).toBeInTheDocument();

    // Sent: when it really went (its last message), not the time it was set for (issue 32).
    const done = screen.getByText('お知らせ3').closest('tr')!;
    expect(within(done).getByTestId('send-time')).toHaveTextContent(/^2026年11月10日 10:00$/);
    expect(within(done).getByText(/送信済み/)).toHaveTextContent('送信済み（4 / 4件送信）');
    expect(within(done).queryByRole('button', { name: '削除' })).toBeNull();
  });

  it('opens the failed recipients on the publication’s page, filtered on 送信失敗', async () => {
    const user = userEvent.setup();
    const { provider } = setup();
    renderView(<MailPublicationListPage />, provider, { path: '/m/mail' });
    const failed = await screen.findByRole('link', { name: '失敗 1件' });
    expect(failed).toHaveAttribute('href', '/m/mail/1?status=failed');
    await user.click(failed);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/m/mail/1'));
    expect(screen.getByTestId('location')).toHaveAttribute('data-search', '?status=failed');
  });

  it('asks 完全に削除しますか？ before deleting, then deletes', async () => {
    const user = userEvent.setup();
    const { db, provider } = setup();
    renderView(<MailPublicationListPage />, provider, { path: '/m/mail' });
    const later = (await screen.findByText('お知らせ2')).closest('tr')!;
    await user.click(within(later).getByRole('button', { name: '削除' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('完全に削除しますか？')).toBeInTheDocument();
    expect(db.callsOf('delete')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: /OK|削除/ }));
    await waitFor(() => expect(db.callsOf('delete', 'mail_publishes')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('お知らせ2')).toBeNull());
  });
});
