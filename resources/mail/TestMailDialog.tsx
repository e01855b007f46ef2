import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { useNotify } from 'react-admin';
import type { ZodType } from 'zod';
import { testMailWaiting, type QueuedTestMail } from '../../contract/mailTemplate';

/** What a test send asks: the address, and for a template the reservation channel. */
export interface TestMailInput {
  mail_address: string;
  via?: number;
}

export interface TestMailDialogProps<T extends TestMailInput> {
  /** The dialog's title, address label, and its two buttons. */
  texts: { title: string; address: string; cancel: string; send: string };
  /** The reservation channel's select (a template's test, spec 5 "Test mail"), when asked. */
  via?: { label: string; choices: readonly { id: number; name: string }[] };
  /** Checks the input on 送信: each field's message under it, and `incomplete` above them. */
  schema: ZodType<T>;
  incomplete?: string;
  /** 送信 waits until this holds (by default: every field given). */
  ready?: (input: { mail_address: string; via: '' | number }) => boolean;
  send: (input: T) => Promise<QueuedTestMail>;
  /** The notification once sent, and the sentence shown when the send is refused. */
  sent: (address: string) => string;
  failure: (error: unknown) => string;
  onClose: () => void;
}

/**
 * The test send of a mail (a template's on its page, a bulk mail's before it goes): a 500 px popup
 * with the recipient address (and for a template the reservation channel), キャンセル and 送信.
 */
export function TestMailDialog<T extends TestMailInput>({
  texts,
  via,
  schema,
  incomplete,
  ready,
  send,
  sent,
  failure,
  onClose,
}: TestMailDialogProps<T>) {
  const notify = useNotify();
  const [mailAddress, setMailAddress] = useState('');
  const [channel, setChannel] = useState<'' | number>('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<{ mail_address?: string; via?: string }>({});
  const given = { mail_address: mailAddress, via: channel };
  const complete = ready ? ready(given) : mailAddress.trim() !== '' && (!via || channel !== '');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const parsed = schema.safeParse({ mail_address: mailAddress.trim(), via: channel === '' ? undefined : channel });
    if (!parsed.success) {
      const errors: { mail_address?: string; via?: string } = {};
      for (const issue of parsed.error.issues) errors[issue.path[0] as 'mail_address' | 'via'] ??= issue.message;
      setFieldError(errors);
      setProblem(incomplete ?? null);
      return;
    }
    setBusy(true);
    try {
      const queued = await send(parsed.data);
      // Without an SMTP server the mail waits in the outbox: said plainly, not 受け付けました.
      if (queued.waiting) notify(testMailWaiting(parsed.data.mail_address), { type: 'warning' });
      else notify(sent(parsed.data.mail_address), { type: 'info' });
      onClose();
    } catch (error) {
      setProblem(failure(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby="test-mail-title"
      slotProps={{ paper: { sx: { width: 500, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <form noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle id="test-mail-title">{texts.title}</DialogTitle>
        <DialogContent>
          <Stack sx={{ gap: 2, pt: 1 }}>
            {problem && (
              <Alert severity="error" data-testid="test-mail-problem">
                {problem}
              </Alert>
            )}
            <TextField
              id="test-mail-address"
              label={texts.address}
              type="email"
              required
              autoFocus
              value={mailAddress}
              onChange={(e) => setMailAddress(e.target.value)}
              error={Boolean(fieldError.mail_address)}
              helperText={fieldError.mail_address}
              fullWidth
            />
            {via && (
              <TextField
                id="test-mail-via"
                select
                label={via.label}
                required
                value={channel}
                onChange={(e) => setChannel(Number(e.target.value))}
                error={Boolean(fieldError.via)}
                helperText={fieldError.via}
                fullWidth
              >
                {via.choices.map((c) => (
                  <MenuItem key={c.id} value={c.id}>
                    {c.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {texts.cancel}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy || !complete}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {texts.send}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
