import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { syncSettingMessages, type SyncLoginAnswer, type SyncSetting } from '../../contract/syncSetting';
import { ChannelCredentialsForm } from '../../resources/sync/settings/ChannelCredentialsForm';
import { renderInContext, signedInAuth } from './helpers';

const setting = (unreadable: boolean): SyncSetting => ({
  id: 3,
  accommodation_id: 1,
  tag: 'ikyu',
  mail_to: null,
  service_id: 1,
  params: { accommodation_id: '100120', id: 'sakura-so', password_set: true, password_unreadable: unreadable },
});

function renderForm(answer: SyncSetting, login: SyncLoginAnswer = { ok: true, message: syncSettingMessages.loginOk }) {
  const update = vi.fn().mockResolvedValue({ data: answer });
  const testSyncLogin = vi.fn().mockResolvedValue(login);
  const dataProvider = { getList: vi.fn().mockResolvedValue({ data: [answer], total: 1 }), update, testSyncLogin };
  renderInContext(<ChannelCredentialsForm accommodationId={1} />, { dataProvider, authProvider: signedInAuth() });
  return { update, testSyncLogin };
}

describe('the channel credentials form (詳細設定 → 外部予約サイト連携)', () => {
  it('says plainly when the stored password was sealed with a key this server does not have, and asks for it', async () => {
    const { update } = renderForm(setting(true));
    expect(await screen.findByTestId('sync-password-unreadable')).toHaveTextContent(
      syncSettingMessages.passwordUnreadable,
    );
    expect(screen.getByTestId('sync-password-state')).toHaveTextContent('入力し直してください');
    // Saved without a password: refused in the form, nothing sent.
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.getAllByText('パスワードを入力してください').length).toBeGreaterThan(0));
    expect(update).not.toHaveBeenCalled();
  });

  it('shows no such warning while the stored password opens', async () => {
    renderForm(setting(false));
    expect(await screen.findByTestId('sync-password-state')).toHaveTextContent('設定済み');
    expect(screen.queryByTestId('sync-password-unreadable')).toBeNull();
  });

  it('tries the saved credentials on the site and says what it answered (issue 32)', async () => {
    const refused = { ok: false, message: `${syncSettingMessages.loginFailed}外部予約サイトのパスワードが違います。` };
    const { update, testSyncLogin } = renderForm(setting(false), refused);
    await screen.findByTestId('sync-password-state');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    expect(await screen.findByTestId('sync-settings-saved')).toHaveTextContent('保存しました');
    await waitFor(() => expect(screen.getByTestId('sync-login-result')).toHaveTextContent(refused.message));
    expect(testSyncLogin).toHaveBeenCalledWith(1, 3);
  });
});
