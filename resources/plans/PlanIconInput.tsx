import { Box } from '@mui/material';
import { SelectInput } from 'react-admin';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import type { EntityInputProps } from '../../src/crud/EntityInput';
import { PLAN_ICONS, PlanIcon, isPlanIcon, type PlanIconName } from './planIcons';

/** The plan's icon: the Material icons staff pick from, each drawn beside its Japanese name. */
export function PlanIconInput({ source, label, onCommit }: EntityInputProps) {
  const translate = useAppTranslate();
  const choices = (Object.keys(PLAN_ICONS) as PlanIconName[]).map((id) => ({
    id,
    name: translate(`resources.plans.icons.${id}`),
  }));
  return (
    <SelectInput
      source={source}
      label={label}
      choices={choices}
      emptyText={translate('resources.plans.values.no_icon')}
      emptyValue=""
      parse={(v: unknown) => (v === '' ? null : v)}
      optionText={(choice: { id: string; name: string }) => (
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
          <PlanIcon name={isPlanIcon(choice.id) ? choice.id : null} />
          {choice.name}
        </Box>
      )}
      helperText={false}
      fullWidth
      onChange={onCommit ? () => onCommit(source) : undefined}
    />
  );
}
