import { InputAdornment } from '@mui/material';
import { BooleanInput, NumberInput } from 'react-admin';
import {
  accommodationSettingsMessages,
  accommodationSettingsUpdateSchema,
  type AccommodationSettings,
} from '../../../contract/accommodation';
import { useAppDataProvider } from '../../../dataProvider/useAppDataProvider';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { SettingsForm, useSettingsForm } from './SettingsFormParts';

/** The mail settings in react-admin's query cache, beside the accommodations' own keys. */
export const accommodationSettingsKey = (accommodationId: number) =>
  ['accommodations', 'settings', { accommodationId }] as const;

/** The server's rule (contract/accommodation.ts) as the form's errors, on the field they concern. */
export function autoMailErrors(values: Record<string, unknown>): Record<string, string> {
  const days = values.transfer_reminder_days;
  const parsed = accommodationSettingsUpdateSchema.safeParse({
    auto_cancel_unpaid: Boolean(values.auto_cancel_unpaid),
    // An emptied field is null (NumberInput): the rule's own message, not zod's type error.
    transfer_reminder_days: typeof days === 'number' && Number.isFinite(days) ? days : Number.NaN,
  });
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'transfer_reminder_days');
    errors[field] ??= field === 'transfer_reminder_days' ? accommodationSettingsMessages.reminderDays : issue.message;
  }
  return errors;
}

/**
 * 自動メール of the detailed settings page (issue 20's settings of the facility): the opt-in
 * automatic cancel of unpaid bookings past their transfer deadline, and how many days before that
 * deadline the reminder goes. Administrators change them (保存しました); staff see them read-only.
 */
export function AutoMailSection({ accommodationId }: { accommodationId: number }) {
  const translate = useAppTranslate();
  const dataProvider = useAppDataProvider();
  const settings = useSettingsForm<AccommodationSettings>({
    key: accommodationSettingsKey(accommodationId),
    load: (signal) => dataProvider.getAccommodationSettings(accommodationId, signal),
    save: (values) =>
      dataProvider.updateAccommodationSettings(accommodationId, {
        auto_cancel_unpaid: Boolean(values.auto_cancel_unpaid),
        transfer_reminder_days: Number(values.transfer_reminder_days),
      }),
    section: 'auto_mail',
  });
  const { readOnly } = settings;

  return (
    <SettingsForm settings={settings} testId="auto-mail" validate={autoMailErrors} maxWidth={480}>
      <BooleanInput
        source="auto_cancel_unpaid"
        label={translate('app.setting_page.auto_mail.auto_cancel')}
        helperText={translate('app.setting_page.auto_mail.auto_cancel_hint')}
        disabled={readOnly}
      />
      <NumberInput
        source="transfer_reminder_days"
        label={translate('app.setting_page.auto_mail.reminder_days')}
        helperText={translate('app.setting_page.auto_mail.reminder_days_hint')}
        // No min/max/step attributes: the browser's own tooltip would stop the submit before the
        // rule's Japanese message is shown on the field.
        disabled={readOnly}
        sx={{ maxWidth: 320 }}
        fullWidth
        slotProps={{
          input: {
            endAdornment: (
              <InputAdornment position="end">{translate('app.setting_page.auto_mail.days_unit')}</InputAdornment>
            ),
          },
          htmlInput: { inputMode: 'numeric' },
        }}
      />
    </SettingsForm>
  );
}
