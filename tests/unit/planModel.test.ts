import { describe, expect, it } from 'vitest';
import type { Plan } from '../../dataProvider/catalogueApi';
import {
  changedPlanFields,
  emptyPlanForm,
  isPlanFieldChanged,
  planErrors,
  planFieldError,
  planFieldPatch,
  planToForm,
  preparePlanCreate,
  togglePaymentMethod,
} from '../../resources/plans/planModel';

function buildPlan(overrides: Partial<Plan> = {}): Plan {
  return {
    id: 21,
    accommodation_id: 1,
    name: '1泊2食付き スタンダードプラン',
    start_at: '2026-04-01',
    end_at: null,
    is_active: 1,
    max_num: 4,
    price: 16000,
    icon: 'restaurant',
    check_in: '15:00',
    check_out: '10:00',
    ikyu_id: '10012001',
    close_date_before: 1,
    description: '季節の会席料理',
    notice_mail: null,
    payment_method: [2, 1],
    ...overrides,
  };
}

describe('planModel', () => {
  it('turns the API plan into the form (strings, sorted payment ids)', () => {
    expect(planToForm(buildPlan())).toEqual({
      name: '1泊2食付き スタンダードプラン',
      start_at: '2026-04-01',
      end_at: '',
      is_active: '1',
      max_num: '4',
      price: '16000',
      close_date_before: '1',
      check_in: '15:00',
      check_out: '10:00',
      description: '季節の会席料理',
      ikyu_id: '10012001',
      icon: 'restaurant',
      notice_mail: '',
      payment_method: [1, 2],
    });
  });

  it('builds the create body with numbers, nulls for empty text and yyyy-MM-dd dates', () => {
    const form = {
      ...emptyPlanForm(),
      name: ' 素泊まり ',
      max_num: '2',
      price: '0',
      start_at: '2026-12-01',
      payment_method: [3],
    };
    expect(preparePlanCreate(form)).toEqual({
      body: {
        name: '素泊まり',
        start_at: '2026-12-01',
        end_at: null,
        is_active: 0,
        max_num: 2,
        price: 0,
        close_date_before: 0,
        check_in: null,
        check_out: null,
        description: null,
        ikyu_id: null,
        icon: null,
        notice_mail: null,
        payment_method: [3],
      },
    });
  });

  it('applies the plan save rules with the spec messages (price 0 allowed)', () => {
    expect(planErrors(emptyPlanForm())).toEqual({
      name: 'プラン名を入力してください。',
      max_num: '最大人数を入力してください。',
      price: '基本金額を入力してください。(0円でも可能です。)',
    });
    const ok = { ...emptyPlanForm(), name: 'a', max_num: '1', price: '0' };
    expect(planErrors(ok)).toEqual({});
    expect(planFieldError('max_num', { ...ok, max_num: '0' })).toBe('最大人数を入力してください。');
    expect(planFieldError('end_at', { ...ok, start_at: '2026-05-01', end_at: '2026-04-30' })).toMatch(/開始日以降/);
    expect(planFieldError('check_in', { ...ok, check_in: '25:00' })).not.toBeNull();
    expect(planFieldError('close_date_before', { ...ok, close_date_before: '1.5' })).not.toBeNull();
  });

  it('patches one changed field only, and nothing that breaks a rule', () => {
    const saved = planToForm(buildPlan());
    expect(changedPlanFields(saved, { ...saved, name: ' 1泊2食付き スタンダードプラン ' })).toEqual([]);
    expect(changedPlanFields(saved, { ...saved, price: '18000', payment_method: [2, 1] })).toEqual(['price']);
    expect(isPlanFieldChanged('description', saved, { ...saved, description: '' })).toBe(true);
    expect(planFieldPatch('price', { ...saved, price: '18000' })).toEqual({ price: 18000 });
    expect(planFieldPatch('is_active', { ...saved, is_active: '0' })).toEqual({ is_active: 0 });
    expect(planFieldPatch('end_at', { ...saved, end_at: '2027-03-31' })).toEqual({ end_at: '2027-03-31' });
    expect(planFieldPatch('end_at', { ...saved, end_at: '' })).toEqual({ end_at: null });
    expect(planFieldPatch('name', { ...saved, name: '' })).toBeNull();
    // A start after the stored end is refused too.
    expect(planFieldPatch('start_at', { ...saved, start_at: '2027-05-01', end_at: '2027-04-01' })).toBeNull();
  });

  it('toggles payment methods keeping the ids sorted', () => {
    expect(togglePaymentMethod([3, 1], 2, true)).toEqual([1, 2, 3]);
    expect(togglePaymentMethod([1, 2, 3], 2, false)).toEqual([1, 3]);
  });
});
