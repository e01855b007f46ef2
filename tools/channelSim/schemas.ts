import { z } from 'zod';
import { dayNumber, isValidDate } from './dates';
import { SimError } from './state';

/** Longest date range one value or read may cover (two years and a day). */
export const MAX_RANGE_DAYS = 731;
/** Most values one push may carry. */
export const MAX_VALUES = 1000;

export const dateSchema = z.string().refine(isValidDate, { message: 'must be a yyyy-MM-dd date' });
export const codeSchema = z.string().min(1).max(100);
export const idSchema = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/, { message: 'letters, digits, _ and - only' });

const rangeOk = (v: { date_from: string; date_to: string }) => {
  const a = dayNumber(v.date_from);
  const b = dayNumber(v.date_to);
  return a === null || b === null || (b >= a && b - a < MAX_RANGE_DAYS);
};
const rangeMessage = { message: `date_to must be on or after date_from, within ${MAX_RANGE_DAYS} days` };

export const availabilityBody = z.object({
  values: z
    .array(
      z
        .object({
          room_code: codeSchema,
          date_from: dateSchema,
          date_to: dateSchema,
          availability: z.number().int().min(0).max(999),
        })
        .refine(rangeOk, rangeMessage),
    )
    .min(1)
    .max(MAX_VALUES),
});

export const restrictionsBody = z.object({
  values: z
    .array(
      z
        .object({
          plan_code: codeSchema,
          room_code: codeSchema,
          date_from: dateSchema,
          date_to: dateSchema,
          rate: z.number().int().min(0).max(100_000_000).optional(),
          stop_sell: z.boolean().optional(),
        })
        .refine(rangeOk, rangeMessage),
    )
    .min(1)
    .max(MAX_VALUES),
});

export const rangeQuery = z
  .object({ from: dateSchema, to: dateSchema })
  .refine((q) => rangeOk({ date_from: q.from, date_to: q.to }), {
    message: `to must be on or after from, within ${MAX_RANGE_DAYS} days`,
  });

export const intString = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/, { message: 'must be a whole number' })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { message: `must be from ${min} to ${max}` });

export const isoTime = z.string().refine((s) => !Number.isNaN(Date.parse(s)), { message: 'must be an ISO time' });

const nightsSchema = z.number().int().min(1).max(30);
const guestsSchema = z.number().int().min(1).max(99);
const nameSchema = z.string().min(1).max(200);
const mailSchema = z.string().max(254);
const amountSchema = z.number().int().min(0).max(1_000_000_000);

export const guestBookingBody = z.object({
  hotel_id: idSchema,
  room_code: codeSchema,
  plan_code: codeSchema,
  start_date: dateSchema,
  nights: nightsSchema,
  guests: guestsSchema,
  name: nameSchema,
  mail: mailSchema.optional(),
  amount: amountSchema.optional(),
});

/** Our change of a reservation (PATCH /bookings/{id}): any of its fields. */
export const hotelChangeBody = guestBookingBody.omit({ hotel_id: true }).partial();

/** A guest's change on the site: not its room type or plan. */
export const guestChangeBody = hotelChangeBody.omit({ room_code: true, plan_code: true });

/** Parses input or throws a 400 `bad_request` naming the first problems. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const r = schema.safeParse(value ?? {});
  if (r.success) return r.data;
  const message = r.error.issues
    .slice(0, 5)
    .map((i) => `${i.path.length ? i.path.join('.') : 'body'}: ${i.message}`)
    .join('; ');
  throw new SimError(400, 'bad_request', message);
}
