import { addMonths, dateRange, firstOfMonth, lastOfMonth, tokyoToday } from './dates';
import { SYNC_CHECK_STATUSES } from './enums';
import { z } from './zod';

/**
 * The sync check (spec 2 "Sync check", 3 "Sync check" / "External day status", 4 "External day
 * status mapping" / "Sync check status", 7 "Sync and checks" and the ikuyu call, 9 "Sync-check
 * month choices"): a stored comparison, per room type and month, of our stock with what the
 * external channel sells, and the channel's own per-day status of a plan.
 */

// ---- months ---------------------------------------------------------------------------------

/** Spec 9: the months offered are 6, starting next month. */
export const SYNC_CHECK_MONTH_CHOICES = 6;
/**
 * `POST /api/cron/caclendar/check/{accommodation_id}/{months offset}`: the offset counts months from
 * the current month (Asia/Tokyo): 1 is next month, 6 the sixth month, the console's 6 choices. 0
 * (this month) is accepted too, for a recheck of the month in progress.
 */
export const SYNC_CHECK_MIN_OFFSET = 0;
export const SYNC_CHECK_MAX_OFFSET = SYNC_CHECK_MONTH_CHOICES;

export interface SyncCheckMonth {
  year: number;
  month: number;
  /** The months-offset of the recompute route. */
  offset: number;
  /** yyyy年M月 */
  label: string;
}

export const monthLabelJa = (year: number, month: number) => `${year}年${month}月`;

/** The month `offset` months after today's month (Tokyo). */
export function syncCheckMonth(offset: number, today: string): SyncCheckMonth {
  const first = addMonths(firstOfMonth(today), offset);
  const year = Number(first.slice(0, 4));
  const month = Number(first.slice(5, 7));
  return { year, month, offset, label: monthLabelJa(year, month) };
}

/** Spec 9: the 6 months starting next month, as the console's select offers them. */
export function syncCheckMonthChoices(today: string = tokyoToday()): SyncCheckMonth[] {
  return Array.from({ length: SYNC_CHECK_MONTH_CHOICES }, (_, i) => syncCheckMonth(i + 1, today));
}

/** The months-offset of a year and month seen from today (1 = next month); may be outside 0..6. */
export function monthsOffsetOf(year: number, month: number, today: string): number {
  return (year - Number(today.slice(0, 4))) * 12 + (month - Number(today.slice(5, 7)));
}

/** Every date of a month, yyyy-MM-dd. */
export function monthDates(year: number, month: number): string[] {
  const first = `${year}-${String(month).padStart(2, '0')}-01`;
  return dateRange(first, lastOfMonth(first));
}

// ---- the site's per-day status (the ikuyu call) ---------------------------------------------

/** Spec 4: 0 stays 0 (not on sale); 1, 2 and 9 become 1 (on sale); anything else is unknown. */
export type ExternalDayStatus = 0 | 1 | 'unknown';

export function mapExternalDayCode(code: string | number): ExternalDayStatus {
  const text = String(code).trim();
  if (text === '0') return 0;
  if (text === '1' || text === '2' || text === '9') return 1;
  return 'unknown';
}

/** The comma-separated codes of the ikuyu call, one per day of the month, mapped (spec 4). */
export function mapExternalDayStatus(status: string): ExternalDayStatus[] {
  if (status.trim() === '') return [];
  return status.split(',').map(mapExternalDayCode);
}

export const externalDayMarks: Record<`${ExternalDayStatus}`, { mark: string; label: string }> = {
  '1': { mark: '○', label: '販売中' },
  '0': { mark: '×', label: '販売停止' },
  unknown: { mark: '？', label: '不明' },
};

// ---- result codes per day and the check's status ---------------------------------------------

/**
 * The result of one day of a stored check (sync_checks.result, a comma list, 0 = fine):
 * - 1: the site sells the night (availability > 0 and not stopped) while we are full (our rooms
 *   left <= 0): it may sell a room we do not have;
 * - 2: otherwise, the site's count differs from what we tell it (rooms left, 0 when stopped).
 */
export const SYNC_RESULT = { fine: 0, sellsWhileFull: 1, countDiffers: 2 } as const;
export type SyncResultCode = (typeof SYNC_RESULT)[keyof typeof SYNC_RESULT];

