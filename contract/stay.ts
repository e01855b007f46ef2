import { dateJa, tokyoToday } from './dates';
import { isoDate } from './params';
import { registerStateSchema } from './guestRegister';
import { z } from './zod';

/**
 * The front desk's state of a stay (issue 30): 予約済み until the guest arrives, then チェックイン済み
 * and チェックアウト済み, or ノーショー when they never came. POST /admin/books/{id}/checkin,
 * /checkout and /no-show move it; each move leaves an audit row in the booking's history.
 */
export const STAY_STATUSES = ['reserved', 'checked_in', 'checked_out', 'no_show'] as const;
export type StayStatus = (typeof STAY_STATUSES)[number];

export const STAY_STATUS_LABELS: Record<StayStatus, string> = {
  reserved: '予約済み',
  checked_in: 'チェックイン済み',
  checked_out: 'チェックアウト済み',
  no_show: 'ノーショー',
};

/** Check-in and no-show are taken from the stay's first day (Tokyo) on. */
export const stayHasBegun = (startDate: string, today = tokyoToday()) => startDate <= today;

export const stayMessages = {
  cancelled: 'キャンセル済みの予約はチェックイン・チェックアウトできません',
  beforeStart: (start: string) => `チェックインは宿泊初日（${dateJa(start)}）から受け付けます`,
  noShowBeforeStart: (start: string) => `ノーショーは宿泊初日（${dateJa(start)}）から記録できます`,
  notReserved: (status: StayStatus) => `この予約はすでに${STAY_STATUS_LABELS[status]}です`,
  notCheckedIn: 'チェックインしていない予約はチェックアウトできません',
  departureDate: '出発日を正しく入力してください',
  departureRange: (start: string, end: string) =>
    `早期の出発日は${dateJa(start)}の翌日から${dateJa(end)}までの、今日以前の日付にしてください`,
} as const;

/**
 * POST /admin/books/{id}/checkout: `date`, when the guests leave before the stay's last day
 * (早期チェックアウト), is the day they left: the nights after it go back to stock (and to the
 * channel), the total stays as it was (the staff adjust it in the booking if they refund).
 */
export const checkOutSchema = z
  .object({ date: z.string({ error: stayMessages.departureDate }).pipe(isoDate(stayMessages.departureDate)) })
  .partial()
  .nullable()
  .optional();
export type CheckOutBody = z.output<typeof checkOutSchema>;

/** The answer of a move: the stay's state, and at check-in what the register still misses. */
export const stayMoveSchema = z.object({
  stay_status: z.enum(STAY_STATUSES),
  checked_in_at: z.string().nullable(),
  checked_out_at: z.string().nullable(),
  register: registerStateSchema,
});
export type StayMove = z.infer<typeof stayMoveSchema>;
