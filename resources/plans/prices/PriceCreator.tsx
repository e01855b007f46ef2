import { useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify } from 'react-admin';
import { Link, useNavigate } from 'react-router-dom';
import { daysBetween } from '../../../contract/dates';
import { errorMessages } from '../../../contract/messages';
import type { Plan } from '../../../contract/plan';
import { creatorPrices } from '../../../contract/priceRule';
import type { AppDataProvider } from '../../../dataProvider/dataProvider';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { useHolidayTable } from '../../../src/hooks/useHolidays';
import { links } from '../../../src/routes';
import { failureMessage } from '../../../dataProvider/apiErrors';
import { PeriodPickers } from './PeriodPickers';
import { PricePreview } from './PricePreview';
import { forgetPlanPrices, usePlan, usePriceRule } from './priceQueries';
import {
  CREATOR_WEEKDAYS,
  WEEKDAY_NAMES,
  initialInputs,
  periodProblem,
  periodReady,
  ruleFromInputs,
  type CreatorInputs,
} from './priceCreatorModel';
import type { PlanIds } from './PlanPriceRoute';
import { YenInput } from '../../../src/components/YenInput';
import { yenDigits } from '../../../src/components/yenText';
import { PlanPriceCard } from './PlanPriceCard';

const NO_HOLIDAYS: ReadonlyMap<string, string> = new Map();

/**
 * The price creator (spec sections 2 and 4): a period with Japanese pickers; once it is valid, the
 * base price, the surcharges per headcount, per weekday (Monday to Sunday) and, with the holidays
 * loaded, for the day before a holiday and the holiday; the preview grid; 料金を登録 (enabled once a
 * base price is entered, a spinner while sending), then the plan's price list.
 */
export function PriceCreator({ accommodationId, planId }: PlanIds) {
  const translate = useAppTranslate();
  const plan = usePlan(accommodationId, planId);
  const rule = usePriceRule(planId);

  // A failed read in the background (the window regained focus) leaves the form and its inputs as they are.
  const ruleSet = rule.data;
  if (!plan.data || ruleSet === undefined) {
    if (plan.isError || rule.isError) return <Alert severity="error">{translate('app.price.not_found')}</Alert>;
    return <CircularProgress sx={{ m: 2 }} />;
  }
  return (
    <PlanPriceCard
      planName={plan.data.name}
      subheader={translate('app.page.price_creator')}
      action={
        <Button variant="outlined" component={Link} to={links.prices(accommodationId, planId)}>
          {translate('app.price.back')}
        </Button>
      }
    >
      {/* The inputs start once from the plan's last rule, with one surcharge per headcount of the plan. */}
      <CreatorForm
        key={plan.data.max_num}
        accommodationId={accommodationId}
        plan={plan.data}
        initial={initialInputs(plan.data.max_num, ruleSet)}
      />
    </PlanPriceCard>
  );
}

