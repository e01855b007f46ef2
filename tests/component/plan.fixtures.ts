import type { Plan } from '../../contract/plan';

/** Plan 21 of accommodation 1 as the API answers it, for the price screens. */
export function buildPlan(maxNum: number): Plan {
  return {
    id: 21,
    accommodation_id: 1,
    name: 'スタンダードプラン',
    start_at: null,
    end_at: null,
    is_active: 1,
    max_num: maxNum,
    price: 16000,
    icon: null,
    check_in: null,
    check_out: null,
    ikyu_id: null,
    close_date_before: 1,
    description: null,
    notice_mail: null,
    payment_method: [],
    meal_price: 0,
  };
}
