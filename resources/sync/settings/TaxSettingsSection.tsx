import { Box, Button, Link, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AutocompleteArrayInput, BooleanInput, NumberInput, SelectInput, useNotify } from 'react-admin';
import { useWatch } from 'react-hook-form';
import {
  EXEMPT_REASON_LABELS,
  TAX_COLLECTION_LABELS,
  TAX_COLLECTIONS,
  taxSettingsPatchSchema,
  type TaxSettings,
} from '../../../contract/tax';
import type { TaxRule } from '../../../contract/taxRule';
import { useAppDataProvider } from '../../../dataProvider/useAppDataProvider';
import { formatDate } from '../../../i18n/formats';
import type { appMessages } from '../../../i18n/ja';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { schemaErrors, SettingsForm, useSettingsForm } from './SettingsFormParts';
import { TaxRuleDialog } from './TaxRuleDialog';

/** The tax settings and the company's rules in react-admin's query cache (the booking panel reads them too). */
export const taxSettingsKey = (accommodationId: number) => ['tax_settings', accommodationId] as const;
export const taxRulesKey = ['tax_rules'] as const;

/** The server's rule as the form's errors, on the field they concern (bathing_tax.rate). */
const taxSettingsErrors = (values: Record<string, unknown>) => schemaErrors(taxSettingsPatchSchema, values);

/** One choice per jurisdiction: its latest rule's name and the code. */
function jurisdictionChoices(rules: readonly TaxRule[]) {
  const names = new Map<string, string>();
  for (const rule of rules) names.set(rule.code, rule.name);
  return [...names].map(([id, name]) => ({ id, name: `${name}（${id}）` }));
}

/**
 * 宿泊税・入湯税 of the detailed settings page (issue 31): the jurisdictions whose 宿泊税 the facility
 * collects (with the rules in force, their periods and their sources beneath, so the operator sees
 * what the console will charge and where it was read), 入湯税 per adult per night and per day visitor,
 * and whether the taxes are added to the guest's bill or inside its price. Administrators change
 * them; staff see them read-only.
 */
export function TaxSettingsSection({ accommodationId }: { accommodationId: number }) {
  const translate = useAppTranslate();
  const dataProvider = useAppDataProvider();
  const rules = useQuery({ queryKey: taxRulesKey, queryFn: ({ signal }) => dataProvider.getTaxRules(signal) });
  const settings = useSettingsForm<TaxSettings>({
    key: taxSettingsKey(accommodationId),
    load: (signal) => dataProvider.getTaxSettings(accommodationId, signal),
    save: (values) => dataProvider.updateTaxSettings(accommodationId, taxSettingsPatchSchema.parse(values)),
    section: 'tax',
  });
  const { readOnly } = settings;
  const ruleList = rules.data ?? [];

  return (
    <SettingsForm
      settings={settings}
      testId="tax-settings"
      alsoPending={rules.isPending}
      alsoFailed={!rules.data}
      validate={taxSettingsErrors}
      maxWidth={720}
      after={() => !readOnly && <AllRules rules={ruleList} />}
    >
      <AutocompleteArrayInput
        source="jurisdictions"
        label={translate('app.setting_page.tax.jurisdictions')}
        choices={jurisdictionChoices(ruleList)}
        helperText={translate('app.setting_page.tax.jurisdictions_hint')}
        disabled={readOnly}
      />
      <RulesOfChosen rules={ruleList} />
      <BooleanInput
        source="bathing_tax.enabled"
        label={translate('app.setting_page.tax.bathing')}
        helperText={translate('app.setting_page.tax.bathing_hint')}
        disabled={readOnly}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
        <NumberInput
          source="bathing_tax.rate"
          label={translate('app.setting_page.tax.bathing_rate')}
          helperText={false}
          disabled={readOnly}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <NumberInput
          source="bathing_tax.day_rate"
          label={translate('app.setting_page.tax.bathing_day_rate')}
          helperText={false}
          disabled={readOnly}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      </Stack>
      <SelectInput
        source="collection"
        label={translate('app.setting_page.tax.collection')}
        choices={TAX_COLLECTIONS.map((id) => ({ id, name: TAX_COLLECTION_LABELS[id] }))}
        helperText={false}
        disabled={readOnly}
      />
    </SettingsForm>
  );
}

