import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MailHistoryItem, MailTemplate } from '../../contract/mailTemplate';
import { HttpError } from '../../dataProvider/http';
import { mailHistoryTitle, mailPollInterval } from '../../resources/bookings/mailModel';
import { buildBooking, demoPlans, demoRooms } from './BookingPanel.fixtures';
import { renderPanel, stubPanelMethods } from './bookingPanelHarness';

const { stubs, booking: mocked } = stubPanelMethods({
  bookMailMethods: {
    listMailTemplatesOf: vi.fn(),
    renderBookMail: vi.fn(),
    sendBookTemplateMail: vi.fn(),
    sendBookFreeMail: vi.fn(),
    listBookMail: vi.fn(),
    resendMail: vi.fn(),
  },
});
const mail = vi.mocked(stubs.bookMailMethods);

function item(overrides: Partial<MailHistoryItem>): MailHistoryItem {
  return {
    id: 1,
    send_type: 1,
    title: '【やどばん本館】ご予約ありがとうございます',
    body: '山田 太郎 様\n\nご予約ありがとうございます。',
    to_address: 'taro@example.com',
    created_at: '2026-11-20T10:15:00+09:00',
    sent_at: '2026-11-20T10:16:00+09:00',
    status: 'sent',
    status_label: '送信済み',
    error: null,
    ...overrides,
  };
}

function template(id: number, send_type: number): MailTemplate {
  return {
    id,
    accommodation_id: 1,
    send_type,
    title: `テンプレート${send_type}`,
    from_address: 'info@example.jp',
    from_name: 'やどばん本館',
    body: '{{book.name}} 様',
    updated_at: '2026-11-01T00:00:00+09:00',
  };
}

const LONG = 'ご予約の確認と当日のご案内について（チェックイン時刻の変更のお願い）';
const mailSection = () => screen.findByTestId('booking-mails');
const openCompose = async () => {
  fireEvent.click(within(await mailSection()).getByRole('button', { name: 'メール送信' }));
  return screen.findByRole('dialog', { name: 'メール送信' });
};

beforeEach(() => {
  vi.resetAllMocks();
  mocked.listRooms.mockResolvedValue(demoRooms);
  mocked.listPlans.mockResolvedValue(demoPlans);
  mocked.getBook.mockResolvedValue(buildBooking());
  mail.listBookMail.mockResolvedValue({ items: [], received: [], smtp_configured: true });
  mail.listMailTemplatesOf.mockResolvedValue([template(21, 2), template(20, 1), template(22, 11)]);
  mail.renderBookMail.mockResolvedValue({
    title: 'ご予約ありがとうございます',
    body: '山田 太郎 様\n\n12月24日のご宿泊',
  });
});

