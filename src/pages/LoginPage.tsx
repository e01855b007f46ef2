import { useEffect, useState, type FormEvent } from 'react';
import { Box, Button, Card, CardContent, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { useLocation, useNavigate } from 'react-router-dom';
import { errorMessages } from '../../contract/messages';
import { login } from '../../dataProvider/authProvider';
import { hasSession } from '../../dataProvider/tokenStore';
import { loginMessages } from '../../i18n/loginMessages';
import { MessageBox, type MessageBoxType } from '../components/MessageBox';
import { links } from '../routes';

interface Notice {
  text: string;
  type: MessageBoxType;
}

/**
 * '/': e-mail, password and a login button that stays disabled until both are filled in.
 * Outside react-admin, so the first download stays small.
 */
export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const sessionExpired = Boolean((location.state as { sessionExpired?: boolean } | null)?.sessionExpired);

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(
    sessionExpired ? { text: errorMessages.unauthorized, type: 'info' } : null,
  );

  useEffect(() => {
    if (hasSession()) navigate(links.home(), { replace: true });
  }, [navigate]);

  const canSubmit = email.trim() !== '' && password !== '' && !submitting;

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSubmit) return;
    setSubmitting(true);
    setNotice(null);
    try {
      await login({ username: email.trim(), password });
      navigate(links.home(), { replace: true });
    } catch (error) {
      // What was typed stays, so a typo can be fixed rather than typed again.
      setNotice({ text: error instanceof Error ? error.message : errorMessages.loginMismatch, type: 'error' });
      setSubmitting(false);
    }
  };

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'background.default',
        px: 2,
      }}
    >
      <MessageBox
        open={notice !== null}
        message={notice?.text}
        type={notice?.type ?? 'error'}
        onClose={() => setNotice(null)}
      />
      <Card sx={{ width: '100%', maxWidth: 400 }} elevation={3}>
        <CardContent sx={{ p: 4 }}>
          <Typography variant="h4" component="h1" align="center" sx={{ fontWeight: 700, color: 'primary.main' }}>
            {loginMessages.login.title}
          </Typography>
          <Typography variant="body2" align="center" color="text.secondary" sx={{ mb: 3 }}>
            {loginMessages.login.subtitle}
          </Typography>
          <form onSubmit={handleSubmit} noValidate>
            <Stack spacing={2}>
              <TextField
                id="login-email"
                label={loginMessages.login.email}
                type="email"
                name="username"
                autoComplete="username"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                autoFocus
                fullWidth
              />
              <TextField
                id="login-password"
                label={loginMessages.login.password}
                type="password"
                name="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                fullWidth
              />
              <Button
                type="submit"
                variant="contained"
                size="large"
                disabled={!canSubmit}
                startIcon={submitting ? <CircularProgress size={18} color="inherit" /> : undefined}
                fullWidth
              >
                {submitting ? loginMessages.login.submitting : loginMessages.login.submit}
              </Button>
            </Stack>
          </form>
        </CardContent>
      </Card>
    </Box>
  );
}

export default LoginPage;
