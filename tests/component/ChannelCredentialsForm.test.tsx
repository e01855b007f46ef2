import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AdminContext, memoryStore, type AuthProvider, type DataProvider } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { syncSettingMessages, type SyncSetting } from '../../contract/syncSetting';
import { i18nProvider } from '../../i18n/i18nProvider';
import { ChannelCredentialsForm } from '../../resources/sync/settings/ChannelCredentialsForm';

const setting = (unreadable: boolean): SyncSetting => ({
  id: 3,
  accommodation_id: 1,
  tag: 'ikyu',
  mail_to: null,
  service_id: 1,
  params: { accommodation_id: '100120', id: 'sakura-so', password_set: true, password_unreadable: unreadable },
});

function renderForm(answer: SyncSetting) {
  const update = vi.fn().mockResolvedValue({ data: answer });
  const dataProvider = {
    getList: vi.fn().mockResolvedValue({ data: [answer], total: 1 }),
    update,
  } as unknown as DataProvider;
  const authProvider: AuthProvider = {
    login: () => Promise.resolve(),
    logout: () => Promise.resolve(),
    checkAuth: () => Promise.resolve(),
    checkError: () => Promise.resolve(),
    getPermissions: () => Promise.resolve({ isAdmin: true }),
  };
  render(
    <MemoryRouter>
      <AdminContext
        i18nProvider={i18nProvider}
        dataProvider={dataProvider}
        authProvider={authProvider}
        store={memoryStore()}
      >
        <ChannelCredentialsForm accommodationId={1} />
      </AdminContext>
    </MemoryRouter>,
  );
  return { update };
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
});