describe('the mail section of the booking panel', () => {
  it('lists each mail with its title cut at 27 characters, its time, its state and reason; 再送 only on a failed one', async () => {
    mail.listBookMail.mockResolvedValue({
      smtp_configured: true,
      received: [],
      items: [
        item({
          id: 3,
          title: LONG,
          status: 'failed',
          status_label: '送信失敗',
          sent_at: null,
          error: '550 No such user',
        }),
        item({ id: 2, status: 'queued', status_label: '送信待ち', sent_at: null }),
        item({ id: 1 }),
      ],
    });
    renderPanel(7);
    const rows = await within(await mailSection()).findAllByTestId('mail-row');
    expect(rows).toHaveLength(3);
    const [failed, queued, sent] = rows as [HTMLElement, HTMLElement, HTMLElement];
    const cut = within(failed).getByTestId('mail-title');
    expect([...cut.textContent!.replace('…', '')]).toHaveLength(27);
    expect(cut).toHaveTextContent(`${[...LONG].slice(0, 27).join('')}…`);
    expect(within(failed).getByRole('button', { name: `「${LONG}」を開く` })).toHaveAttribute('title', LONG);
    expect(within(failed).getByTestId('mail-status')).toHaveTextContent('送信失敗');
    expect(within(failed).getByTestId('mail-reason')).toHaveTextContent('理由: 550 No such user');
    expect(within(failed).getByText('2026年11月20日 10:15')).toBeInTheDocument();
    expect(within(queued).getByTestId('mail-status')).toHaveTextContent('送信待ち');
    expect(within(sent).getByTestId('mail-status')).toHaveTextContent('送信済み');
    expect(within(sent).getByText('2026年11月20日 10:16')).toBeInTheDocument();
    expect(within(sent).getByTestId('mail-title')).toHaveTextContent('【やどばん本館】ご予約ありがとうございます');
    expect(screen.getAllByRole('button', { name: /を再送$/ })).toHaveLength(1);
    expect(within(queued).queryByRole('button', { name: /再送/ })).not.toBeInTheDocument();
    expect(within(sent).queryByTestId('mail-reason')).not.toBeInTheDocument();

    mail.resendMail.mockResolvedValue(undefined);
    fireEvent.click(within(failed).getByRole('button', { name: `「${LONG}」を再送` }));
    await waitFor(() => expect(mail.resendMail).toHaveBeenCalledWith(3));
    expect(await screen.findByText('メールの再送を受け付けました。')).toBeInTheDocument();
    await waitFor(() => expect(mail.listBookMail.mock.calls.length).toBeGreaterThanOrEqual(2));
  });

  it('shows 未送信（SMTP未設定） as the server labels it, and a clicked mail in a popup with its line breaks', async () => {
    mail.listBookMail.mockResolvedValue({
      smtp_configured: false,
      received: [],
      items: [item({ status: 'queued', status_label: '未送信（SMTP未設定）', sent_at: null })],
    });
    renderPanel(7);
    const [row] = await within(await mailSection()).findAllByTestId('mail-row');
    expect(within(row!).getByTestId('mail-status')).toHaveTextContent('未送信（SMTP未設定）');
    fireEvent.click(within(row!).getByRole('button', { name: /を開く$/ }));
    const dialog = await screen.findByRole('dialog', { name: '【やどばん本館】ご予約ありがとうございます' });
    expect(within(dialog).getByTestId('mail-dialog-body').textContent).toBe(
      '山田 太郎 様\n\nご予約ありがとうございます。',
    );
    expect(within(dialog).getByTestId('mail-dialog-body')).toHaveStyle({ whiteSpace: 'pre-wrap' });
  });

  it('has no mail section when the guest has no address', async () => {
    mocked.getBook.mockResolvedValue(buildBooking({ mail: null }));
    renderPanel(7);
    await screen.findByTestId('booking-payments');
    expect(screen.queryByTestId('booking-mails')).not.toBeInTheDocument();
    expect(mail.listBookMail).not.toHaveBeenCalled();
  });

  it('sends the 予約完了 template chosen first, with its preview, tells the user and reads the history again', async () => {
    mail.sendBookTemplateMail.mockResolvedValue(item({ status: 'queued', status_label: '送信待ち' }));
    renderPanel(7);
    const dialog = await openCompose();
    expect(within(dialog).getByText('宛先: taro@example.com')).toBeInTheDocument();
    const select = within(dialog).getByLabelText('テンプレート種別') as HTMLSelectElement;
    await waitFor(() => expect(select.value).toBe('20'));
    expect([...select.options].map((o) => o.textContent)).toEqual(['キャンセル', '予約完了', '入金確認']);
    const preview = within(dialog).getByTestId('mail-compose-preview');
    expect(await within(preview).findByText('ご予約ありがとうございます')).toBeInTheDocument();
    expect(mail.renderBookMail).toHaveBeenCalledWith(7, 20);
    fireEvent.change(select, { target: { value: '22' } });
    await waitFor(() => expect(mail.renderBookMail).toHaveBeenCalledWith(7, 22));
    fireEvent.change(select, { target: { value: '20' } });

    const before = mail.listBookMail.mock.calls.length;
    fireEvent.click(within(dialog).getByRole('button', { name: '送信' }));
    await waitFor(() => expect(mail.sendBookTemplateMail).toHaveBeenCalledWith(7, 1));
    expect(await screen.findByText('メールの送信を受け付けました。')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'メール送信' })).not.toBeInTheDocument());
    await waitFor(() => expect(mail.listBookMail.mock.calls.length).toBeGreaterThan(before));
  });

  it("says 'Mail sending failed.' in Japanese, with the server's reason, and keeps the popup", async () => {
    mail.sendBookTemplateMail.mockRejectedValue(
      new HttpError('この種類のメールテンプレートがこの施設にありません。', 400, {
        code: 'bad_request',
        message: 'この種類のメールテンプレートがこの施設にありません。',
      }),
    );
    renderPanel(7);
    const dialog = await openCompose();
    await waitFor(() =>
      expect((within(dialog).getByLabelText('テンプレート種別') as HTMLSelectElement).value).toBe('20'),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: '送信' }));
    expect(await within(dialog).findByTestId('mail-compose-error')).toHaveTextContent(
      'メールの送信に失敗しました。この種類のメールテンプレートがこの施設にありません。',
    );
    expect(screen.getByRole('dialog', { name: 'メール送信' })).toBeInTheDocument();
  });

  it('sends free text: 件名 and 本文 are required', async () => {
    mail.sendBookFreeMail.mockResolvedValue(item({ status: 'queued', status_label: '送信待ち' }));
    renderPanel(7);
    const dialog = await openCompose();
    fireEvent.click(within(dialog).getByRole('radio', { name: '自由入力' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '送信' }));
    expect(await within(dialog).findByTestId('mail-compose-error')).toHaveTextContent('件名を入力してください');
    expect(mail.sendBookFreeMail).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText(/件名/), { target: { value: '駐車場のご案内' } });
    fireEvent.change(within(dialog).getByLabelText(/本文/), {
      target: { value: '{{book.name}} 様\n駐車場は2台までです。' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '送信' }));
    await waitFor(() =>
      expect(mail.sendBookFreeMail).toHaveBeenCalledWith(7, {
        title: '駐車場のご案内',
        body: '{{book.name}} 様\n駐車場は2台までです。',
      }),
    );
    expect(await screen.findByText('メールの送信を受け付けました。')).toBeInTheDocument();
  });
});

describe('the mail model', () => {
  it('cuts titles at 27 characters, counting code points', () => {
    expect(mailHistoryTitle('あ'.repeat(27))).toBe('あ'.repeat(27));
    expect(mailHistoryTitle('あ'.repeat(28))).toBe(`${'あ'.repeat(27)}…`);
    expect(mailHistoryTitle('𠮷'.repeat(28))).toBe(`${'𠮷'.repeat(27)}…`);
  });

  it('polls every 2 s while a mail is queued or sending with SMTP configured, else not', () => {
    const h = (status: MailHistoryItem['status'], smtp_configured = true) => ({
      items: [item({ status })],
      smtp_configured,
    });
    expect(mailPollInterval(h('queued'))).toBe(2000);
    expect(mailPollInterval(h('sending'))).toBe(2000);
    expect(mailPollInterval(h('sent'))).toBe(false);
    expect(mailPollInterval(h('failed'))).toBe(false);
    expect(mailPollInterval(h('queued', false))).toBe(false);
    expect(mailPollInterval(undefined)).toBe(false);
  });
});
