import { dateJa, daysBetween } from './dates';
import { defineEntity } from './entity';
import { isoDate, MAX_ID } from './params';
import { resourceApi } from './resourceApi';
import { z } from './zod';

/**
 * Shift (timesheet) groups (spec 2 "Shift groups", 3 "Timesheet group", 4 "Shift group", 5 "Shift
 * create", 7 "Users, shifts, cash"): a period staff mark the days and facilities they can work,
 * until the registration deadline end_at (inclusive, a Tokyo date); administrators assign staff from
 * those marks and release the group (release_flg 1), after which nothing of it changes.
 */
export const timesheetMessages = {
  /** Spec 5 "Shift create", word for word. */
  required: '全ての項目を入力してください',
  period: 'シフト終了日はシフト開始日以降の日付を入力してください',
  tooLong: `シフト期間は${92}日以内で入力してください`,
  releaseFlg: '公開状態は0（未公開）か1（公開）で指定してください',
  /** 409: a released group refuses every change. */
  released: 'このシフトグループは公開済みのため変更できません',
  /** 409: a staff mark after the deadline. */
  deadlinePassed: (endAt: string) => `シフト希望の登録期限（${dateJa(endAt)}）を過ぎているため変更できません`,
  /** 409: a new period would leave marks outside it. */
  entriesOutside: '登録済みのシフト希望が期間外になるため、期間を変更できません',
  /** 400: a day outside the group's period. */
  dateOutside: 'シフト期間外の日付です',
  /** 403: administrators assign; only staff mark their own wishes. */
  staffOnly: 'シフト希望を登録できるのはスタッフのみです',
  /** 409: an assignment needs the staff member's mark on that day and facility. */
  notMarked: 'シフト希望のない日と施設には配置できません',
  /** 400: the user to assign is not a member of staff of the company. */
  notStaff: '配置できるのはスタッフのみです',
  rangeTooLong: '表示期間は100日以内で指定してください',
} as const;

/** The longest shift period, in days. */
export const MAX_SHIFT_DAYS = 92;

export const timesheetUserSchema = z.object({ id: z.number().int(), name: z.string() });
export type TimesheetUser = z.infer<typeof timesheetUserSchema>;

/** A group as the API answers it: user_no_record, staff-type users of the company with no mark in it. */
export const timesheetGroupSchema = z.object({
  id: z.number().int(),
  start_date: z.string(),
  end_date: z.string(),
  end_at: z.string(),
  release_flg: z.number().int(),
  user_no_record: z.array(timesheetUserSchema),
});
export type TimesheetGroup = z.infer<typeof timesheetGroupSchema>;

/** A required date with the spec's one message for any missing field. */
const requiredDate = z
  .string({ error: timesheetMessages.required })
  .trim()
  .min(1, timesheetMessages.required)
  .pipe(isoDate());

/** The period's order and length: null when fine, else the message for end_date. */
export function shiftPeriodError(start: string | null | undefined, end: string | null | undefined): string | null {
  if (!start || !end) return null;
  if (end < start) return timesheetMessages.period;
  if (daysBetween(start, end) + 1 > MAX_SHIFT_DAYS) return timesheetMessages.tooLong;
  return null;
}

const periodRule = (group: { start_date?: string | null; end_date?: string | null }, ctx: z.RefinementCtx) => {
  const error = shiftPeriodError(group.start_date, group.end_date);
  if (error) ctx.addIssue({ code: 'custom', path: ['end_date'], message: error });
};

/** POST admin/schedules/groups: end_at, start_date and end_date (yyyy-MM-dd), all required. */
export const timesheetGroupCreateSchema = z
  .object({ end_at: requiredDate, start_date: requiredDate, end_date: requiredDate })
  .superRefine(periodRule);
export type TimesheetGroupCreate = z.infer<typeof timesheetGroupCreateSchema>;

/** PATCH admin/schedules/groups/{id}: any subset; release_flg 1 releases it (for good). */
export const timesheetGroupUpdateSchema = z
  .object({
    end_at: requiredDate,
    start_date: requiredDate,
    end_date: requiredDate,
    release_flg: z.union([z.literal(0), z.literal(1)], { error: timesheetMessages.releaseFlg }),
  })
  .partial()
  .superRefine(periodRule);
