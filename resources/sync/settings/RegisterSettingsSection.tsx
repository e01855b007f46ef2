import { Box, Typography } from '@mui/material';
import { SelectInput, TextInput } from 'react-admin';
import {
  EXTRA_FIELDS,
  FIELD_MODES,
  LICENCES,
  registerSettingsPatchSchema,
  type RegisterSettings,
} from '../../../contract/guestRegister';
import { maxLengthOf } from '../../../contract/fieldRules';
import { FIELD_MODE_LABELS, LICENCE_LABELS, REGISTER_FIELD_LABELS } from '../../../contract/registerLabels';
import { useAppDataProvider } from '../../../dataProvider/useAppDataProvider';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { lengthHint } from '../../../src/crud/EntityInput';
import { MinpakuCard } from './MinpakuCard';
import { schemaErrors, SettingsForm, useSettingsForm } from './SettingsFormParts';

/** The register settings in react-admin's query cache (the booking panel reads the same key). */
const registerSettingsKey = (accommodationId: number) => ['register_settings', accommodationId] as const;

/** The server's rule as the form's errors, on the field they concern (extra_fields.age). */
const registerSettingsErrors = (values: Record<string, unknown>) => schemaErrors(registerSettingsPatchSchema, values);

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
  const dataProvider = useAppDataProvider();
  const settings = useSettingsForm<RegisterSettings>({
    key: registerSettingsKey(accommodationId),
    load: (signal) => dataProvider.getRegisterSettings(accommodationId, signal),
    save: (values) => dataProvider.updateRegisterSettings(accommodationId, registerSettingsPatchSchema.parse(values)),
    section: 'register',
  });
  const { readOnly } = settings;

  return (
    <SettingsForm
      settings={settings}
      testId="register-settings"
      values={(data: RegisterSettings) => ({ ...data, notification_number: data.notification_number ?? '' })}
      validate={registerSettingsErrors}
      maxWidth={640}
      after={(data: RegisterSettings) =>
        data.licence === 'minpaku' && (
          <Box sx={{ mt: 3 }}>
            <MinpakuCard accommodationId={accommodationId} />
          </Box>
        )
      }
    >
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
        helperText={!readOnly && lengthHint(maxLengthOf(registerSettingsPatchSchema, 'notification_number'))}
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
    </SettingsForm>
  );
}
