import { useState } from 'react';
import { Checkbox, FormControlLabel, MenuItem, Stack, TextField } from '@mui/material';
import { maxLengthOf } from '../../../contract/fieldRules';
import { taxRuleCreateSchema, type TaxBand, type TaxRule, type TaxRuleInput } from '../../../contract/taxRule';
import { errorMessages } from '../../../contract/messages';
import { fieldErrorsOf } from '../../../dataProvider/apiErrors';
import { useDialogRequest } from '../../../src/components/useDialogRequest';
import { useAppDataProvider } from '../../../dataProvider/useAppDataProvider';
import type { appMessages } from '../../../i18n/ja';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { DatePickerJa } from '../../../src/components/DatePickerJa';
import { FormDialog } from '../../../src/components/FormDialog';
import { lengthHint } from '../../../src/crud/EntityInput';
import { zodErrors } from '../../../src/crud/formErrors';

/** Bands as the form writes them: one per line, 「下限:税額」. */
const bandsText = (bands: readonly TaxBand[] | null) => (bands ?? []).map((b) => `${b.from}:${b.amount}`).join('\n');
function parseBands(text: string): TaxBand[] | 'invalid' {
  const lines = text
    .split('\n')
    .map((l) => l.replace(/[,，\s]/g, ''))
    .filter(Boolean);
  const bands = lines.map((l) => /^(\d+)[:：](\d+)$/.exec(l));
  if (bands.some((m) => !m)) return 'invalid';
  return bands.map((m) => ({ from: Number(m![1]), amount: Number(m![2]) }));
}

interface Draft {
  code: string;
  name: string;
  effective_from: string | null;
  effective_to: string | null;
  kind: 'bands' | 'percent';
  bands: string;
  percent: string;
  cap: string;
  exempt_school_trip: boolean;
  exempt_under_12: boolean;
  note: string;
  source_url: string;
}

const draftOf = (rule: TaxRule | null): Draft => ({
  code: rule?.code ?? '',
  name: rule?.name ?? '',
  effective_from: rule?.effective_from ?? null,
  effective_to: rule?.effective_to ?? null,
  kind: rule?.percent != null ? 'percent' : 'bands',
  bands: bandsText(rule?.bands ?? [{ from: 0, amount: 0 }]),
  percent: rule?.percent != null ? String(rule.percent) : '',
  cap: rule?.cap != null ? String(rule.cap) : '',
  exempt_school_trip: rule?.exempt_school_trip ?? true,
  exempt_under_12: rule?.exempt_under_12 ?? false,
  note: rule?.note ?? '',
  source_url: rule?.source_url ?? '',
});

/**
 * Adds a 宿泊税 rule or corrects one (administrators, issue 31): its jurisdiction's code (fixed once
 * made), name, the nights it applies to, bands (one per line, 「下限:税額」) or a percentage with a
 * cap, the exemptions, a note and the source it was read from. The server's refusals (a period that
 * shares a night with another rule of the code: 409) land on their fields.
 */
