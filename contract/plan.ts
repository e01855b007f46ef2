import { z } from './zod';

/** A rate plan as lists show it (spec section 3 "Plan"); the plan screens add the rest. */
export const planSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  start_at: z.string().nullable(),
  end_at: z.string().nullable(),
  is_active: z.number().int(),
  max_num: z.number().int(),
  price: z.number().int(),
  icon: z.string().nullable(),
  check_in: z.string().nullable(),
  check_out: z.string().nullable(),
});
export type PlanSummary = z.infer<typeof planSummarySchema>;
export const planListSchema = z.object({ plans: z.array(planSummarySchema) });
