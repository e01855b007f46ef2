import { planFields, planMessages, planPeriodError } from '../../contract/plan';
import type { Plan, PlanBody, PlanPatch } from '../../dataProvider/catalogueApi';

/**
 * The plan settings form as its inputs hold it (text as strings, payment methods as ids) and the
 * rules that turn it into API bodies. Pure: tested without React (tests/unit/planModel.test.ts).
 */
export interface PlanFormValues {
  name: string;
  start_at: string;
  end_at: string;
  /** '1' published, '0' not. */
  is_active: string;
  max_num: string;
  price: string;
  close_date_before: string;
  check_in: string;
  check_out: string;
  description: string;
  ikyu_id: string;
  icon: string;
  notice_mail: string;
  payment_method: number[];
}
export type PlanField = keyof PlanFormValues;
export const PLAN_FIELDS = [
  'name',
  'start_at',
  'end_at',
  'is_active',
  'max_num',
  'price',
  'close_date_before',
  'check_in',
  'check_out',
  'description',
  'ikyu_id',
  'icon',
  'notice_mail',
  'payment_method',
] as const satisfies readonly PlanField[];

export { planMessages } from '../../contract/plan';

export function emptyPlanForm(): PlanFormValues {
  return {
    name: '',
    start_at: '',
    end_at: '',
    is_active: '0',
    max_num: '',
    price: '',
    close_date_before: '0',
    check_in: '',
    check_out: '',
    description: '',
    ikyu_id: '',
    icon: '',
    notice_mail: '',
    payment_method: [],
  };
}

const str = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));
/** The API may answer a date as a timestamp: the form keeps the day. */
const day = (v: string | null | undefined) => (v ? v.slice(0, 10) : '');

export function planToForm(plan: Plan): PlanFormValues {
  return {
    name: plan.name,
    start_at: day(plan.start_at),
    end_at: day(plan.end_at),
    is_active: plan.is_active === 1 ? '1' : '0',
    max_num: str(plan.max_num),
    price: str(plan.price),
    close_date_before: str(plan.close_date_before),
    check_in: str(plan.check_in),
    check_out: str(plan.check_out),
    description: str(plan.description),
    ikyu_id: str(plan.ikyu_id),
    icon: str(plan.icon),
    notice_mail: str(plan.notice_mail),
    payment_method: [...(plan.payment_method ?? [])].sort((a, b) => a - b),
  };
}

const wholeNumber = (v: string): number | null => (/^\s*\d+\s*$/.test(v) ? Number(v) : null);
const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

/** The broken rule of one field (spec section 5 "Plan save", the contract's rules), or null. */
export function planFieldError(field: PlanField, form: PlanFormValues): string | null {
  const value = storedValue(field, form);
  if (field === 'close_date_before' && form.close_date_before.trim() !== '' && value === null) {
    return planMessages.closeDateBefore;
  }
  const result = planFields[field].safeParse(value);
  if (!result.success) return result.error.issues[0]?.message ?? null;
  if (field === 'end_at') return planPeriodError(form.start_at || null, form.end_at || null);
  return null;
}

export function planErrors(form: PlanFormValues): Partial<Record<PlanField, string>> {
  const errors: Partial<Record<PlanField, string>> = {};
  for (const f of PLAN_FIELDS) {
    const e = planFieldError(f, form);
    if (e) errors[f] = e;
  }
  return errors;
}

/** What one field stores in the API body. */
function storedValue<F extends PlanField>(field: F, form: PlanFormValues): PlanBody[F] {
  const v = form[field];
  switch (field) {
    case 'name':
      return form.name.trim() as PlanBody[F];
    case 'is_active':
      return (form.is_active === '1' ? 1 : 0) as PlanBody[F];
    case 'max_num':
    case 'price':
      return wholeNumber(field === 'max_num' ? form.max_num : form.price) as PlanBody[F];
    case 'close_date_before':
      // Empty is "the same day" (0); text that is no whole number is refused by planFieldError.
      return (form.close_date_before.trim() === '' ? 0 : wholeNumber(form.close_date_before)) as PlanBody[F];
    case 'payment_method':
      return [...form.payment_method].sort((a, b) => a - b) as PlanBody[F];
    case 'description':
      // Line breaks are the description's own: only an empty one becomes null.
      return (form.description.trim() === '' ? null : form.description) as PlanBody[F];
    default:
      return orNull(typeof v === 'string' ? v : '') as PlanBody[F];
  }
}

export function isPlanFieldChanged(field: PlanField, before: PlanFormValues, after: PlanFormValues): boolean {
  return JSON.stringify(storedValue(field, before)) !== JSON.stringify(storedValue(field, after));
}

/** Every field whose stored value differs. */
export function changedPlanFields(before: PlanFormValues, after: PlanFormValues): PlanField[] {
  return PLAN_FIELDS.filter((f) => isPlanFieldChanged(f, before, after));
}

/**
 * The broken rule that stops one field of an existing plan from being saved, or null. A period end
 * before its start is refused whichever of the two dates was typed last.
 */
export function planSaveError(field: PlanField, form: PlanFormValues): string | null {
  return planFieldError(field, form) ?? (field === 'start_at' ? planFieldError('end_at', form) : null);
}

/** The PATCH body of one field of an existing plan, or null when it breaks a rule (planSaveError). */
export function planFieldPatch(field: PlanField, form: PlanFormValues): PlanPatch | null {
  if (planSaveError(field, form)) return null;
  return { [field]: storedValue(field, form) } as PlanPatch;
}

const PERIOD: readonly PlanField[] = ['start_at', 'end_at'];

/** A period error shown under the other date is gone once the pair is stored. */
export function planErrorsClearedOnSave(field: PlanField): readonly PlanField[] {
  return PERIOD.includes(field) ? PERIOD : [];
}

export function planBody(form: PlanFormValues): PlanBody {
  const body = {} as Record<PlanField, unknown>;
  for (const f of PLAN_FIELDS) body[f] = storedValue(f, form);
  return body as unknown as PlanBody;
}

/** The POST body of a new plan, or the broken rules. */
export function preparePlanCreate(
  form: PlanFormValues,
): { errors: Partial<Record<PlanField, string>>; body?: undefined } | { errors?: undefined; body: PlanBody } {
  const errors = planErrors(form);
  if (Object.keys(errors).length > 0) return { errors };
  return { body: planBody(form) };
}

/** Toggles one payment method id in the form's list (kept sorted). */
export function togglePaymentMethod(ids: readonly number[], id: number, on: boolean): number[] {
  const set = new Set(ids);
  if (on) set.add(id);
  else set.delete(id);
  return [...set].sort((a, b) => a - b);
}
