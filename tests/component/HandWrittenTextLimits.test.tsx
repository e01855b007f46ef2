import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { InvoiceSettings } from '../../contract/consumptionTax';
import { EXTRA_FIELDS, type RegisterSettings } from '../../contract/guestRegister';
import type { SyncSetting } from '../../contract/syncSetting';
import { GuestDialog } from '../../resources/bookings/register/GuestDialog';
import MailTemplateDetail from '../../resources/mail/templates/MailTemplateDetail';
import { ChannelCredentialsForm } from '../../resources/sync/settings/ChannelCredentialsForm';
import { InvoiceSettingsSection } from '../../resources/sync/settings/InvoiceSettingsSection';
import { RegisterSettingsSection } from '../../resources/sync/settings/RegisterSettingsSection';
import { TaxRuleDialog } from '../../resources/sync/settings/TaxRuleDialog';
import { memoryProvider, renderView } from './crudHarness';
import { renderInContext, signedInAuth, storeDemoAccommodations } from './helpers';

/**
 * One text rule on the hand-written forms too (issue 32): where the contract's schema limits a text,
 * the form says it under the field as the generated forms do (100文字以内, after the field's own
 * hint), while it can be typed in; a read-only field says nothing of it.
 */

const textbox = (name: string | RegExp) => screen.getByRole('textbox', { name });

describe('the mail template page', () => {
  beforeEach(() => storeDemoAccommodations());

  it('says each typed text’s limit while editing, after the body’s placeholder guide; not the picked sender', async () => {
    const db = memoryProvider({
      mail_templates: [
        {
          id: 11,
          accommodation_id: 1,
          send_type: 1,
          title: 'ご予約ありがとうございます',
          from_address: 'info@yadoban.example.com',
          from_name: 'やどばん本館',
          body: '{{book.name}} 様',
          updated_at: '2026-04-01T00:00:00.000Z',
        },
      ],
      mail_addresses: [{ id: 1, from_address: 'info@yadoban.example.com', verified: true }],
    });
    const user = userEvent.setup();
    renderView(<MailTemplateDetail />, db.provider, {
      path: '/m/accommodation/a1b2c3/mail/template/11',
      route: '/m/accommodation/:uid/mail/template/:templateId',
    });
    expect(await screen.findByRole('textbox', { name: 'タイトル' })).not.toHaveAccessibleDescription(/文字以内/);

    await user.click(screen.getByRole('button', { name: '編集' }));
    expect(textbox(/タイトル/)).toHaveAccessibleDescription('200文字以内');
    expect(textbox(/送信者名/)).toHaveAccessibleDescription('100文字以内');
    expect(screen.getByTestId('mail-template-body')).toHaveAccessibleDescription(/^差し込み項目: .+ 20000文字以内$/);
    expect(screen.getByRole('combobox', { name: /送信元メールアドレス/ })).not.toHaveAccessibleDescription(/文字以内/);
  });
});

describe('the guest register’s guest dialog', () => {
  const settings: RegisterSettings = {
    licence: 'minpaku',
    notification_number: null,
    extra_fields: Object.fromEntries(EXTRA_FIELDS.map((f) => [f, 'optional'])) as RegisterSettings['extra_fields'],
  };

  it('says the limit of each text the register keeps, after the contact’s hint; none on age or dates', async () => {
    renderInContext(<GuestDialog bookId={7} settings={settings} first onClose={vi.fn()} onSaved={vi.fn()} />, {
      dataProvider: { addBookGuest: vi.fn() },
    });
    await screen.findByRole('dialog');
    expect(textbox(/氏名/)).toHaveAccessibleDescription('100文字以内');
    expect(textbox(/住所/)).toHaveAccessibleDescription('200文字以内');
    expect(textbox(/連絡先/)).toHaveAccessibleDescription(/^電話番号またはメールアドレス\s*200文字以内$/);
    expect(textbox(/職業/)).toHaveAccessibleDescription('100文字以内');
    expect(textbox(/前泊地/)).toHaveAccessibleDescription('100文字以内');
    expect(textbox(/行先地/)).toHaveAccessibleDescription('100文字以内');
    expect(textbox(/客室/)).toHaveAccessibleDescription('50文字以内');
    expect(screen.getByRole('spinbutton', { name: /年齢/ })).not.toHaveAccessibleDescription(/文字以内/);
    expect(screen.getByLabelText(/到着日時/)).not.toHaveAccessibleDescription(/文字以内/);
  });
});