export type TimesheetGroupUpdate = z.infer<typeof timesheetGroupUpdateSchema>;

export const timesheetGroupEntity = defineEntity({
  resource: 'timesheets',
  api: resourceApi.timesheets,
  table: 'timesheet_groups',
  record: timesheetGroupSchema,
  create: timesheetGroupCreateSchema,
  update: timesheetGroupUpdateSchema,
  fields: {
    start_date: { input: 'date', required: true, half: true, column: { format: 'date' } },
    end_date: { input: 'date', required: true, half: true, column: { format: 'date' } },
    end_at: { input: 'date', required: true, column: { format: 'date' } },
  },
  recordRepresentation: 'start_date',
});

// ---- The shift calendar of one group ----

export const timesheetAccommodationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  short_name: z.string(),
  color: z.string(),
});
export type TimesheetAccommodation = z.infer<typeof timesheetAccommodationSchema>;

export const timesheetEntrySchema = z.object({
  user_id: z.number().int(),
  target_date: z.string(),
  accommodation_id: z.number().int(),
  /** 1: an administrator assigned this member of staff here on this day. */
  assigned: z.number().int(),
});
export type TimesheetEntry = z.infer<typeof timesheetEntrySchema>;

/**
 * GET admin/schedules/groups/{id}/entries: the group, the staff-type users of the company (no
 * administrators), the facilities the caller reaches, and the marks there: every mark for an
 * administrator; for a member of staff their own (assigned 0 until the release), plus everyone's
 * assignments once the group is released. `can_mark`: the caller is
 * staff and may still mark (not released, deadline not passed); `can_assign`: an administrator
 * and not released.
 */
export const timesheetSheetSchema = z.object({
  group: timesheetGroupSchema,
  users: z.array(timesheetUserSchema),
  accommodations: z.array(timesheetAccommodationSchema),
  entries: z.array(timesheetEntrySchema),
  can_mark: z.boolean(),
  can_assign: z.boolean(),
});
export type TimesheetSheet = z.infer<typeof timesheetSheetSchema>;

const idBody = z.coerce.number().int().positive().max(MAX_ID);

/** PUT admin/schedules/groups/{id}/entries: the caller's own mark on a day and facility, set or withdrawn. */
export const timesheetMarkSchema = z.object({
  target_date: isoDate(),
  accommodation_id: idBody,
  marked: z.boolean(),
});
export type TimesheetMark = z.infer<typeof timesheetMarkSchema>;

/** PUT admin/schedules/groups/{id}/assignments: an administrator assigns a marked member of staff, or not. */
export const timesheetAssignSchema = z.object({
  user_id: idBody,
  target_date: isoDate(),
  accommodation_id: idBody,
  assigned: z.boolean(),
});
export type TimesheetAssign = z.infer<typeof timesheetAssignSchema>;

/** GET admin/schedules/mine?from=&to=: the caller's assigned shifts of released groups. */
export const myShiftQuerySchema = z.object({ from: isoDate(), to: isoDate() }).superRefine((q, ctx) => {
  if (q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: timesheetMessages.period });
  else if (daysBetween(q.from, q.to) > 100)
    ctx.addIssue({ code: 'custom', path: ['to'], message: timesheetMessages.rangeTooLong });
});
export type MyShiftQuery = z.infer<typeof myShiftQuerySchema>;

export const myShiftSchema = z.object({
  group_id: z.number().int(),
  target_date: z.string(),
  accommodation_id: z.number().int(),
  accommodation_name: z.string(),
  short_name: z.string(),
  color: z.string(),
});
export type MyShift = z.infer<typeof myShiftSchema>;
export const myShiftListSchema = z.object({ shifts: z.array(myShiftSchema) });

/** Every facility of the day has someone assigned. */
export function dayCovered(entries: readonly TimesheetEntry[], date: string, accommodationIds: readonly number[]) {
  return accommodationIds.every((a) =>
    entries.some((e) => e.target_date === date && e.accommodation_id === a && e.assigned === 1),
  );
}
