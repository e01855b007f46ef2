import type { PettyCash } from '../../contract/pettyCash';

/**
 * A petty cash entry as the API answers it, of accommodation 1, written by the staff user: an
 * amount below 0 is 出金. `fields` change the rest (the use, a correction's links).
 */
export const pettyCashEntry = (
  id: number,
  paid_date: string,
  amount: number,
  balance: number,
  fields: Partial<PettyCash> = {},
): PettyCash => ({
  id,
  accommodation_id: 1,
  paid_date,
  amount,
  direction: amount < 0 ? 1 : 0,
  balance_check: 0,
  intended_use: '切手代',
  user_id: 2,
  user_name: 'スタッフ 花子',
  balance,
  created_at: `${paid_date}T09:00:00.000+09:00`,
  corrects_id: null,
  corrects_date: null,
  correction_reason: null,
  corrected_by: null,
  corrected_date: null,
  ...fields,
});