describe('the detailed settings page', () => {
  const invoice: InvoiceSettings = {
    registration_number: null,
    corporate: false,
    issuer_name: null,
    issuer_address: null,
    issuer_tel: null,
    rounding: 'floor',
  };
  const renderInvoice = (isAdmin: boolean) =>
    renderInContext(<InvoiceSettingsSection />, {
      dataProvider: { getInvoiceSettings: vi.fn().mockResolvedValue(invoice) },
      authProvider: signedInAuth(isAdmin),
    });

  it('インボイス: the issuer’s texts say their limits to an administrator', async () => {
    renderInvoice(true);
    expect(await screen.findByRole('textbox', { name: '発行者名' })).toHaveAccessibleDescription('100文字以内');
    expect(textbox('発行者の住所')).toHaveAccessibleDescription('200文字以内');
    expect(textbox('電話番号')).toHaveAccessibleDescription('20文字以内');
  });

  it('インボイス, read-only for staff: no limits', async () => {
    renderInvoice(false);
    await screen.findByTestId('invoice-settings-read-only');
    expect(textbox('発行者名')).not.toHaveAccessibleDescription(/文字以内/);
    expect(textbox('電話番号')).not.toHaveAccessibleDescription(/文字以内/);
  });

  it('宿泊者名簿: the notification number says its limit', async () => {
    const register: RegisterSettings = {
      licence: 'ryokan',
      notification_number: null,
      extra_fields: Object.fromEntries(EXTRA_FIELDS.map((f) => [f, 'off'])) as RegisterSettings['extra_fields'],
    };
    renderInContext(<RegisterSettingsSection accommodationId={1} />, {
      dataProvider: { getRegisterSettings: vi.fn().mockResolvedValue(register) },
      authProvider: signedInAuth(true),
    });
    expect(await screen.findByRole('textbox', { name: '届出番号・許可番号' })).toHaveAccessibleDescription(
      '50文字以内',
    );
  });

  it('外部予約サイト連携: the facility id, the login and the mail say their limits after their hints', async () => {
    const setting: SyncSetting = {
      id: 3,
      accommodation_id: 1,
      tag: 'ikyu',
      mail_to: null,
      service_id: 1,
      params: { accommodation_id: '100120', id: 'sakura-so', password_set: true, password_unreadable: false },
    };
    renderInContext(<ChannelCredentialsForm accommodationId={1} />, {
      dataProvider: { getList: vi.fn().mockResolvedValue({ data: [setting], total: 1 }) },
      authProvider: signedInAuth(true),
    });
    expect(await screen.findByRole('textbox', { name: /施設ID/ })).toHaveAccessibleDescription(
      /^外部予約サイトでの施設のID（半角英数字）\s*50文字以内$/,
    );
    expect(textbox(/ログインID/)).toHaveAccessibleDescription('100文字以内');
    expect(textbox(/通知先メール/)).toHaveAccessibleDescription(/^同期エラーなどのお知らせの送り先.*\s*254文字以内$/);
  });

  it('宿泊税の規則: the name, the note and the source say their limits; the code (a pattern) none', async () => {
    renderInContext(<TaxRuleDialog rule={null} onClose={vi.fn()} onSaved={vi.fn()} />, { dataProvider: {} });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('textbox', { name: '名前' })).toHaveAccessibleDescription('100文字以内');
    expect(within(dialog).getByRole('textbox', { name: '備考' })).toHaveAccessibleDescription('500文字以内');
    expect(within(dialog).getByRole('textbox', { name: '出典のアドレス' })).toHaveAccessibleDescription('500文字以内');
    expect(within(dialog).getByRole('textbox', { name: /管轄のコード/ })).not.toHaveAccessibleDescription(/文字以内/);
  });
});
