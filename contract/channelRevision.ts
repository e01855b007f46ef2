import { bookingCreateMessages, bookingUpdateBodySchema } from './booking';
import { plainText } from './fieldRules';
import { z } from './zod';

/**
 * A reservation as the external channel sends it (a feed revision, or a booking of its list),
 * checked with the console's booking rules before anything of it is stored (issue 28): the same
 * name, mail, date, nights, guests and amount rules as a booking typed by staff, plus the channel's
 * own keys. What fails is set aside with a sync log row naming each problem (server/channel/inbound/pull.ts).
 */
export const channelRevisionMessages = {
  id: '更新IDが正しくありません',
  reservationId: '予約番号が正しくありません',
  seq: '更新番号が正しくありません',
  status: '予約の状態が正しくありません',
  roomCode: '部屋タイプのコードが正しくありません',
  planCode: 'プランのコードが正しくありません',
  stayOutOfRange: 'チェックイン日が受け付けられる範囲（2000年から2099年）にありません',
  nameTooLong: '宿泊者名は100文字以内で入力してください',
  mailTooLong: 'メールアドレスは254文字以内で入力してください',
  notAReservation: '予約の形式ではありません',
  invalid: (reservationId: string, problems: readonly string[]) =>
    `外部予約サイトの予約（予約番号 ${reservationId}）は内容に誤りがあるため取り込みませんでした：${problems.join('、')}`,
} as const;

/** The first nights a stay may have (with at most 90 nights, it ends in 2100 at the latest). */
const FIRST_NIGHT = '2000-01-01';
const LAST_NIGHT = '2099-12-31';

const key = (message: string, max: number) =>
  z.string({ error: message }).min(1, message).max(max, message).check(plainText());
const fields = bookingUpdateBodySchema.shape;

export const channelReservationSchema = z
  .object({
    reservation_id: key(channelRevisionMessages.reservationId, 64),
    seq: z
      .number({ error: channelRevisionMessages.seq })
      .int(channelRevisionMessages.seq)
      .min(0, channelRevisionMessages.seq)
      .max(2_147_483_647, channelRevisionMessages.seq),
    status: z.enum(['new', 'modified', 'cancelled'], { error: channelRevisionMessages.status }),
    room_code: key(channelRevisionMessages.roomCode, 64),
    plan_code: key(channelRevisionMessages.planCode, 64),
    start_date: fields.start_date.unwrap(),
    nights: fields.days.unwrap(),
    guests: fields.person_number.unwrap(),
    // A name or mail the console would refuse (too long, a control character, no @) is refused; a
    // blank name is the site's to leave out (the booking is お客様, server/channel/inbound/apply.ts).
    name: z
      .string({ error: bookingCreateMessages.name })
      .max(100, channelRevisionMessages.nameTooLong)
      .check(plainText()),
    mail: z
      .string({ error: bookingCreateMessages.mail })
      .max(254, channelRevisionMessages.mailTooLong)
      .pipe(fields.mail.unwrap().unwrap())
      .nullable(),
    amount: fields.price_sub.unwrap(),
  })
  .superRefine((r, ctx) => {
    if (r.start_date < FIRST_NIGHT || r.start_date > LAST_NIGHT) {
      ctx.addIssue({ code: 'custom', path: ['start_date'], message: channelRevisionMessages.stayOutOfRange });
    }
  });

export const channelRevisionSchema = z.intersection(
  channelReservationSchema,
  z.object({
    id: key(channelRevisionMessages.id, 128),
    origin: z.enum(['guest', 'hotel']).optional(),
  }),
);
export type CheckedRevision = z.output<typeof channelRevisionSchema>;

/**
 * A revision checked: the revision as the rules leave it (the mail lower-cased, blank as null), or
 * each problem in Japanese, once per field, with what can be told of it (its ids, when they are
 * usable, to acknowledge and name it).
 */
export function checkRevision(
  raw: unknown,
):
  | { ok: true; revision: CheckedRevision }
  | { ok: false; problems: string[]; id: string | null; reservationId: string | null } {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { ok: false, problems: [channelRevisionMessages.notAReservation], id: null, reservationId: null };
  }
  const parsed = channelRevisionSchema.safeParse(raw);
  if (parsed.success) return { ok: true, revision: parsed.data };
  const seen = new Set<string>();
  const problems: string[] = [];
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (seen.has(field)) continue;
    seen.add(field);
    problems.push(issue.message);
  }
  const record = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const usable = (v: unknown, max: number) =>
    typeof v === 'string' && v.length > 0 && v.length <= max && key('', max).safeParse(v).success ? v : null;
  return {
    ok: false,
    problems,
    id: usable(record.id, 128),
    reservationId: usable(record.reservation_id, 64),
  };
}
