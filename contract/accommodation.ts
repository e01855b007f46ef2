import { z } from './zod';

/** An accommodation (facility) as the API answers it and the console stores it. */
export const accommodationSchema = z.object({
  id: z.number().int(),
  uid: z.string(),
  name: z.string(),
  short_name: z.string(),
  /** Hex colour without '#'. */
  color: z.string(),
  detail_url: z.string().nullable(),
  room_number: z.number().int(),
});
export type Accommodation = z.infer<typeof accommodationSchema>;

export const companySchema = z.object({ name: z.string() });
export type Company = z.infer<typeof companySchema>;

/** `GET /accommodations` and `GET /admin/accommodations`. */
export const accommodationListSchema = z.object({
  accommodations: z.array(accommodationSchema),
  company: companySchema,
});
export type AccommodationList = z.infer<typeof accommodationListSchema>;
