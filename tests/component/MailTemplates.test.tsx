import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mailTemplateMessages } from '../../contract/mailTemplate';
import MailTemplateDetail from '../../resources/mail/templates/MailTemplateDetail';
import MailTemplateList from '../../resources/mail/templates/MailTemplateList';
import { memoryProvider, renderView } from './crudHarness';
import { storeDemoAccommodations } from './helpers';

const template = (id: number, send_type: number, title: string, body = '') => ({
  id,
  accommodation_id: 1,
  send_type,
  title,
  from_address: 'info@yadoban.example.com',
  from_name: 'やどばん本館',
  body,
  updated_at: '2026-04-01T00:00:00.000Z',
});

function templates() {
  const db = memoryProvider({
    mail_templates: [
      template(11, 1, '【やどばん本館】ご予約ありがとうございます', '{{book.name}} 様'),
      template(12, 14, '【やどばん本館】お振込期限のご案内'),
      template(13, 99, 'ご案内'),
      { ...template(14, 2, '旧テンプレート'), from_address: 'old@free-text.example' },
    ],
    mail_addresses: [
      { id: 1, from_address: 'info@yadoban.example.com', verified: true },
      { id: 2, from_address: 'reservation@yadoban.example.com', verified: true },
      { id: 3, from_address: 'pending@inn.example', verified: false },
    ],
  });
  const testMailTemplate = vi.fn(async () => ({ id: 500 }));
  Object.assign(db.provider, { testMailTemplate });
  return { ...db, testMailTemplate };
}

/** The detail of template `id` (of accommodation a1b2c3) on its route, over the in-memory templates. */
function openDetail(id: number) {
  const db = templates();
  const user = userEvent.setup();
  renderView(<MailTemplateDetail />, db.provider, {
    path: `/m/accommodation/a1b2c3/mail/template/${id}`,
    route: '/m/accommodation/:uid/mail/template/:templateId',
  });
  return { db, user };
}

beforeEach(() => storeDemoAccommodations());

describe('the mail template list', () => {
  it('lists name, type label, sender address and an edit link to the template under the accommodation uid', async () => {
    const db = templates();
    renderView(<MailTemplateList />, db.provider, {
      path: '/m/accommodation/a1b2c3/mail/template',
      route: '/m/accommodation/:uid/mail/template',
    });
    expect(await screen.findByText('【やどばん本館】ご予約ありがとうございます')).toBeInTheDocument();
    for (const header of ['テンプレート名', 'テンプレート種別', '送信元メールアドレス', '編集']) {
      expect(screen.getAllByText(header).length).toBeGreaterThan(0);
    }
    expect(screen.getByText('予約完了')).toBeInTheDocument();
    expect(screen.getByText('振込期限')).toBeInTheDocument();
    expect(screen.getByText('その他')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: '【やどばん本館】お振込期限のご案内を編集' });
    expect(link).toHaveAttribute('href', '/m/accommodation/a1b2c3/mail/template/12');
    expect(db.callsOf('getList', 'mail_templates')[0]!.params.meta).toEqual({ accommodationId: 1 });
  });
});

