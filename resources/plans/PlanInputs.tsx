import {
  Box,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  InputAdornment,
  ListItemIcon,
  MenuItem,
  Switch,
  TextField,
  Typography,
  type TextFieldProps,
} from '@mui/material';
import type { PaymentMethod } from '../../dataProvider/catalogueApi';
import { formatDate, formatYen } from '../../i18n/formats';
import type { AppMessageKey } from '../../i18n/ja';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { PLAN_ICONS, PlanIcon, isPlanIcon } from './planIcons';
import type { PlanField, PlanFormValues } from './planModel';

export interface PlanInputsProps {
  form: PlanFormValues;
  errors: Partial<Record<PlanField, string>>;
  paymentMethods: PaymentMethod[];
  onChange: (field: PlanField, value: string) => void;
  /** Text inputs: an existing plan saves the field when it was changed. */
  onBlur: (field: PlanField) => void;
  /** Switch, select and checkboxes: an existing plan saves at once. */
  onChoose: (field: PlanField, value: string | number[]) => void;
}

/** The plan's settings inputs, shared by a new plan (form only) and an existing one (saved field by field). */
export function PlanInputs({ form, errors, paymentMethods, onChange, onBlur, onChoose }: PlanInputsProps) {
  const translate = useAppTranslate();
  const label = (field: PlanField) => translate(`resources.plans.fields.${field}` as AppMessageKey);
  const cols = (n: number) => ({ sx: { gridColumn: { xs: 'span 12', sm: `span ${n}` } } });

  const text = (field: Exclude<PlanField, 'payment_method'>, extra: Partial<TextFieldProps> = {}) => (
    <TextField
      key={field}
      id={`plan-${field}`}
      name={field}
      label={label(field)}
      value={form[field]}
      onChange={(e) => onChange(field, e.target.value)}
      onBlur={() => onBlur(field)}
      error={Boolean(errors[field])}
      size="small"
      fullWidth
      {...extra}
      helperText={errors[field] ?? extra.helperText}
    />
  );

  const integer = (unit: string, min: number) => ({
    type: 'number',
    slotProps: {
      htmlInput: { min, step: 1, inputMode: 'numeric' as const },
      input: { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> },
    },
  });
  const time = { inputLabel: { shrink: true }, htmlInput: { maxLength: 5, inputMode: 'numeric' as const } };
  const date = (field: 'start_at' | 'end_at') =>
    text(field, {
      type: 'date',
      slotProps: { inputLabel: { shrink: true } },
      // The input's own format follows the browser's language; the day is also said the Japanese way.
      helperText: form[field] ? formatDate(form[field]) : translate('app.plan.open_ended'),
      ...cols(6),
    });
  const iconChoices = Object.keys(PLAN_ICONS);
  if (form.icon && !isPlanIcon(form.icon)) iconChoices.push(form.icon);

  return (
    <Box sx={{ display: 'grid', columnGap: 1.5, rowGap: 2, gridTemplateColumns: 'repeat(12, minmax(0, 1fr))' }}>
      {text('name', { required: true, ...cols(12) })}
      {date('start_at')}
      {date('end_at')}
      {text('max_num', { required: true, ...integer(translate('app.plan.people'), 1), ...cols(6) })}
      {text('price', {
        required: true,
        ...integer(translate('app.plan.yen'), 0),
        // A number input shows no thousands separators: the amount is also said as staff read it.
        helperText: formatYen(form.price),
        ...cols(6),
      })}
      {text('close_date_before', {
        ...integer(translate('app.plan.days_before'), 0),
        helperText: translate('app.plan.same_day'),
        ...cols(6),
      })}
      {/* 24-hour HH:mm text: a time input would show 03:00 PM in a browser set to English. */}
      {text('check_in', { placeholder: '15:00', slotProps: time, ...cols(3) })}
      {text('check_out', { placeholder: '10:00', slotProps: time, ...cols(3) })}
      <FormControlLabel
        {...cols(6)}
        control={
          <Switch
            id="plan-is_active"
            checked={form.is_active === '1'}
            onChange={(e) => onChoose('is_active', e.target.checked ? '1' : '0')}
          />
        }
        label={translate(form.is_active === '1' ? 'app.plan.published' : 'app.plan.unpublished')}
      />
      <TextField
        {...cols(6)}
        id="plan-icon"
        label={label('icon')}
        value={form.icon}
        onChange={(e) => onChoose('icon', e.target.value)}
        select
        size="small"
        fullWidth
        error={Boolean(errors.icon)}
        helperText={errors.icon}
        slotProps={{
          select: {
            displayEmpty: true,
            renderValue: (value) => (
              <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                <PlanIcon name={String(value)} />
                {value ? iconLabel(String(value)) : translate('app.plan.no_icon')}
              </Box>
            ),
          },
          inputLabel: { shrink: true },
        }}
      >
        <MenuItem value="">{translate('app.plan.no_icon')}</MenuItem>
        {iconChoices.map((name) => (
          <MenuItem key={name} value={name}>
            <ListItemIcon>
              <PlanIcon name={name} />
            </ListItemIcon>
            {iconLabel(name)}
          </MenuItem>
        ))}
      </TextField>
      {text('ikyu_id', { ...cols(6) })}
      {text('notice_mail', { type: 'email', ...cols(6) })}
      <FormControl component="fieldset" error={Boolean(errors.payment_method)} {...cols(12)}>
        <FormLabel component="legend" sx={{ fontSize: 14 }}>
          {label('payment_method')}
        </FormLabel>
        <FormGroup row>
          {paymentMethods.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              {translate('app.plan.no_payment_methods')}
            </Typography>
          )}
          {paymentMethods.map((m) => (
            <FormControlLabel
              key={m.id}
              label={m.name}
              control={
                <Checkbox
                  checked={form.payment_method.includes(m.id)}
                  onChange={(e) =>
                    onChoose(
                      'payment_method',
                      e.target.checked
                        ? [...form.payment_method, m.id].sort((a, b) => a - b)
                        : form.payment_method.filter((id) => id !== m.id),
                    )
                  }
                />
              }
            />
          ))}
        </FormGroup>
        {errors.payment_method && <FormHelperText>{errors.payment_method}</FormHelperText>}
      </FormControl>
      {text('description', { multiline: true, minRows: 3, ...cols(12) })}
    </Box>
  );

  function iconLabel(name: string): string {
    return isPlanIcon(name) ? translate(`app.plan.icons.${name}`) : name;
  }
}
