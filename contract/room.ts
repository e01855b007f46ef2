import { z } from './zod';

/** A room type (spec section 3 "Room"): max_num is the number of rooms of that type. */
export const roomSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  max_num: z.number().int(),
  plans: z.array(z.object({ id: z.number().int(), name: z.string(), start_at: z.string().nullable() })),
});
export type Room = z.infer<typeof roomSchema>;
export const roomListSchema = z.object({ rooms: z.array(roomSchema) });
