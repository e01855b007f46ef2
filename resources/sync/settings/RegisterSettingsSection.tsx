import { useState } from 'react';
import { Alert, Box, LinearProgress, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, SelectInput, TextInput, useNotify, usePermissions } from 'react-admin';
import {
  EXTRA_FIELDS,
  FIELD_MODES,
  LICENCES,
  registerSettingsPatchSchema,
  type RegisterSettings,
} from '../../../contract/guestRegister';
import { FIELD_MODE_LABELS, LICENCE_LABELS, REGISTER_FIELD_LABELS } from '../../../contract/registerLabels';
import type { Permissions } from '../../../dataProvider/authProvider';
import { fieldErrorsOf } from '../../../dataProvider/apiErrors';
import { useAppDataProvider } from '../../../dataProvider/useAppDataProvider';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { refusalMessage } from '../../../src/crud/formErrors';
import { SaveButton, SavedNote } from './SettingsFormParts';

/** The register settings in react-admin's query cache (the booking panel reads the same key). */
const registerSettingsKey = (accommodationId: number) => ['register_settings', accommodationId] as const;

/** The server's rule as the form's errors, on the field they concern (extra_fields.age). */
function registerSettingsErrors(values: Record<string, unknown>): Record<string, string> {
  const parsed = registerSettingsPatchSchema.safeParse(values);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

const choices = (labels: Record<string, string>, keys: readonly string[]) =>
  keys.map((id) => ({ id, name: labels[id]! }));

/**
 * 宿泊者名簿 of the detailed settings page (issue 30): the licence the facility runs under (which
 * items the law asks of every guest), its notification or licence number, and the items its
 * prefecture or city adds by ordinance, each 使わない, 任意 or 必須. Administrators change them;
 * staff see them read-only.
 */
export function RegisterSettingsSection({ accommodationId }: { accommodationId: number }) {
  const translate = useAppTranslate();
  const notify = useNotify();
  const dataProvider = useAppDataProvider();
  const queryClient = useQueryClient();
  const { permissions, isPending: permissionsPending } = usePermissions<Permissions>();
  const { data, isPending, error } = useQuery({
    queryKey: registerSettingsKey(accommodationId),
    queryFn: ({ signal }) => dataProvider.getRegisterSettings(accommodationId, signal),
    retry: false,
  });
  const [saved, setSaved] = useState(false);
  const [generation, setGeneration] = useState(0);

  if (isPending || permissionsPending) return <LinearProgress />;
  if (error || !data) return <Alert severity="error">{translate('app.setting_page.register.load_failed')}</Alert>;
  const readOnly = !permissions?.isAdmin;

  const submit = async (values: Record<string, unknown>) => {
    let next: RegisterSettings;
    try {
      next = await dataProvider.updateRegisterSettings(accommodationId, registerSettingsPatchSchema.parse(values));
    } catch (failure) {
      notify(refusalMessage(failure), { type: 'error' });
      const fields = fieldErrorsOf(failure);
      return Object.keys(fields).length > 0 ? fields : undefined;
    }
    queryClient.setQueryData(registerSettingsKey(accommodationId), next);
    setSaved(true);
    setGeneration((g) => g + 1);
    notify(translate('app.setting_page.register.saved'), { type: 'success' });
    return undefined;
  };

  return (
    <Box data-testid="register-settings-form">
      <Form
        key={generation}
        defaultValues={{ ...data, notification_number: data.notification_number ?? '' }}
        onSubmit={submit}
        validate={registerSettingsErrors}
        sanitizeEmptyValues={false}
        disabled={readOnly}
      >
        <Stack sx={{ maxWidth: 640 }}>
          <SelectInput
            source="licence"
            label={translate('app.setting_page.register.licence')}
            choices={choices(LICENCE_LABELS, LICENCES)}
            helperText={translate('app.setting_page.register.licence_hint')}
            disabled={readOnly}
          />
          <TextInput
            source="notification_number"
            label={translate('app.setting_page.register.notification_number')}
            helperText={false}
            disabled={readOnly}
          />
          <Typography variant="subtitle2" sx={{ mt: 1 }}>
            {translate('app.setting_page.register.extra_fields')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {translate('app.setting_page.register.extra_fields_hint')}
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
            {EXTRA_FIELDS.map((field) => (
              <SelectInput
                key={field}
                source={`extra_fields.${field}`}
                label={REGISTER_FIELD_LABELS[field]}
                choices={choices(FIELD_MODE_LABELS, FIELD_MODES)}
                helperText={false}
                disabled={readOnly}
              />
            ))}
          </Box>
          {readOnly ? (
            <Typography variant="body2" color="text.secondary" data-testid="register-settings-read-only">
              {translate('app.setting_page.register.read_only')}
            </Typography>
          ) : (
            <Stack direction="row" sx={{ alignItems: 'center', gap: 2 }}>
              <SaveButton label={translate('app.setting_page.auto_mail.save')} />
              <SavedNote
                saved={saved}
                text={translate('app.setting_page.register.saved')}
                testId="register-settings-saved"
              />
            </Stack>
          )}
        </Stack>
      </Form>
    </Box>
  );
}