export function TaxRuleDialog({
  rule,
  onClose,
  onSaved,
}: {
  rule: TaxRule | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const translate = useAppTranslate();
  const t = (key: keyof typeof appMessages.app.setting_page.tax_rule) => translate(`app.setting_page.tax_rule.${key}`);
  const dataProvider = useAppDataProvider();
  const [draft, setDraft] = useState<Draft>(() => draftOf(rule));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const request = useDialogRequest(onClose, errorMessages.bookingUpdateFailed);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const submit = async () => {
    const bands = draft.kind === 'bands' ? parseBands(draft.bands) : null;
    if (bands === 'invalid') return setErrors({ bands: t('bands_format') });
    const body = {
      code: draft.code.trim(),
      name: draft.name,
      effective_from: draft.effective_from,
      effective_to: draft.effective_to,
      bands,
      percent: draft.kind === 'percent' ? Number(draft.percent) : null,
      cap: draft.kind === 'percent' && draft.cap.trim() ? Number(draft.cap) : null,
      exempt_school_trip: draft.exempt_school_trip,
      exempt_under_12: draft.exempt_under_12,
      note: draft.note.trim() || null,
      source_url: draft.source_url,
    };
    const parsed = taxRuleCreateSchema.safeParse(body);
    // The schema holds the rule's whole check (taxRuleProblem): bands or a percentage, their order, the dates.
    if (!parsed.success) return setErrors(zodErrors(parsed.error, true));
    await request.run(
      async () => {
        const { code: _code, ...patch } = parsed.data as TaxRuleInput;
        if (rule) await dataProvider.updateTaxRule(rule.id, patch);
        else await dataProvider.createTaxRule(parsed.data);
        onSaved();
      },
      (error) => {
        const fields = fieldErrorsOf(error);
        setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.split('.')[0]!, v])));
      },
    );
  };

  const field = (key: 'code' | 'name' | 'note' | 'source_url', extra: { disabled?: boolean } = {}) => (
    <TextField
      label={t(key)}
      value={draft[key]}
      onChange={(e) => set(key, e.target.value)}
      error={Boolean(errors[key])}
      // While it can be typed in, a text says how long it may be (the code has no limit but its pattern).
      helperText={errors[key] ?? (!extra.disabled && lengthHint(maxLengthOf(taxRuleCreateSchema, key)))}
      {...extra}
    />
  );

  return (
    <FormDialog
      title={rule ? t('edit_title') : t('create_title')}
      titleId="tax-rule-title"
      {...request.props(submit)}
      submitLabel={t('save')}
      maxWidth="sm"
    >
      <Stack sx={{ gap: 2, pt: 1 }}>
        {field('code', { disabled: rule !== null })}
        {field('name')}
        <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
          <DatePickerJa
            label={t('effective_from')}
            name="effective_from"
            value={draft.effective_from}
            onChange={(d) => set('effective_from', d)}
            clearable
            error={Boolean(errors.effective_from)}
            helperText={errors.effective_from}
          />
          <DatePickerJa
            label={t('effective_to')}
            name="effective_to"
            value={draft.effective_to}
            onChange={(d) => set('effective_to', d)}
            clearable
            error={Boolean(errors.effective_to)}
            helperText={errors.effective_to}
          />
        </Stack>
        <TextField
          select
          label={t('kind')}
          value={draft.kind}
          onChange={(e) => set('kind', e.target.value as Draft['kind'])}
        >
          <MenuItem value="bands">{t('kind_bands')}</MenuItem>
          <MenuItem value="percent">{t('kind_percent')}</MenuItem>
        </TextField>
        {draft.kind === 'bands' ? (
          <TextField
            label={t('bands')}
            value={draft.bands}
            onChange={(e) => set('bands', e.target.value)}
            multiline
            minRows={3}
            error={Boolean(errors.bands)}
            helperText={errors.bands ?? t('bands_hint')}
          />
        ) : (
          <Stack direction="row" sx={{ gap: 2 }}>
            <TextField
              label={t('percent')}
              value={draft.percent}
              onChange={(e) => set('percent', e.target.value)}
              error={Boolean(errors.percent)}
              helperText={errors.percent ?? false}
            />
            <TextField
              label={t('cap')}
              value={draft.cap}
              onChange={(e) => set('cap', e.target.value)}
              error={Boolean(errors.cap)}
              helperText={errors.cap ?? false}
            />
          </Stack>
        )}
        <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
          <FormControlLabel
            control={
              <Checkbox
                checked={draft.exempt_school_trip}
                onChange={(e) => set('exempt_school_trip', e.target.checked)}
              />
            }
            label={t('exempt_school_trip')}
          />
          <FormControlLabel
            control={
              <Checkbox checked={draft.exempt_under_12} onChange={(e) => set('exempt_under_12', e.target.checked)} />
            }
            label={t('exempt_under_12')}
          />
        </Stack>
        {field('note')}
        {field('source_url')}
      </Stack>
    </FormDialog>
  );
}
