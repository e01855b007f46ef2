import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MailPublicationDetail, MailPublicationUpdate } from '../../contract/mailPublication';
import type { AppDataProvider } from '../../dataProvider/dataProvider';
import { HttpError } from '../../dataProvider/http';
import MailPublicationEditPage from '../../resources/mail/publications/MailPublicationEditPage';
import MailPublicationPage from '../../resources/mail/publications/MailPublicationPage';
import { memoryProvider, renderView } from './crudHarness';
import { storeDemoAccommodations } from './helpers';

/**
 * A bulk mail still waiting (issue 32): its page offers 編集 and reads its recipients' filter from the
 * address (?status=failed, where the list's 失敗 link opens it); its edit form starts from what was
 * saved, recipients included, and 保存 asks with the count and the time before it PUTs the whole.
 */

const FROM = 'info@yadoban.example.com';

const detail = (over: Partial<MailPublicationDetail> = {}): MailPublicationDetail => ({
  id: 7,
  send_at: '2099-03-01T10:00:00.000+09:00',
  created_at: '2026-11-19T18:00:00.000+09:00',
  sent_at: null,
  setting: {
    title: '春のご案内',
    from_address: FROM,
    from_name: '温泉旅館 さくら荘',
    body: '<p>{{name}}様</p>',
    file_name: '案内.png',
    users: ['a@example.jp', { mail: 'b@example.jp', name: '山田 花子' }],
  },
  recipient_count: 2,
  has_attachment: true,
  progress: { sent: 0, failed: 0, total: 2 },
  body_text: '{{name}}様',
  attachment: { name: '案内.png', type: 'image/png', size: 68 },
  ...over,
});

function provider(publication: MailPublicationDetail) {
  const db = memoryProvider({ mail_addresses: [{ id: 1, from_address: FROM, verified: true }] });
  const methods = {
    getPublication: vi.fn(async () => publication),
    publicationRecipients: vi.fn(async () => ({ recipients: [], count: 0 })),
    updatePublication: vi.fn(async (_id: number, body: MailPublicationUpdate) => ({
      ...publication,
      recipient_count: body.setting.users.length,
    })),
    searchCustomers: vi.fn(async () => ({ data: [], count: 0 })),
  };
  return { methods, provider: { ...db.provider, ...methods } as unknown as AppDataProvider };
}

