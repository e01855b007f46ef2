import { z } from './zod';

export const meSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mail: z.string(),
  user_type: z.number().int(),
  /** Accommodations this user may reach. */
  accommodations: z.array(z.number().int()),
});
export type Me = z.infer<typeof meSchema>;

/** A user as the user management screen lists it (the password never leaves the server). */
export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mail: z.string(),
  user_type: z.number().int(),
  accommodations: z.array(z.number().int()),
});
export type User = z.infer<typeof userSchema>;
export const userListSchema = z.object({ users: z.array(userSchema) });
