import { guestCreateSchema, LICENCES, MAX_GUESTS_PER_BOOKING, registerSettingsSchema } from './guestRegister';
import { z } from './zod';

/**
 * The guest's own pre-check-in (事前チェックイン, issue 30): the front desk hands a link
 * (/checkin/{token}) to the booking's guest, who fills the register for everyone of the stay before
 * arriving. The page and its public API read only the stay and its rules, never the guests already
 * entered: the link opens a form, not the register.
 */

/** Random bytes of a token (256 bits, base64url: 43 characters). */
export const CHECKIN_TOKEN_BYTES = 32;
export const CHECKIN_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const precheckinMessages = {
  /** 404, the same for an unknown, expired or cancelled booking's link. */
  linkNotFound: 'このリンクは無効か、有効期限が切れています。宿泊施設にお問い合わせください。',
  /** 409: the link is made for a booking that can still be filled. */
  cancelled: 'キャンセル済みの予約には事前チェックインのリンクを作れません',
  ended: 'チェックアウト日を過ぎた予約には事前チェックインのリンクを作れません',
  noGuests: '宿泊者を1人以上入力してください',
  tooManyGuests: (personNumber: number) => `この予約の人数（${personNumber}人）より多くの宿泊者は登録できません`,
  /** 404: the index of a guest the list sent does not hold. */
  guestIndex: 'その番号の宿泊者はいません。先に宿泊者の一覧を送ってください。',
} as const;

/** POST /admin/books/{id}/checkin-link. */
export const checkinLinkSchema = z.object({
  url: z.string(),
  /** The end of the check-out day, Tokyo: yyyy-MM-ddTHH:mm:ss+09:00. */
  expires_at: z.string(),
});
export type CheckinLink = z.infer<typeof checkinLinkSchema>;

/** GET /public/checkin/{token}: what the guest's page needs to know of the stay, and nothing of the guests. */
export const publicStaySchema = z.object({
  accommodation_name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  nights: z.number().int(),
  person_number: z.number().int(),
  licence: z.enum(LICENCES),
  extra_fields: registerSettingsSchema.shape.extra_fields,
  /** When the register was last sent through a link of this booking, or null. */
  sent_at: z.string().nullable(),
});
export type PublicStay = z.infer<typeof publicStaySchema>;

/** One guest as the page sends it: the staff's items, without who is the representative (the first is). */
export const publicGuestSchema = guestCreateSchema.omit({ representative: true });
export type PublicGuest = z.output<typeof publicGuestSchema>;

/** PUT /public/checkin/{token}: the stay's whole list, the representative first. */
export const publicGuestsSchema = z.object({
  guests: z
    .array(publicGuestSchema, { error: precheckinMessages.noGuests })
    .min(1, precheckinMessages.noGuests)
    .max(MAX_GUESTS_PER_BOOKING, precheckinMessages.tooManyGuests(MAX_GUESTS_PER_BOOKING)),
});

/** The answer of the PUT: what the register still needs, by the index of the guest in the list sent. */
export const publicRegisterSchema = z.object({
  status: z.enum(['none', 'incomplete', 'complete']),
  missing: z.array(z.object({ index: z.number().int().nullable(), fields: z.array(z.string()) })),
});
export type PublicRegister = z.infer<typeof publicRegisterSchema>;

export const checkinTokenParams = z.object({ token: z.string().max(100) });
export const checkinGuestParams = z.object({
  token: z.string().max(100),
  index: z.coerce.number({ error: precheckinMessages.guestIndex }).int().min(0).max(MAX_GUESTS_PER_BOOKING),
});
