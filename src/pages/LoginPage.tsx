import { useEffect, useState, type FormEvent } from 'react';
import { errorMessages } from '../../contract/messages';
import { login } from '../../dataProvider/authProvider';
import { hasSession } from '../../dataProvider/tokenStore';
import { loginMessages } from '../../i18n/loginMessages';
import { MESSAGE_BOX_AUTO_CLOSE_MS } from '../components/messageBoxTiming';
import { fontFamily, palette } from '../themeTokens';

interface Notice {
  text: string;
  type: 'error' | 'info';
}

export interface LoginPageProps {
  /** Signed in (or already holding a session): open the console at /m/. */
  onSignedIn: () => void;
  /** The console sent the user back here because the session ended. */
  sessionExpired?: boolean;
}

/**
 * The page's look in plain CSS, with the console's colours and font: the login page carries no MUI,
 * no router and no react-admin, so that its first download stays small (issue 12: at most 100 kB).
 */
const css = `
body{margin:0}
.login-main{min-height:100vh;display:flex;align-items:center;justify-content:center;padding:0 16px;
  background:${palette.background};font-family:${fontFamily};color:rgba(0,0,0,.87);box-sizing:border-box}
.login-card{width:100%;max-width:400px;background:#fff;border-radius:6px;padding:32px;box-sizing:border-box;
  box-shadow:0 3px 3px -2px rgba(0,0,0,.2),0 3px 4px 0 rgba(0,0,0,.14),0 1px 8px 0 rgba(0,0,0,.12)}
.login-card h1{margin:0;text-align:center;font-size:2.125rem;font-weight:700;color:${palette.primary}}
.login-sub{margin:0 0 24px;text-align:center;font-size:.875rem;color:rgba(0,0,0,.6)}
.login-form{display:flex;flex-direction:column;gap:16px}
.login-field{display:flex;flex-direction:column;gap:4px;font-size:.875rem;color:rgba(0,0,0,.6)}
.login-field input{font:inherit;font-size:1rem;color:rgba(0,0,0,.87);padding:14px 12px;border:1px solid rgba(0,0,0,.23);
  border-radius:6px;outline:none}
.login-field input:focus{border-color:${palette.primary};box-shadow:0 0 0 1px ${palette.primary}}
.login-submit{font:inherit;font-size:.9375rem;font-weight:500;padding:10px 22px;border:0;border-radius:6px;cursor:pointer;
  background:${palette.primary};color:#fff;box-shadow:0 3px 1px -2px rgba(0,0,0,.2),0 2px 2px 0 rgba(0,0,0,.14)}
.login-submit:disabled{background:rgba(0,0,0,.12);color:rgba(0,0,0,.38);box-shadow:none;cursor:default}
.login-notice{position:fixed;top:16px;left:50%;transform:translateX(-50%);width:min(560px,calc(100vw - 32px));
  box-sizing:border-box;display:flex;align-items:center;gap:12px;padding:10px 16px;border-radius:6px;color:#fff;
  font-family:${fontFamily};white-space:pre-wrap;box-shadow:0 3px 5px rgba(0,0,0,.2)}
.login-notice.error{background:#d32f2f}.login-notice.info{background:#0288d1}
.login-notice span{flex:1}
.login-notice button{font:inherit;background:none;border:0;color:inherit;cursor:pointer;font-size:1.1rem;line-height:1}
`;

/**
 * '/': e-mail, password and a login button that stays disabled until both are filled in. A refusal
 * shows in the message bar (spec 9: it closes itself after 5 s) and keeps what was typed.
 */
export function LoginPage({ onSignedIn, sessionExpired = false }: LoginPageProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(
    sessionExpired ? { text: errorMessages.unauthorized, type: 'info' } : null,
  );

  useEffect(() => {
    if (hasSession()) onSignedIn();
  }, [onSignedIn]);

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), MESSAGE_BOX_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  const canSubmit = email.trim() !== '' && password !== '' && !submitting;

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSubmit) return;
    setSubmitting(true);
    setNotice(null);
    try {
      await login({ username: email.trim(), password });
      onSignedIn();
    } catch (error) {
      // What was typed stays, so a typo can be fixed rather than typed again.
      setNotice({ text: error instanceof Error ? error.message : errorMessages.loginMismatch, type: 'error' });
      setSubmitting(false);
    }
  };

  return (
    <main className="login-main">
      <style>{css}</style>
      {notice && (
        <div
          className={`login-notice ${notice.type}`}
          role={notice.type === 'error' ? 'alert' : 'status'}
          data-testid="message-box"
        >
          <span>{notice.text}</span>
          <button type="button" aria-label={loginMessages.close} onClick={() => setNotice(null)}>
            ×
          </button>
        </div>
      )}
      <div className="login-card">
        <h1>{loginMessages.login.title}</h1>
        <p className="login-sub">{loginMessages.login.subtitle}</p>
        <form className="login-form" onSubmit={handleSubmit} noValidate>
          <LoginField type="email" label={loginMessages.login.email} value={email} onChange={setEmail} autoFocus />
          <LoginField type="password" label={loginMessages.login.password} value={password} onChange={setPassword} />
          <button className="login-submit" type="submit" disabled={!canSubmit}>
            {submitting ? loginMessages.login.submitting : loginMessages.login.submit}
          </button>
        </form>
      </div>
    </main>
  );
}

export default LoginPage;

/** What a password manager reads of each input: the address as the user's name. */
const AUTOCOMPLETE = {
  email: { name: 'username', autoComplete: 'username' },
  password: { name: 'password', autoComplete: 'current-password' },
} as const;

/** One labelled input of the form, in the page's plain CSS. */
function LoginField({
  type,
  label,
  value,
  onChange,
  autoFocus,
}: {
  type: keyof typeof AUTOCOMPLETE;
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoFocus?: boolean;
}) {
  const id = `login-${type}`;
  return (
    <label className="login-field" htmlFor={id}>
      {label}
      <input
        id={id}
        type={type}
        {...AUTOCOMPLETE[type]}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoFocus={autoFocus}
      />
    </label>
  );
}
