import { useState } from 'react';
import { Button, TextField } from '@mui/material';
import { useNotify, useUpdate, type RaRecord } from 'react-admin';
import { fieldErrors } from '../../contract/entity';
import { passwordSchema } from '../../contract/password';
import { z } from '../../contract/zod';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { FormDialog } from '../../src/components/FormDialog';
import { refusalMessage } from '../../src/crud/formErrors';

const passwordOnly = z.object({ password: passwordSchema });

/**
 * パスワード変更 of a user row: a popup with the new password, checked with the contract's rule
 * (12 to 128 characters, not a common one), then `PATCH user/{id}` with the password alone. The
 * user's other sessions end on the server; the popup says パスワードを更新しました。
 */
export function PasswordChange({ record }: { record: RaRecord }) {
  const translate = useAppTranslate();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [update, { isPending }] = useUpdate();
  const name = String(record.name ?? '');

  const close = () => {
    setOpen(false);
    setPassword('');
    setProblem(null);
  };

  const submit = () => {
    const error = fieldErrors(passwordOnly, { password }).password;
    if (error) {
      setProblem(error);
      return;
    }
    update(
      'user',
      { id: record.id, data: { password }, previousData: { ...record, password: undefined } },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('resources.user.password.updated', { type: 'success' });
          close();
        },
        onError: (e) => setProblem(refusalMessage(e)),
      },
    );
  };

  return (
    <>
      <Button size="small" variant="outlined" onClick={() => setOpen(true)}>
        {translate('resources.user.password.change')}
      </Button>
      <FormDialog
        open={open}
        title={translate('resources.user.password.title', { name })}
        titleId="user-password-title"
        onClose={close}
        onSubmit={submit}
        busy={isPending}
        submitLabel={translate('resources.user.password.submit')}
        problem={problem}
      >
        <TextField
          id="user-new-password"
          label={translate('resources.user.password.label')}
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            setProblem(null);
          }}
          error={problem !== null}
          helperText={translate('resources.user.hints.password')}
          fullWidth
          autoFocus
          size="small"
          sx={{ mt: 1 }}
        />
      </FormDialog>
    </>
  );
}
