import { z } from './zod';

/** The body of every failing answer, for the OpenAPI document. */
export const errorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
  error: z.string().optional(),
  /** On a server failure (5xx): the id of the request's log line, shown to the user to quote. */
  request_id: z.string().optional(),
});
