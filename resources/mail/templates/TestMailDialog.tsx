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
import {
  mailTemplateEntity,
  testMailSchema,
  testMailViaChoices,
  type MailTemplate,
} from '../../../contract/mailTemplate';
import { errorMessages } from '../../../contract/messages';
import { refusalMessage } from '../../../src/crud/formErrors';
import { useAppDataProvider } from '../../../dataProvider/useAppDataProvider';
import { useEntityText } from '../../../src/crud/entityText';

/**
 * The test send of a template (spec 2 "Mail templates", 5 "Test mail"): a 500 px popup with the
 * recipient address and the reservation channel (公式 / 提携チャネル), キャンセル and 送信; 送信 waits
 * until both are given. The server queues the template filled with a sample booking.
 */
export function TestMailDialog({
  accommodationId,
  template,
  onClose,
}: {
  accommodationId: number;
  template: MailTemplate;
  onClose: () => void;
}) {
  const { label, translate } = useEntityText(mailTemplateEntity);
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const [mailAddress, setMailAddress] = useState('');
  const [via, setVia] = useState<'' | 0 | 1>('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<{ mail_address?: string; via?: string }>({});
  const complete = mailAddress.trim() !== '' && via !== '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const parsed = testMailSchema.safeParse({ mail_address: mailAddress, via: via === '' ? undefined : via });
    if (!parsed.success) {
      const errors: { mail_address?: string; via?: string } = {};
      for (const issue of parsed.error.issues) errors[issue.path[0] as 'mail_address' | 'via'] ??= issue.message;
      setFieldError(errors);
      setProblem(translate('resources.mail_templates.messages.test_incomplete'));
      return;
    }
    setBusy(true);
    try {
      await dataProvider.testMailTemplate(accommodationId, template.id, parsed.data);
      notify(translate('resources.mail_templates.messages.test_queued', { address: parsed.data.mail_address }), {
        type: 'info',
      });
      onClose();
    } catch (error) {
      setProblem(refusalMessage(error, errorMessages.mailFailed));
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
        <DialogTitle id="test-mail-title">{translate('resources.mail_templates.titles.test')}</DialogTitle>
        <DialogContent>
          <Stack sx={{ gap: 2, pt: 1 }}>
            {problem && (
              <Alert severity="error" data-testid="test-mail-problem">
                {problem}
              </Alert>
            )}
            <TextField
              id="test-mail-address"
              label={label('mail_address')}
              type="email"
              required
              autoFocus
              value={mailAddress}
              onChange={(e) => setMailAddress(e.target.value)}
              error={Boolean(fieldError.mail_address)}
              helperText={fieldError.mail_address}
              fullWidth
            />
            <TextField
              id="test-mail-via"
              select
              label={label('via')}
              required
              value={via}
              onChange={(e) => setVia(Number(e.target.value) as 0 | 1)}
              error={Boolean(fieldError.via)}
              helperText={fieldError.via}
              fullWidth
            >
              {testMailViaChoices.map((c) => (
                <MenuItem key={c.id} value={c.id}>
                  {c.name}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {translate('resources.mail_templates.actions.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy || !complete}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {translate('resources.mail_templates.actions.send')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
