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

/** Messages of the accommodation's settings (PATCH /admin/accommodations/{id}/settings). */
export const accommodationSettingsMessages = {
  reminderDays: '振込期限の何日前に知らせるかは0〜60の整数で入力してください。',
  autoCancel: '自動キャンセルは true か false で指定してください。',
  empty: '変更する設定を指定してください。',
} as const;

/**
 * The accommodation's mail settings: how many days before payment_limit_date the transfer-deadline
 * reminder (send type 14) goes, and whether unpaid bookings past their deadline are cancelled
 * automatically with the automatic-cancel mail (send type 21; off unless an administrator turns it
 * on, docs/decisions.md "Automatic cancel of unpaid bookings").
 */
export const accommodationSettingsSchema = z.object({
  transfer_reminder_days: z.number().int(),
  auto_cancel_unpaid: z.boolean(),
});
export type AccommodationSettings = z.infer<typeof accommodationSettingsSchema>;

export const accommodationSettingsUpdateSchema = z
  .object({
    transfer_reminder_days: z
      .number({ error: accommodationSettingsMessages.reminderDays })
      .int(accommodationSettingsMessages.reminderDays)
      .min(0, accommodationSettingsMessages.reminderDays)
      .max(60, accommodationSettingsMessages.reminderDays)
      .optional(),
    auto_cancel_unpaid: z.boolean({ error: accommodationSettingsMessages.autoCancel }).optional(),
  })
  .refine((v) => v.transfer_reminder_days !== undefined || v.auto_cancel_unpaid !== undefined, {
    message: accommodationSettingsMessages.empty,
  });
export type AccommodationSettingsUpdate = z.infer<typeof accommodationSettingsUpdateSchema>;