function CreatorForm({
  accommodationId,
  plan,
  initial,
}: {
  accommodationId: number;
  plan: Plan;
  initial: CreatorInputs;
}) {
  const translate = useAppTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const holidayTable = useHolidayTable();
  const holidays = holidayTable ?? NO_HOLIDAYS;
  const [start, setStart] = useState<string | null>(null);
  const [end, setEnd] = useState<string | null>(null);
  const [inputs, setInputs] = useState(initial);
  const [sending, setSending] = useState(false);

  const result = useMemo(() => ruleFromInputs(inputs, holidayTable !== null), [inputs, holidayTable]);
  const rule = result.ok ? result.rule : null;
  // The preview follows the inputs without holding up typing: React paints it when it has time.
  const shown = useDeferredValue(rule);
  const problem = periodProblem(start, end);
  const ready = periodReady(start, end);
  const cells = ready ? (daysBetween(start!, end!) + 1) * plan.max_num : 0;

  const set = (name: 'unit_step' | 'week_step' | 'holiday_step', index: number, value: string) =>
    setInputs((current) => {
      const list = [...current[name]];
      list[index] = value;
      return { ...current, [name]: list };
    });
  const error = (field: string) => (result.ok ? undefined : result.errors[field]);

  const register = async () => {
    if (!rule || !ready) return;
    setSending(true);
    try {
      const prices = creatorPrices(rule, start!, end!, plan.max_num, (date) => holidays.has(date));
      const count = await dataProvider.createPrices(plan.id, prices, rule);
      forgetPlanPrices(queryClient, plan.id);
      notify(translate('app.price.created', { count: count.toLocaleString('ja-JP') }), { type: 'success' });
      navigate(`${links.prices(accommodationId, plan.id)}?month=${start}`);
    } catch (failure) {
      notify(failureMessage(failure, errorMessages.bookingUpdateFailed), { type: 'error' });
      setSending(false);
    }
  };

  const yenField = (label: string, value: string, onChange: (v: string) => void, field: string, width = '8em') => (
    <YenInput
      key={field}
      label={label}
      value={value}
      parse={yenDigits}
      onChange={onChange}
      size="small"
      error={Boolean(error(field))}
      helperText={error(field)}
      disabled={sending}
      slotProps={{ htmlInput: { 'data-field': field } }}
      sx={{ width }}
    />
  );

  return (
    <Stack spacing={2}>
      <Section title={translate('app.price.period')} column>
        <PeriodPickers start={start} end={end} onStart={setStart} onEnd={setEnd} disabled={sending} />
        {problem && (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {problem}
          </Alert>
        )}
        {!start || !end ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {translate('app.price.period_help')}
          </Typography>
        ) : null}
      </Section>
      {ready && (
        <>
          <Section title={translate('app.price.base_price')}>
            {yenField(
              translate('app.price.base_price_label'),
              inputs.base_price,
              (v) => setInputs((c) => ({ ...c, base_price: v })),
              'base_price',
              '12em',
            )}
          </Section>
          <Section title={translate('app.price.unit_step')}>
            {inputs.unit_step.map((value, i) =>
              yenField(
                translate('app.price.unit', { unit: i + 1 }),
                value,
                (v) => set('unit_step', i, v),
                `unit_step.${i}`,
              ),
            )}
          </Section>
          <Section title={translate('app.price.week_step')}>
            {CREATOR_WEEKDAYS.map((day) =>
              yenField(
                `${WEEKDAY_NAMES[day]}曜`,
                inputs.week_step[day]!,
                (v) => set('week_step', day, v),
                `week_step.${day}`,
              ),
            )}
          </Section>
          {holidayTable && (
            <Section title={translate('app.price.holiday_step')}>
              {yenField(
                translate('app.price.holiday_eve'),
                inputs.holiday_step[1],
                (v) => set('holiday_step', 1, v),
                'holiday_step.1',
              )}
              {yenField(
                translate('app.price.holiday'),
                inputs.holiday_step[0],
                (v) => set('holiday_step', 0, v),
                'holiday_step.0',
              )}
            </Section>
          )}
          <Typography variant="body2" color="text.secondary">
            {translate('app.price.rule_help')}
          </Typography>
          {/* Dimmed while the grid catches up with the inputs: the wrapper changes, not the grid. */}
          <Box sx={{ opacity: shown !== rule ? 0.6 : 1 }}>
            <PricePreview rule={shown} start={start!} end={end!} maxNum={plan.max_num} holidays={holidays} />
          </Box>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            {sending ? (
              <CircularProgress size={32} aria-label={translate('app.price.registering')} />
            ) : (
              <Button
                variant="contained"
                disabled={!rule}
                onClick={() => void register()}
                sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
              >
                {translate('app.price.register')}
              </Button>
            )}
            <Typography variant="body2" color="text.secondary">
              {rule
                ? translate('app.price.register_help', { count: cells.toLocaleString('ja-JP') })
                : translate('app.price.base_price_needed')}
            </Typography>
          </Stack>
        </>
      )}
    </Stack>
  );
}

/** A titled group of inputs, laid out in a wrapping row unless `column`. */
function Section({ title, column = false, children }: { title: string; column?: boolean; children: ReactNode }) {
  return (
    <Box component="section">
      <Typography component="h3" variant="subtitle2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {column ? (
        children
      ) : (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {children}
        </Stack>
      )}
    </Box>
  );
}
