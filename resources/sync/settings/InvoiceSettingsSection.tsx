import { Typography } from '@mui/material';
import { BooleanInput, SelectInput, TextInput } from 'react-admin';
import {
  invoiceSettingsPatchSchema,
  registrationNumberProblem,
  ROUNDING_LABELS,
  ROUNDINGS,
  type InvoiceSettings,
} from '../../../contract/consumptionTax';
import { maxLengthOf } from '../../../contract/fieldRules';
import { useAppDataProvider } from '../../../dataProvider/useAppDataProvider';
import type { appMessages } from '../../../i18n/ja';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { lengthHint } from '../../../src/crud/EntityInput';
import { schemaErrors, SettingsForm, useSettingsForm } from './SettingsFormParts';

/** The company's invoice settings in react-admin's query cache (one for every facility). */
export const invoiceSettingsKey = ['invoice_settings'] as const;

/** The server's rules as the form's errors: the shape of each field, and a corporation's check digit. */
function invoiceSettingsErrors(values: Record<string, unknown>): Record<string, string> {
  const errors = schemaErrors(invoiceSettingsPatchSchema, values);
  const number = typeof values.registration_number === 'string' ? values.registration_number.trim() : '';
  const problem = number && registrationNumberProblem(number, Boolean(values.corporate));
  if (problem) errors.registration_number ??= problem;
  return errors;
}

const asForm = (s: InvoiceSettings) => ({
  ...s,
  registration_number: s.registration_number ?? '',
  issuer_name: s.issuer_name ?? '',
  issuer_address: s.issuer_address ?? '',
  issuer_tel: s.issuer_tel ?? '',
});

/**
 * インボイス of the detailed settings page (issue 31): the company's registration number (T and 13
 * digits, a corporation's checked as its 法人番号), the issuer as receipts print it, and how each
 * rate's tax is rounded. One setting for the whole company, said so on the card. Administrators
 * change it; staff see it read-only.
 */
export function InvoiceSettingsSection() {
  const translate = useAppTranslate();
  const dataProvider = useAppDataProvider();
  const settings = useSettingsForm<InvoiceSettings>({
    key: invoiceSettingsKey,
    load: (signal) => dataProvider.getInvoiceSettings(signal),
    save: (values) => dataProvider.updateInvoiceSettings(invoiceSettingsPatchSchema.parse(values)),
    section: 'invoice',
  });
  const { readOnly } = settings;
  const t = (key: keyof typeof appMessages.app.setting_page.invoice) => translate(`app.setting_page.invoice.${key}`);
  // The issuer's texts say how long each may be while they can be changed.
  const limit = (field: 'issuer_name' | 'issuer_address' | 'issuer_tel') =>
    !readOnly && lengthHint(maxLengthOf(invoiceSettingsPatchSchema, field));

  return (
    <SettingsForm
      settings={settings}
      testId="invoice-settings"
      values={asForm}
      validate={invoiceSettingsErrors}
      maxWidth={640}
      before={
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('company_wide')}
        </Typography>
      }
    >
      <TextInput
        source="registration_number"
        label={t('registration_number')}
        helperText={t('registration_number_hint')}
        disabled={readOnly}
      />
      <BooleanInput source="corporate" label={t('corporate')} helperText={false} disabled={readOnly} />
      <TextInput source="issuer_name" label={t('issuer_name')} helperText={limit('issuer_name')} disabled={readOnly} />
      <TextInput
        source="issuer_address"
        label={t('issuer_address')}
        helperText={limit('issuer_address')}
        disabled={readOnly}
      />
      <TextInput source="issuer_tel" label={t('issuer_tel')} helperText={limit('issuer_tel')} disabled={readOnly} />
      <SelectInput
        source="rounding"
        label={t('rounding')}
        choices={ROUNDINGS.map((id) => ({ id, name: ROUNDING_LABELS[id] }))}
        helperText={false}
        disabled={readOnly}
      />
    </SettingsForm>
  );
}