/** The rules of the jurisdictions chosen in the form: period, amounts, exemptions and source. */
function RulesOfChosen({ rules }: { rules: readonly TaxRule[] }) {
  const translate = useAppTranslate();
  const chosen = useWatch<{ jurisdictions?: string[] }>({ name: 'jurisdictions' }) ?? [];
  const shown = rules.filter((r) => chosen.includes(r.code));
  if (shown.length === 0) return null;
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="subtitle2">{translate('app.setting_page.tax.rules_title')}</Typography>
      <RulesTable rules={shown} testId="tax-rules-of-chosen" />
    </Box>
  );
}

/**
 * Every rule of the company (administrators): 規則を追加, and 修正 on each, in TaxRuleDialog; a
 * saved rule is read again by every screen that shows rules.
 */
function AllRules({ rules }: { rules: readonly TaxRule[] }) {
  const translate = useAppTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<TaxRule | null | 'new'>(null);
  const t = (key: keyof typeof appMessages.app.setting_page.tax_rule) => translate(`app.setting_page.tax_rule.${key}`);
  const saved = async () => {
    setEditing(null);
    notify(t('saved'), { type: 'success' });
    await queryClient.invalidateQueries({ queryKey: taxRulesKey });
  };
  return (
    <Box sx={{ mt: 2 }} data-testid="tax-rules-all">
      <Stack direction="row" sx={{ gap: 1 }}>
        <Button size="small" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
          {t('all')}
        </Button>
        <Button size="small" onClick={() => setEditing('new')}>
          {t('add')}
        </Button>
      </Stack>
      {open && <RulesTable rules={rules} testId="tax-rules-table" onEdit={setEditing} />}
      {editing !== null && (
        <TaxRuleDialog
          rule={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => void saved()}
        />
      )}
    </Box>
  );
}

/** Rules as a table: name, period, amounts, exemptions and source; 修正 on each when `onEdit`. */
function RulesTable({
  rules,
  testId,
  onEdit,
}: {
  rules: readonly TaxRule[];
  testId: string;
  onEdit?: (rule: TaxRule) => void;
}) {
  const translate = useAppTranslate();
  const t = (key: keyof typeof appMessages.app.setting_page.tax, options?: Record<string, unknown>) =>
    translate(`app.setting_page.tax.${key}`, options);
  const yen = (n: number) => n.toLocaleString('ja-JP');
  const amounts = (rule: TaxRule) => {
    if (rule.percent !== null) {
      return t('rule_percent', { percent: rule.percent }) + (rule.cap ? t('rule_cap', { cap: yen(rule.cap) }) : '');
    }
    const bands = rule.bands ?? [];
    if (bands.length === 1) return t('rule_flat', { amount: yen(bands[0]!.amount) });
    return bands.map((b) => t('rule_band', { from: yen(b.from), amount: yen(b.amount) })).join('、');
  };
  const exempt = (rule: TaxRule) =>
    [rule.exempt_school_trip && EXEMPT_REASON_LABELS.school_trip, rule.exempt_under_12 && EXEMPT_REASON_LABELS.under_12]
      .filter(Boolean)
      .join('・') || '—';
  return (
    <Box sx={{ mb: 2, overflowX: 'auto', contain: 'inline-size' }} data-testid={testId}>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell />
            <TableCell>{t('rule_period')}</TableCell>
            <TableCell>{t('rule_amounts')}</TableCell>
            <TableCell>{t('rule_exempt')}</TableCell>
            <TableCell>{t('rule_source')}</TableCell>
            {onEdit && <TableCell />}
          </TableRow>
        </TableHead>
        <TableBody>
          {rules.map((rule) => (
            <TableRow key={rule.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{rule.name}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {t('rule_period_value', {
                  from: rule.effective_from ? formatDate(rule.effective_from) : t('rule_open_start'),
                  to: rule.effective_to ? formatDate(rule.effective_to) : t('rule_open_end'),
                })}
              </TableCell>
              <TableCell sx={{ minWidth: 220 }}>{amounts(rule)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{exempt(rule)}</TableCell>
              <TableCell>
                <Link href={rule.source_url} target="_blank" rel="noopener noreferrer">
                  {new URL(rule.source_url).hostname}
                </Link>
              </TableCell>
              {onEdit && (
                <TableCell>
                  <Button
                    size="small"
                    onClick={() => onEdit(rule)}
                    aria-label={`${rule.name} ${rule.effective_from ?? ''}`}
                  >
                    {translate('app.setting_page.tax_rule.edit')}
                  </Button>
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
