import { useState } from 'react';
import {
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useNotify, useRefresh, type RaRecord } from 'react-admin';
import type { SenderAddress } from '../../../contract/senderAddress';
import { useAppDataProvider } from '../../../dataProvider/useAppDataProvider';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { refusalMessage } from '../../../src/crud/formErrors';

/**
 * A sender address's state (issue 28): 確認済み, or 確認待ち with the way to verify it: 確認コードを入力
 * opens a dialog for the 6-digit code mailed to the address, 確認メールを再送 mails a new one.
 */
export function SenderAddressState({ record }: { record: RaRecord }) {
  const address = record as unknown as SenderAddress;
  const translate = useAppTranslate();
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const [entering, setEntering] = useState(false);
  const [pending, setPending] = useState(false);
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`resources.mail_addresses.verification.${key}` as Parameters<typeof translate>[0], options);

  if (address.verified) return <Chip size="small" color="success" label={t('verified')} />;

  const resend = async () => {
    setPending(true);
    try {
      await dataProvider.resendSenderVerification(address.id);
      notify(t('resent', { address: address.from_address }), { type: 'info' });
    } catch (error) {
      notify(refusalMessage(error), { type: 'error' });
    } finally {
      setPending(false);
    }
  };

  return (
    <Stack direction="row" spacing={1} alignItems="center" onClick={(e) => e.stopPropagation()}>
      <Chip size="small" color="warning" label={t('pending')} />
      <Button size="small" variant="contained" onClick={() => setEntering(true)}>
        {t('enter')}
      </Button>
      <Button size="small" onClick={() => void resend()} disabled={pending}>
        {t('resend')}
      </Button>
      {entering && (
        <VerifyDialog
          address={address}
          onClose={() => setEntering(false)}
          onVerified={() => {
            setEntering(false);
            notify(t('done', { address: address.from_address }), { type: 'success' });
            refresh();
          }}
        />
      )}
    </Stack>
  );
}

function VerifyDialog({
  address,
  onClose,
  onVerified,
}: {
  address: SenderAddress;
  onClose: () => void;
  onVerified: () => void;
}) {
  const translate = useAppTranslate();
  const dataProvider = useAppDataProvider();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`resources.mail_addresses.verification.${key}` as Parameters<typeof translate>[0], options);

  const submit = async () => {
    setPending(true);
    try {
      await dataProvider.verifySenderAddress(address.id, code.trim());
      onVerified();
    } catch (failure) {
      setError(refusalMessage(failure));
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog open onClose={pending ? undefined : onClose} fullWidth maxWidth="xs">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <DialogTitle>{t('title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('explain', { address: address.from_address })}</DialogContentText>
          <TextField
            autoFocus
            fullWidth
            label={t('code')}
            value={code}
            onChange={(e) => {
              setCode(e.target.value);
              setError(null);
            }}
            error={error !== null}
            helperText={error ?? ' '}
            slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending}>
            {translate('app.action.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={pending}>
            {t('confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