export const syncResultLabels: Record<SyncResultCode, string> = {
  0: '問題なし',
  1: '満室なのに外部サイトで販売中',
  2: '在庫数が一致しません',
};

/** A stored result as codes; an unknown code reads as 2 (something differs). */
export function parseSyncResult(result: string): SyncResultCode[] {
  if (result.trim() === '') return [];
  return result.split(',').map((c) => {
    const n = Number(c.trim());
    return n === 0 || n === 1 || n === 2 ? n : 2;
  });
}

export const isErrorCode = (code: SyncResultCode) => code !== SYNC_RESULT.fine;

/** Spec 4 "Sync check status": ok, ng (errors present), error (check error), unknown otherwise. */
/**
 * What the sync check page says of a month: the stored check's status, 'unknown' without one, and
 * 'unreadable' while the site cannot be read (a stored 正常 is not to be trusted then: issue 32).
 */
export type SyncCheckDisplayStatus = (typeof SYNC_CHECK_STATUSES)[number] | 'unknown' | 'unreadable';

export function syncCheckStatusOf(status: string | null | undefined): SyncCheckDisplayStatus {
  return status === 'ok' || status === 'ng' || status === 'error' ? status : 'unknown';
}

export const syncCheckStatusLabels: Record<SyncCheckDisplayStatus, string> = {
  ok: '正常',
  ng: '不一致あり',
  error: 'チェックエラー',
  unknown: '未チェック',
  unreadable: '確認できません',
};

// ---- the spec's row rule ---------------------------------------------------------------------

/**
 * Spec 2 "Sync check": "Rows show only when status is not ok and (no error days, or the month is
 * in the future, or the last error day is not yet past)". Read literally, for one stored check (a
 * room type's month): its per-day rows are listed when
 *   status !== 'ok'                        (an ok month lists nothing: 問題はありません), and
 *   ( it has no error days                 (an error or unknown check: the days are listed so that
 *                                           staff see the site's status even without a result),
 *     or the month is after today's month  (a future month always lists its errors),
 *     or its last error day >= today )     (the month in progress lists them until the last
 *                                           error day has passed; then nothing is left to fix).
 * "Past" is before today (Tokyo): an error day that is today is not yet past.
 */
export function showSyncCheckRows(
  check: { status: string | null | undefined; result: string; year: number; month: number },
  today: string,
): boolean {
  if (syncCheckStatusOf(check.status) === 'ok') return false;
  const dates = monthDates(check.year, check.month);
  const codes = parseSyncResult(check.result);
  const errorDays = dates.filter((_, i) => codes[i] !== undefined && isErrorCode(codes[i]));
  if (errorDays.length === 0) return true;
  if (monthsOffsetOf(check.year, check.month, today) > 0) return true;
  return errorDays[errorDays.length - 1]! >= today;
}

// ---- API shapes ------------------------------------------------------------------------------

export const syncCheckMessages = {
  year: '年を正しく指定してください',
  month: '月は1から12で指定してください',
  offset: `月の指定は${SYNC_CHECK_MIN_OFFSET}から${SYNC_CHECK_MAX_OFFSET}です（1が来月）`,
  noIkyuId: 'このプランは外部予約サイトと連携していません（外部サイトのプランIDが未設定です）。',
  noCredentials:
    'この施設には外部予約サイトの連携設定（施設ID・ログインID・パスワード）がありません。詳細設定で設定してください。',
  noRooms: '外部予約サイトと連携している部屋タイプがありません。部屋の設定で外部サイトの部屋名を登録してください。',
  planNotOnSite: '外部予約サイトにこのプランが見つかりません。外部サイトのプランIDと連携設定を確認してください。',
  checkFailed: '外部予約サイトの在庫を読み込めませんでした。同期ログを確認してください。',
} as const;

const yearField = z.coerce
  .number({ error: syncCheckMessages.year })
  .int({ error: syncCheckMessages.year })
  .min(2000, { error: syncCheckMessages.year })
  .max(2100, { error: syncCheckMessages.year });
const monthField = z.coerce
  .number({ error: syncCheckMessages.month })
  .int({ error: syncCheckMessages.month })
  .min(1, { error: syncCheckMessages.month })
  .max(12, { error: syncCheckMessages.month });

