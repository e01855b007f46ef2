import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { clearSession, getAccessToken, getRefreshToken, setTokens } from '../../dataProvider/tokenStore';
import { LoginPage } from '../../src/pages/LoginPage';
import { json, stubFetch } from '../unit/fetchStub';
import { demoAccommodations } from './helpers';

function renderLogin() {
  return render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route path="/" element={<LoginPage />} />
        <Route path="/m/" element={<div>ダッシュボード</div>} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('LoginPage', () => {
  it('keeps the login button disabled until both fields are filled', async () => {
    const user = userEvent.setup();
    renderLogin();
    expect(screen.getByRole('heading', { name: 'やどばん' })).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'ログイン' });
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('メールアドレス'), 'admin@example.com');
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('パスワード'), 'admin-pass-1234');
    expect(button).toBeEnabled();
    await user.clear(screen.getByLabelText('メールアドレス'));
    expect(button).toBeDisabled();
  });

  it('shows the credentials error and removes stored tokens when login fails', async () => {
    stubFetch(() => json(401, { error: 'invalid_grant', code: 'invalid_grant', message: 'x' }));
    const user = userEvent.setup();
    renderLogin();
    // Tokens left over (e.g. written by another tab after this page opened) must go too.
    setTokens({ access_token: 'stale', refresh_token: 'stale' });
    await user.type(screen.getByLabelText('メールアドレス'), 'admin@example.com');
    await user.type(screen.getByLabelText('パスワード'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'ログイン' }));
    expect(await screen.findByText('メールアドレスまたはパスワードが一致しません')).toBeInTheDocument();
    expect(getAccessToken()).toBeUndefined();
    expect(getRefreshToken()).toBeUndefined();
    // What was typed stays.
    expect(screen.getByLabelText('メールアドレス')).toHaveValue('admin@example.com');
  });

  it('goes to /m/ after a successful login', async () => {
    const { calls } = stubFetch(({ url }) =>
      url.endsWith('/oauth/auth')
        ? json(200, { access_token: 'access', refresh_token: 'refresh', token_type: 'Bearer', expires_in: 900 })
        : json(200, demoAccommodations),
    );
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByLabelText('メールアドレス'), 'admin@example.com');
    await user.type(screen.getByLabelText('パスワード'), 'admin-pass-1234');
    await user.click(screen.getByRole('button', { name: 'ログイン' }));
    expect(await screen.findByText('ダッシュボード')).toBeInTheDocument();
    expect(getAccessToken()).toBe('access');
    // After the token: the accommodations and the signed-in user, asked side by side.
    expect(calls.map((c) => c.url).sort()).toEqual(['/api/accommodations', '/api/me', '/oauth/auth']);
  });

  it('sends a signed-in visitor straight to /m/', async () => {
    setTokens({ access_token: 'access', refresh_token: 'refresh' });
    renderLogin();
    await waitFor(() => expect(screen.getByText('ダッシュボード')).toBeInTheDocument());
  });
});
