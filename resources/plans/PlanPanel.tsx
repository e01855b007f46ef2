import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Box, Button, CircularProgress, IconButton, Paper, Stack, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useNotify } from 'react-admin';
import { errorMessages } from '../../contract/messages';
import { createPlan, getPlan, updatePlan, type PaymentMethod, type Plan } from '../../dataProvider/catalogueApi';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { failureMessage } from '../bookings/bookingErrors';
import { fieldErrorsOf } from '../rooms/fieldErrors';
import { PlanInputs } from './PlanInputs';
import {
  PLAN_FIELDS,
  emptyPlanForm,
  isPlanFieldChanged,
  planFieldError,
  planFieldPatch,
  planToForm,
  preparePlanCreate,
  type PlanField,
  type PlanFormValues,
} from './planModel';

export interface PlanPanelProps {
  accommodationId: number;
  /** 0: a new plan. */
  planId: number;
  paymentMethods: PaymentMethod[];
  onClose: () => void;
  /** After a create or a save: the list reloads. */
  onChanged: () => void;
  /** A new plan was created: the panel shows it. */
  onCreated: (plan: Plan) => void;
}

type Errors = Partial<Record<PlanField, string>>;

/** The plan settings panel (spec section 2 "Plans"): beside the plan list. */
export function PlanPanel(props: PlanPanelProps) {
  return <PlanPanelBody key={`${props.accommodationId}:${props.planId}`} {...props} />;
}

function PlanPanelBody({ accommodationId, planId, paymentMethods, onClose, onChanged, onCreated }: PlanPanelProps) {
  const translate = useAppTranslate();
  const notify = useNotify();
  const isNew = planId === 0;
  const [status, setStatus] = useState<'loading' | 'ready' | 'missing'>(isNew ? 'ready' : 'loading');
  const [plan, setPlan] = useState<Plan | null>(null);
  const [saved, setSaved] = useState<PlanFormValues>(emptyPlanForm);
  const [form, setForm] = useState<PlanFormValues>(emptyPlanForm);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const panelRef = useRef<HTMLElement>(null);

  // Below the list on a narrower screen: the panel that was just opened comes into view.
  useEffect(() => {
    panelRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, []);

  useEffect(() => {
    if (isNew) return undefined;
    let alive = true;
    getPlan(accommodationId, planId).then(
      (p) => {
        if (!alive) return;
        setPlan(p);
        setSaved(planToForm(p));
        setForm(planToForm(p));
        setStatus('ready');
      },
      () => alive && setStatus('missing'),
    );
    return () => {
      alive = false;
    };
  }, [accommodationId, planId, isNew]);

  const clearError = (field: PlanField) => {
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  /** An existing plan saves one field when it changed; what was typed stays when it is refused. */
  const save = async (field: PlanField, current: PlanFormValues) => {
    if (isNew || !plan) return;
    if (!isPlanFieldChanged(field, saved, current)) return;
    const problem = planFieldError(field, current) ?? (field === 'start_at' ? planFieldError('end_at', current) : null);
    if (problem) {
      setErrors((e) => ({ ...e, [field]: problem }));
      notify(problem, { type: 'error' });
      return;
    }
    const patch = planFieldPatch(field, current);
    if (!patch) return;
    try {
      const updated = await updatePlan(accommodationId, plan.id, patch);
      const values = planToForm(updated);
      setPlan(updated);
      setSaved(values);
      setForm((f) => ({ ...f, [field]: values[field] }));
      // A period error shown under the other date is gone once the pair is stored.
      if (field === 'start_at' || field === 'end_at')
        setErrors((e) => ({ ...e, start_at: undefined, end_at: undefined }));
      onChanged();
    } catch (error) {
      setErrors((e) => ({ ...e, ...fieldErrorsOf(error, PLAN_FIELDS) }));
      notify(failureMessage(error, errorMessages.bookingUpdateFailed), { type: 'error' });
    }
  };

  const change = (field: PlanField, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    clearError(field);
  };

  const choose = (field: PlanField, value: string | number[]) => {
    const next = { ...form, [field]: value };
    setForm(next);
    clearError(field);
    void save(field, next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const prepared = preparePlanCreate(form);
    if (prepared.errors) {
      setErrors(prepared.errors);
      notify(Object.values(prepared.errors)[0]!, { type: 'error' });
      return;
    }
    setBusy(true);
    try {
      const created = await createPlan(accommodationId, prepared.body);
      notify('app.message.info.planCreated', { type: 'info' });
      onChanged();
      onCreated(created);
    } catch (error) {
      setErrors(fieldErrorsOf(error, PLAN_FIELDS));
      notify(failureMessage(error, errorMessages.generic), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const title = translate(isNew ? 'app.plan.title_new' : 'app.plan.title');
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={title}
      ref={panelRef}
      data-testid="plan-panel"
      sx={{ p: 2, width: '100%', maxWidth: 560 }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1.5 }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        <IconButton aria-label={translate('app.action.close')} onClick={onClose} sx={{ ml: 'auto' }}>
          <CloseIcon />
        </IconButton>
      </Stack>
      {status === 'loading' && <CircularProgress size={28} aria-label={translate('app.plan.loading')} />}
      {status === 'missing' && <Alert severity="warning">{translate('app.plan.not_found')}</Alert>}
      {status === 'ready' && (
        <Stack component="form" noValidate onSubmit={submit} spacing={2}>
          {!isNew && (
            <Typography variant="body2" color="text.secondary">
              {translate('app.plan.autosave')}
            </Typography>
          )}
          <PlanInputs
            form={form}
            errors={errors}
            paymentMethods={paymentMethods}
            onChange={change}
            onBlur={(field) => void save(field, form)}
            onChoose={choose}
          />
          {isNew && (
            <Box>
              <Button type="submit" variant="contained" disabled={busy}>
                {translate('app.plan.create')}
              </Button>
            </Box>
          )}
        </Stack>
      )}
    </Paper>
  );
}
