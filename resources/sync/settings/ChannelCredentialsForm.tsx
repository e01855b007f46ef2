import { useState } from 'react';
import { Alert, Box, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import {
  Form,
  PasswordInput,
  TextInput,
  useCreate,
  useGetList,
  useNotify,
  usePermissions,
  useUpdate,
  type RaRecord,
} from 'react-admin';
import { maxLengthOf } from '../../../contract/fieldRules';
import {
  SYNC_SERVICE_ID,
  syncSettingFormErrors,
  syncSettingMessages,
  syncSettingParamsInputSchema,
  syncSettingUpdateSchema,
  type SyncLoginAnswer,
  type SyncSetting,
  type SyncSettingFormValues,
} from '../../../contract/syncSetting';
import { fieldErrorsOf } from '../../../dataProvider/apiErrors';
import type { Permissions } from '../../../dataProvider/authProvider';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { useAppDataProvider } from '../../../dataProvider/useAppDataProvider';
import { lengthHint } from '../../../src/crud/EntityInput';
import { refusalMessage } from '../../../src/crud/formErrors';
import { SaveButton, SavedNote } from './SettingsFormParts';

/** `{ 'params.id': '…' }` as the form's nested errors `{ params: { id: '…' } }`. */
function nested(errors: Record<string, string>): Record<string, unknown> {
  const out: Record<string, Record<string, string> | string> = {};
  for (const [path, message] of Object.entries(errors)) {
    const [head, ...rest] = path.split('.');
    if (rest.length === 0) out[head!] ??= message;
    else {
      const inner = (out[head!] ??= {}) as Record<string, string>;
      inner[rest.join('.')] ??= message;
    }
  }
  return out;
}

/**
 * The external channel's credentials of a facility (spec 2 "Detailed settings", issue 21), for
 * administrators: 施設ID (params.accommodation_id), ログインID (params.id), パスワード (write-only:
 * 設定済み when one is stored, left empty it is kept; 入力し直してください, required, when the stored
 * one was sealed with a key this server does not have) and 通知先メール. The first save creates the
 * facility's service 1 setting. The rules are the server's (contract/syncSetting.ts), checked
 * before sending; a refused field shows the server's message. Staff read that administrators set it.
 */
export function ChannelCredentialsForm({ accommodationId }: { accommodationId: number }) {
  const translate = useAppTranslate();
  const { permissions, isPending: permissionsPending } = usePermissions<Permissions>();
  if (permissionsPending) return <LinearProgress />;
  if (!permissions?.isAdmin) {
    return (
      <Typography color="text.secondary" data-testid="sync-settings-read-only">
        {translate('resources.sync_settings.read_only')}
      </Typography>
    );
  }
  return <AdminCredentialsForm accommodationId={accommodationId} />;
}

function AdminCredentialsForm({ accommodationId }: { accommodationId: number }) {
  const translate = useAppTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const meta = { accommodationId };
  const { data, isPending, error } = useGetList<SyncSetting & RaRecord>('sync_settings', {
    pagination: { page: 1, perPage: 100 },
    meta,
  });
  const [update] = useUpdate();
  const [create] = useCreate();
  const dataProvider = useAppDataProvider();
  const [saved, setSaved] = useState(false);
  // What the site said of the saved credentials (issue 32): asked right after each save.
  const [login, setLogin] = useState<SyncLoginAnswer | 'asking' | null>(null);
  // The form is drawn again from the saved record (the password input empty again).
  const [generation, setGeneration] = useState(0);

  if (isPending) return <LinearProgress />;
  if (error) return <Alert severity="error">{translate('resources.sync_settings.messages.load_failed')}</Alert>;
  const setting = data?.find((s) => s.service_id === SYNC_SERVICE_ID);
  // A stored password this server cannot open (sealed with another key) must be typed again.
  const passwordUnreadable = setting?.params.password_unreadable === true;
  const passwordSet = setting?.params.password_set === true && !passwordUnreadable;
  const defaults: SyncSettingFormValues = {
    params: {
      accommodation_id: setting?.params.accommodation_id ?? '',
      id: setting?.params.id ?? '',
      password: '',
    },
    mail_to: setting?.mail_to ?? '',
  };

  const submit = async (values: Record<string, unknown>) => {
    const form = values as unknown as SyncSettingFormValues;
    const params = {
      accommodation_id: form.params.accommodation_id,
      id: form.params.id,
      ...(form.params.password ? { password: form.params.password } : {}),
    };
    const body = { params, mail_to: form.mail_to ?? '' };
    let settingId: number;
    try {
      if (setting) {
        await update(
          'sync_settings',
          { id: setting.id, data: body, previousData: undefined, meta },
          { mutationMode: 'pessimistic', returnPromise: true },
        );
        settingId = setting.id;
      } else {
        settingId = Number((await create('sync_settings', { data: body, meta }, { returnPromise: true })).id);
      }
    } catch (failure) {
      const fields = fieldErrorsOf(failure);
      notify(refusalMessage(failure), { type: 'error' });
      return Object.keys(fields).length > 0 ? nested(fields) : undefined;
    }
    await queryClient.invalidateQueries({ queryKey: ['sync_settings'] });
    setSaved(true);
    setGeneration((g) => g + 1);
    notify(translate('resources.sync_settings.saved'), { type: 'success' });
    setLogin('asking');
    dataProvider
      .testSyncLogin(accommodationId, settingId)
      .then(setLogin, (failure: unknown) =>
        setLogin({ ok: false, message: syncSettingMessages.loginFailed + refusalMessage(failure) }),
      );
    return undefined;
  };

  return (
    <Box data-testid="sync-settings-form">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('resources.sync_settings.intro')}
      </Typography>
      {!setting && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('resources.sync_settings.none')}
        </Alert>
      )}
      {passwordUnreadable && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="sync-password-unreadable">
          {syncSettingMessages.passwordUnreadable}
        </Alert>
      )}
      <Form
        key={generation}
        defaultValues={defaults}
        onSubmit={submit}
        validate={(values) => nested(syncSettingFormErrors(values as unknown as SyncSettingFormValues, passwordSet))}
        sanitizeEmptyValues={false}
      >
        <Stack sx={{ maxWidth: 480 }}>
          <TextInput
            source="params.accommodation_id"
            label={translate('resources.sync_settings.fields.accommodation_id')}
            helperText={lengthHint(
              maxLengthOf(syncSettingParamsInputSchema, 'accommodation_id'),
              translate('resources.sync_settings.hints.accommodation_id'),
            )}
            isRequired
            fullWidth
          />
          <TextInput
            source="params.id"
            label={translate('resources.sync_settings.fields.id')}
            helperText={lengthHint(maxLengthOf(syncSettingParamsInputSchema, 'id'))}
            isRequired
            fullWidth
            autoComplete="off"
          />
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mt: 1, mb: 0.5 }}>
            <Typography variant="body2" color="text.secondary">
              {translate('resources.sync_settings.fields.password')}
            </Typography>
            <Chip
              size="small"
              color={passwordSet ? 'success' : passwordUnreadable ? 'warning' : 'default'}
              label={translate(
                passwordSet
                  ? 'resources.sync_settings.password_set'
                  : passwordUnreadable
                    ? 'resources.sync_settings.password_unreadable'
                    : 'resources.sync_settings.password_unset',
              )}
              data-testid="sync-password-state"
            />
          </Stack>
          <PasswordInput
            source="params.password"
            label={translate('resources.sync_settings.fields.password')}
            helperText={translate(
              passwordSet ? 'resources.sync_settings.hints.password_set' : 'resources.sync_settings.hints.password_new',
            )}
            isRequired={!passwordSet}
            autoComplete="new-password"
            fullWidth
          />
          <TextInput
            source="mail_to"
            type="email"
            label={translate('resources.sync_settings.fields.mail_to')}
            helperText={lengthHint(
              maxLengthOf(syncSettingUpdateSchema, 'mail_to'),
              translate('resources.sync_settings.hints.mail_to'),
            )}
            fullWidth
          />
          <Stack direction="row" sx={{ alignItems: 'center', gap: 2 }}>
            <SaveButton label={translate('resources.sync_settings.save')} />
            <SavedNote saved={saved} text={translate('resources.sync_settings.saved')} testId="sync-settings-saved" />
          </Stack>
          {login !== null && (
            <Alert
              severity={login === 'asking' ? 'info' : login.ok ? 'success' : 'warning'}
              sx={{ mt: 2 }}
              data-testid="sync-login-result"
              role="status"
            >
              {login === 'asking' ? translate('resources.sync_settings.login_asking') : login.message}
            </Alert>
          )}
        </Stack>
      </Form>
    </Box>
  );
}