describe('the page of a bulk mail', () => {
  it('offers 編集 while it waits, and shows the recipients the address filters on', async () => {
    const { methods, provider: p } = provider(detail());
    renderView(<MailPublicationPage />, p, { path: '/m/mail/7?status=failed', route: '/m/mail/:id' });
    expect(await screen.findByRole('link', { name: '編集' })).toHaveAttribute('href', '/m/mail/7/edit');
    await waitFor(() => expect(methods.publicationRecipients).toHaveBeenCalled());
    expect(methods.publicationRecipients.mock.calls[0]).toEqual([7, { status: 'failed', offset: 0, limit: 100 }]);
    expect(screen.getByRole('button', { name: /送信失敗/ })).toHaveAttribute('aria-pressed', 'true');

    // Choosing すべて puts it in the address too.
    await userEvent.setup().click(screen.getByRole('button', { name: /すべて/ }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveAttribute('data-search', ''));
    expect(methods.publicationRecipients).toHaveBeenLastCalledWith(7, { offset: 0, limit: 100 });
  });

  it('counts each state on its filter, 送信待ち being every recipient not done yet', async () => {
    const going = detail({ send_at: '2026-11-19T18:00:00.000+09:00', progress: { sent: 3, failed: 1, total: 6 } });
    renderView(<MailPublicationPage />, provider(going).provider, { path: '/m/mail/7', route: '/m/mail/:id' });
    const filters = within(await screen.findByTestId('publication-recipients')).getAllByRole('button');
    expect(filters.map((b) => b.textContent)).toEqual([
      'すべて（6）',
      '送信待ち（2）',
      '送信済み（3）',
      '送信失敗（1）',
    ]);
  });

  it('follows a mail going out: a recipient shown 送信中 turns 送信済み without a reload', async () => {
    const going = detail({ send_at: '2026-11-19T18:00:00.000+09:00' });
    const gone = { ...going, sent_at: '2026-11-19T18:00:05.000+09:00', progress: { sent: 2, failed: 0, total: 2 } };
    const row = (status: 'sending' | 'sent') => ({
      to_address: 'a@example.jp',
      to_name: null,
      status,
      sent_at: status === 'sent' ? '2026-11-19T18:00:04.000+09:00' : null,
      error: null,
      attempts: 1,
    });
    const { methods, provider: p } = provider(going);
    methods.publicationRecipients.mockResolvedValueOnce({ recipients: [row('sending')], count: 1 } as never);
    renderView(<MailPublicationPage />, p, { path: '/m/mail/7', route: '/m/mail/:id' });
    const shown = await screen.findByTestId('publication-recipient');
    expect(shown).toHaveAttribute('data-status', 'sending');

    // It went out meanwhile: the page asks again by itself and its rows follow.
    methods.getPublication.mockResolvedValue(gone);
    methods.publicationRecipients.mockResolvedValue({ recipients: [row('sent')], count: 1 } as never);
    await waitFor(() => expect(screen.getByTestId('publication-recipient')).toHaveAttribute('data-status', 'sent'), {
      timeout: 8000,
    });
  }, 15_000);

  it('offers no 編集 once any of it went out', async () => {
    const { provider: p } = provider(detail({ progress: { sent: 1, failed: 0, total: 2 } }));
    renderView(<MailPublicationPage />, p, { path: '/m/mail/7', route: '/m/mail/:id' });
    expect(await screen.findByRole('heading', { name: '春のご案内' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '編集' })).toBeNull();
  });
});

describe('the edit form of a bulk mail', () => {
  beforeEach(() => storeDemoAccommodations());

  it('starts from what was saved and PUTs the whole after asking, keeping the saved attachment', async () => {
    const user = userEvent.setup();
    const { methods, provider: p } = provider(detail());
    renderView(<MailPublicationEditPage />, p, { path: '/m/mail/7/edit', route: '/m/mail/:id/*' });
    expect(await screen.findByLabelText(/タイトル/)).toHaveValue('春のご案内');
    expect(methods.getPublication).toHaveBeenCalledWith(7, { withUsers: true });
    expect(screen.getByLabelText('送信者名')).toHaveValue('温泉旅館 さくら荘');
    expect(screen.getByTestId('attached-file')).toHaveTextContent('案内.png（68バイト）');
    const list = screen.getByTestId('recipient-list');
    expect(within(list).getByText('山田 花子')).toBeInTheDocument();
    expect(screen.getByTestId('recipient-selected')).toHaveTextContent('2 / 2件を選択');

    // One recipient left out, the title changed.
    await user.click(within(list).getByRole('checkbox', { name: 'a@example.jp' }));
    await user.clear(screen.getByLabelText(/タイトル/));
    await user.type(screen.getByLabelText(/タイトル/), '夏のご案内');
    await user.click(screen.getByRole('button', { name: '保存' }));
    const confirm = await screen.findByRole('dialog', { name: '一括メールの変更' });
    expect(confirm).toHaveTextContent('1件の宛先に送信します。');
    expect(confirm).toHaveTextContent('送信日時：2099年3月1日 10:00');
    expect(methods.updatePublication).not.toHaveBeenCalled();
    await user.click(within(confirm).getByRole('button', { name: '保存する' }));

    await waitFor(() => expect(methods.updatePublication).toHaveBeenCalledTimes(1));
    const [id, body] = methods.updatePublication.mock.calls[0]!;
    expect(id).toBe(7);
    expect(body).toMatchObject({
      send_at: '2099-03-01T10:00:00+09:00',
      keep_file: true,
      setting: {
        title: '夏のご案内',
        from_address: FROM,
        from_name: '温泉旅館 さくら荘',
        users: [{ mail: 'b@example.jp', name: '山田 花子' }],
        file: null,
        file_name: null,
      },
    });
    expect(body.setting.body).toContain('{{name}}様');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/m\/mail\/7$/));
  });

  it('says a refusal in Japanese and keeps what was typed', async () => {
    const user = userEvent.setup();
    const { methods, provider: p } = provider(detail());
    methods.updatePublication.mockRejectedValueOnce(
      new HttpError('送信が始まった一括メールは変更できません。一覧で送信状況を確認してください', 409, {
        code: 'conflict',
        message: '送信が始まった一括メールは変更できません。一覧で送信状況を確認してください',
      }),
    );
    renderView(<MailPublicationEditPage />, p, { path: '/m/mail/7/edit', route: '/m/mail/:id/*' });
    await user.clear(await screen.findByLabelText(/タイトル/));
    await user.type(screen.getByLabelText(/タイトル/), '書きかけ');
    await user.click(screen.getByRole('button', { name: '保存' }));
    const confirm = await screen.findByRole('dialog', { name: '一括メールの変更' });
    await user.click(within(confirm).getByRole('button', { name: '保存する' }));
    expect(await screen.findByText(/送信が始まった一括メールは変更できません/)).toBeInTheDocument();
    expect(screen.getByLabelText(/タイトル/)).toHaveValue('書きかけ');
    expect(screen.getByTestId('location')).toHaveTextContent('/m/mail/7/edit');
  });

  it('shows no form for one that has started going out', async () => {
    const { provider: p } = provider(detail({ sent_at: '2026-11-20T10:00:00.000+09:00' }));
    renderView(<MailPublicationEditPage />, p, { path: '/m/mail/7/edit', route: '/m/mail/:id/*' });
    expect(await screen.findByText('送信が始まったため、この一括メールは変更できません。')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
  });
});
