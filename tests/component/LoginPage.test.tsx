import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getAccessToken, getRefreshToken, setTokens } from '../../dataProvider/tokenStore';
import { LoginPage } from '../../src/pages/LoginPage';
import { json, stubFetch } from '../unit/fetchStub';
import { demoAccommodations } from './helpers';

/** The login page as main.tsx renders it: onSignedIn opens the console. */
function renderLogin(options: { sessionExpired?: boolean } = {}) {
  const onSignedIn = vi.fn();
  render(<LoginPage onSignedIn={onSignedIn} {...options} />);
  return { onSignedIn };
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

  it('opens the console after a successful login', async () => {
    const { calls } = stubFetch(({ url }) =>
      url.endsWith('/oauth/auth')
        ? json(200, { access_token: 'access', refresh_token: 'refresh', token_type: 'Bearer', expires_in: 900 })
        : json(200, demoAccommodations),
    );
    const user = userEvent.setup();
    const { onSignedIn } = renderLogin();
    await user.type(screen.getByLabelText('メールアドレス'), 'admin@example.com');
    await user.type(screen.getByLabelText('パスワード'), 'admin-pass-1234');
    await user.click(screen.getByRole('button', { name: 'ログイン' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(getAccessToken()).toBe('access');
    // After the token: the accommodations and the signed-in user, asked side by side.
    expect(calls.map((c) => c.url).sort()).toEqual(['/api/accommodations', '/api/me', '/oauth/auth']);
  });

  it('sends a signed-in visitor straight to the console', async () => {
    setTokens({ access_token: 'access', refresh_token: 'refresh' });
    const { onSignedIn } = renderLogin();
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
  });

  it('says the session has ended when the console sent the user back', () => {
    renderLogin({ sessionExpired: true });
    expect(screen.getByRole('status')).toHaveTextContent('ログインしてください');
  });
});
