import { z } from 'zod';

/** The faults the simulator can play (docs/channel.md, PUT /sim/faults). Global to every facility. */
export interface Faults {
  outage: boolean;
  wrong_password: boolean;
  closed: boolean;
  close_booking_error: boolean;
  cancel_sync_error: boolean;
  /** Share of channel calls (0..1) answering 500 before doing anything. */
  error_rate: number;
  /** Delay before every channel answer, in milliseconds. */
  slow_ms: number;
  /** Changes (POST/PATCH of the channel API) are applied, then never answered. */
  timeout_after_commit: boolean;
  duplicate_revisions: boolean;
  out_of_order: boolean;
}

export function noFaults(): Faults {
  return {
    outage: false,
    wrong_password: false,
    closed: false,
    close_booking_error: false,
    cancel_sync_error: false,
    error_rate: 0,
    slow_ms: 0,
    timeout_after_commit: false,
    duplicate_revisions: false,
    out_of_order: false,
  };
}

export const faultsPatchSchema = z
  .object({
    outage: z.boolean(),
    wrong_password: z.boolean(),
    closed: z.boolean(),
    close_booking_error: z.boolean(),
    cancel_sync_error: z.boolean(),
    error_rate: z.number().min(0).max(1),
    slow_ms: z.number().int().min(0).max(120_000),
    timeout_after_commit: z.boolean(),
    duplicate_revisions: z.boolean(),
    out_of_order: z.boolean(),
    /** Seed of the error_rate draws (a fixed default keeps runs repeatable). */
    seed: z.number().int(),
  })
  .partial()
  .strict();

export type FaultsPatch = z.infer<typeof faultsPatchSchema>;
