import { z } from './zod';

/** A user as the API shows it (the password never leaves the server). */
export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mail: z.string(),
  user_type: z.number().int(),
  /** Accommodations this user may reach (every one of the company for an administrator). */
  accommodations: z.array(z.number().int()),
});
export type User = z.infer<typeof userSchema>;
export const userListSchema = z.object({ users: z.array(userSchema) });

/** `GET /me`: the signed-in user. */
export const meSchema = userSchema;
export type Me = User;