/** GET .../plans/{planId}/ikuyu?year=&month= */
export const ikuyuQuerySchema = z.object({ year: yearField, month: monthField });
/** The site's raw per-day codes, comma-separated, one per day; the console maps them (spec 4). */
export const ikuyuSchema = z.object({ status: z.string() });
export type IkuyuAnswer = z.infer<typeof ikuyuSchema>;

export const monthsOffsetParam = z.coerce
  .number({ error: syncCheckMessages.offset })
  .int({ error: syncCheckMessages.offset })
  .min(SYNC_CHECK_MIN_OFFSET, { error: syncCheckMessages.offset })
  .max(SYNC_CHECK_MAX_OFFSET, { error: syncCheckMessages.offset });

/** GET /checks/{accommodation_id}: optionally one month (both), and a plan whose channel room to name. */
export const checksQuerySchema = z
  .object({
    year: yearField.optional(),
    month: monthField.optional(),
    plan_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  })
  .refine((q) => (q.year === undefined) === (q.month === undefined), {
    error: '年と月は両方指定してください',
    path: ['month'],
  });
export type ChecksQuery = z.infer<typeof checksQuerySchema>;

export const syncCheckSchema = z.object({
  id: z.number().int(),
  accommodation_id: z.number().int(),
  room_id: z.number().int(),
  year: z.number().int(),
  month: z.number().int(),
  /** Comma list of result codes, one per day (SYNC_RESULT); empty when the check failed. */
  result: z.string(),
  status: z.enum(SYNC_CHECK_STATUSES),
  created_at: z.string(),
});
export type SyncCheck = z.infer<typeof syncCheckSchema>;

export const checkRoomSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  max_num: z.number().int(),
  /** The room type's name on the channel (its sync item), null when it is not synced. */
  channel_code: z.string().nullable(),
});
export type CheckRoom = z.infer<typeof checkRoomSchema>;

/** Our side of a month for one room type: per day, live bookings staying and rooms left (< 0 over). */
export const checkOursSchema = z.object({
  room_id: z.number().int(),
  booked: z.array(z.number().int()),
  left: z.array(z.number().int()),
});
export type CheckOurs = z.infer<typeof checkOursSchema>;

export const checkPlanSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  ikyu_id: z.string().nullable(),
  /** The room type the channel sells the plan on (docs/channel.md "Names"), null when none is synced. */
  room_id: z.number().int().nullable(),
  /** Every room type the plan is offered on. */
  room_ids: z.array(z.number().int()),
});
export type CheckPlan = z.infer<typeof checkPlanSchema>;

/**
 * `{ check, rooms }` (spec 7): the stored checks of the facility, the latest per room type and
 * month (of one month when year and month are asked), and its room types. With year and month also
 * `ours` (our stock per day); with plan_id also `plan`.
 */
export const checksAnswerSchema = z.object({
  check: z.array(syncCheckSchema),
  rooms: z.array(checkRoomSchema),
  ours: z.array(checkOursSchema).optional(),
  plan: checkPlanSchema.optional(),
});
export type ChecksAnswer = z.infer<typeof checksAnswerSchema>;

/** POST /cron/caclendar/check/...: the month's checks, and the channel's sentence when it failed. */
export const recheckAnswerSchema = checksAnswerSchema.extend({
  year: z.number().int(),
  month: z.number().int(),
  error_message: z.string().nullable(),
});
export type RecheckAnswer = z.infer<typeof recheckAnswerSchema>;

/**
 * The code of the dashboard's row for a check that failed (the site could not be read), beside the
 * day results 1 and 2: the row says so, and stands before the days (issue 32).
 */
export const SYNC_CHECK_FAILED_CODE = -1;

/** One error day of a stored check, or a failed check, from today on: the dashboard's sync-check table. */
export const syncCheckErrorSchema = z.object({
  accommodation_id: z.number().int(),
  accommodation_name: z.string(),
  room_id: z.number().int(),
  room_name: z.string(),
  date: z.string(),
  code: z.number().int(),
  message: z.string(),
});
export type SyncCheckErrorRow = z.infer<typeof syncCheckErrorSchema>;

/** GET /checks?errors=1 */
export const checkErrorsQuerySchema = z.object({
  errors: z.enum(['1', 'true'], { error: 'errors は 1 を指定してください' }).optional(),
});
export const checkErrorsAnswerSchema = z.object({ errors: z.array(syncCheckErrorSchema) });
