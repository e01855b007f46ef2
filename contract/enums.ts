/**
 * Business enumerations of spec section 3, shared by the console and the server (and by the
 * CHECK constraints of server/db/schema). Codes are the numbers the API sends; labels are what
 * staff read.
 */

type Labels<K extends number> = Readonly<Record<K, string>>;

function labelOf<K extends number>(labels: Labels<K>, fallback: string) {
  return (code: number | null | undefined): string =>
    code != null && Object.prototype.hasOwnProperty.call(labels, code) ? labels[code as K] : fallback;
}

function codesOf<K extends number>(labels: Labels<K>): readonly K[] {
  return Object.keys(labels).map(Number) as K[];
}

/** Where a booking came from. */
export const VIA = { official: 0, channel: 1, other: 100, admin: 101 } as const;
export type Via = (typeof VIA)[keyof typeof VIA];
export const viaLabels: Labels<Via> = { 0: '公式', 1: '外部予約サイト', 100: 'その他', 101: '管理画面' };
export const VIA_CODES = codesOf(viaLabels);
export const viaLabel = labelOf(viaLabels, 'その他');
/** Choices of the template test-send form (spec 9: 0 official, 1 partner channel). */
export const TEST_MAIL_VIA: readonly Via[] = [0, 1];

/** How a payment was made. */
/** How a payment was made: the spec's 1–4 keep their numbers; 5 and 6 are the front desk's (issue 32). */
export const PAY_TYPE = { bankTransfer: 1, creditCard: 2, channel: 3, invoice: 4, cash: 5, qrOrEMoney: 6 } as const;
export type PayType = (typeof PAY_TYPE)[keyof typeof PAY_TYPE];
export const payTypeLabels: Labels<PayType> = {
  1: '銀行振込',
  2: 'クレジットカード',
  3: '外部予約サイト',
  4: '請求書払い',
  5: '現金',
  6: 'QR・電子マネー',
};
export const PAY_TYPE_CODES = codesOf(payTypeLabels);
/** Offered in the payment form; the first is the default (spec 9). */
export const PAYMENT_FORM_PAY_TYPES: readonly PayType[] = [1, 5, 2, 6, 4];
export const payTypeLabel = labelOf(payTypeLabels, '不明');

/** Mail template kinds. Any other number is a free-purpose template ("その他"). */
export const SEND_TYPE = {
  bookingCompleted: 1,
  cancel: 2,
  paymentConfirmed: 11,
  transferDeadline: 14,
  settlement: 20,
  autoCancel: 21,
} as const;
export type SendType = (typeof SEND_TYPE)[keyof typeof SEND_TYPE];
export const sendTypeLabels: Labels<SendType> = {
  1: '予約完了',
  2: 'キャンセル',
  11: '入金確認',
  14: '振込期限',
  20: '決済',
  21: '自動キャンセル',
};
export const SEND_TYPE_CODES = codesOf(sendTypeLabels);
export const sendTypeLabel = labelOf(sendTypeLabels, 'その他');

export const USER_TYPE = { admin: 1, staff: 2 } as const;
export type UserType = (typeof USER_TYPE)[keyof typeof USER_TYPE];
export const userTypeLabels: Labels<UserType> = { 1: '管理者', 2: 'スタッフ' };
export const USER_TYPE_CODES = codesOf(userTypeLabels);
export const userTypeLabel = labelOf(userTypeLabels, '不明');

/** Guest's occupation. */
export const JOB = {
  unset: 0,
  selfEmployed: 1,
  companyEmployee: 2,
  civilServant: 3,
  partTime: 4,
  freelance: 5,
  student: 6,
  unemployed: 7,
  other: 8,
} as const;
export type Job = (typeof JOB)[keyof typeof JOB];
export const jobLabels: Labels<Job> = {
  0: '未設定',
  1: '自営業',
  2: '会社員',
  3: '公務員',
  4: 'パート・アルバイト',
  5: 'フリーランス',
  6: '学生',
  7: '無職',
  8: 'その他',
};
export const JOB_CODES = codesOf(jobLabels);
export const jobLabel = labelOf(jobLabels, '未設定');

/**
 * State of a message of the mail outbox. A queued row waits for its turn (or for SMTP_URL: the
 * console then says 未送信（SMTP未設定）); sending is claimed by a worker; failed had a permanent refusal.
 */
export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];
export const mailStatusLabels: Readonly<Record<MailStatus, string>> = {
  queued: '送信待ち',
  sending: '送信中',
  sent: '送信済み',
  failed: '送信失敗',
};

/** Result of a sync check of a month against the external channel. */
export const SYNC_CHECK_STATUSES = ['ok', 'ng', 'error'] as const;
export type SyncCheckStatus = (typeof SYNC_CHECK_STATUSES)[number];

/** Sync item targets. */
export const SYNC_TARGET_TYPE = { room: 1, plan: 2 } as const;
export type SyncTargetType = (typeof SYNC_TARGET_TYPE)[keyof typeof SYNC_TARGET_TYPE];

/** The external booking channel's service id (spec 1, 9). */
export const CHANNEL_SERVICE_ID = 1;