describe('the mail template detail', () => {
  it('shows the template read-only, 未設定 for an empty body, in a 15-row body', async () => {
    openDetail(12);
    const title = await screen.findByRole('textbox', { name: 'タイトル' });
    expect(title).toHaveValue('【やどばん本館】お振込期限のご案内');
    expect(title).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: '送信者名' })).toHaveValue('やどばん本館');
    expect(screen.getByRole('textbox', { name: '送信元メールアドレス' })).toHaveValue('info@yadoban.example.com');
    const body = screen.getByTestId('mail-template-body');
    expect(body).toHaveAttribute('placeholder', '未設定');
    expect(body).toHaveAttribute('rows', '15');
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
  });

  it('edits, restores the loaded values on キャンセル, and saves the four fields on 保存', async () => {
    const { db, user } = openDetail(11);
    await user.click(await screen.findByRole('button', { name: '編集' }));
    const title = screen.getByRole('textbox', { name: /タイトル/ });
    await user.clear(title);
    await user.type(title, '書きかけ');
    await user.click(screen.getByRole('button', { name: 'キャンセル' }));
    expect(screen.getByRole('textbox', { name: 'タイトル' })).toHaveValue('【やどばん本館】ご予約ありがとうございます');
    expect(db.callsOf('update')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: '編集' }));
    await user.clear(screen.getByRole('textbox', { name: /タイトル/ }));
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByTestId('mail-template-problem')).toHaveTextContent(
      `${mailTemplateMessages.inputProblem}${mailTemplateMessages.title}`,
    );
    expect(db.callsOf('update')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: /タイトル/ }), 'ご予約確定のお知らせ');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(db.callsOf('update')).toHaveLength(1));
    expect(db.callsOf('update')[0]!.params).toMatchObject({
      id: 11,
      data: {
        title: 'ご予約確定のお知らせ',
        from_name: 'やどばん本館',
        from_address: 'info@yadoban.example.com',
        body: '{{book.name}} 様',
      },
      meta: { accommodationId: 1 },
    });
    expect(await screen.findByRole('button', { name: '編集' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'タイトル' })).toHaveValue('ご予約確定のお知らせ');
  });

  it('picks the sender from the verified sender addresses only, and saves the one picked', async () => {
    const { db, user } = openDetail(11);
    await user.click(await screen.findByRole('button', { name: '編集' }));
    await user.click(screen.getByRole('combobox', { name: /送信元メールアドレス/ }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['info@yadoban.example.com', 'reservation@yadoban.example.com']);
    await user.click(options[1]!);
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(db.callsOf('update')).toHaveLength(1));
    expect(db.callsOf('update')[0]!.params.data).toMatchObject({ from_address: 'reservation@yadoban.example.com' });
  });

  it('says a template whose saved sender is not verified sends nothing, and offers it only as it is', async () => {
    const { user } = openDetail(14);
    expect(
      await screen.findByText(/確認済みではないため、このテンプレートのメールは送信されません/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '編集' }));
    await user.click(screen.getByRole('combobox', { name: /送信元メールアドレス/ }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => [o.textContent, o.getAttribute('aria-disabled')])).toEqual([
      ['old@free-text.example', 'true'],
      ['info@yadoban.example.com', null],
      ['reservation@yadoban.example.com', null],
    ]);
  });

  it("shows the server's refusal of an unknown placeholder on the body", async () => {
    const { db, user } = openDetail(11);
    await user.click(await screen.findByRole('button', { name: '編集' }));
    const message = mailTemplateMessages.unknownPlaceholder(['book.nmae']);
    db.refuseNext('update', 400, { message: '入力内容に誤りがあります。', errors: { body: message } });
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByTestId('mail-template-problem')).toHaveTextContent(message);
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '保存' })).toBeInTheDocument();
  });

  it('test-sends from a 500 px popup whose 送信 waits for an address and a channel', async () => {
    const { db, user } = openDetail(11);
    await user.click(await screen.findByRole('button', { name: 'テスト送信' }));
    const dialog = await screen.findByRole('dialog', { name: 'テスト送信' });
    expect(dialog).toHaveStyle({ width: '500px' });
    const send = within(dialog).getByRole('button', { name: '送信' });
    expect(send).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: /送信先メールアドレス/ }), 'test@example.net');
    expect(send).toBeDisabled();
    await user.click(within(dialog).getByRole('combobox', { name: /予約経路/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['公式', '提携チャネル']);
    await user.click(screen.getByRole('option', { name: '提携チャネル' }));
    expect(send).toBeEnabled();
    await user.click(send);
    await waitFor(() =>
      expect(db.testMailTemplate).toHaveBeenCalledWith(1, 11, { mail_address: 'test@example.net', via: 1 }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByTestId('message-box')).toHaveTextContent('test@example.net');
  });
});
