import { defineEntity } from './entity';
import { requiredText } from './fieldRules';
import { resourceApi } from './resourceApi';
import { z } from './zod';

/**
 * A sender address of the company (spec 3 "Sender address", 7 "GET /admin/mail/addresses: array of
 * id, from_address"): the addresses bulk mail and templates may send from, which administrators add
 * and remove. Mail received at one of them belongs to the company (server/mail/inbound/store.ts).
 */
export const senderAddressMessages = {
  fromAddress: '送信元メールアドレスを入力してください',
  fromAddressFormat: '送信元メールアドレスの形式が正しくありません',
  fromAddressTooLong: '送信元メールアドレスは254文字以内で入力してください',
  /** 409: the company already has it. */
  taken: 'この送信元メールアドレスはすでに登録されています',
  /** 409: another company has verified it (whose is not told). */
  unavailable: 'この送信元メールアドレスは登録できません',
  code: '確認コードを入力してください',
  codeFormat: '確認コードは6桁の数字で入力してください',
  wrongCode: '確認コードが正しくありません',
  codeExpired: '確認コードの有効期限が切れています。確認メールを送り直してください',
  tooManyAttempts: '確認コードの入力回数が上限に達しました。確認メールを送り直してください',
  alreadyVerified: 'この送信元メールアドレスは確認済みです',
  resendTooSoon: '確認メールは1分後に送り直せます',
  /** A template, bulk mail or reply named an address that is not a verified one of the company. */
  notVerified: '確認済みの送信元メールアドレスを選んでください',
  /** A mail could not be queued: the sender its template names is not verified. */
  templateSenderNotVerified: (address: string) =>
    `送信元メールアドレス（${address}）が確認されていません。メールテンプレートで確認済みの送信元メールアドレスを選んでください`,
  verificationTitle: '【Yadoban】送信元メールアドレスの確認コード',
  verificationBody: (code: string) =>
    `Yadobanの送信元メールアドレスとしてこのアドレスが登録されました。\n\n確認コード：${code}\n\n` +
    `管理画面の「送信元メールアドレス」でこのコードを入力すると、このアドレスからメールを送れるようになります。` +
    `コードの有効期限は24時間です。\n心当たりがない場合は、このメールを破棄してください。`,
} as const;

/** How long a mailed code is good for, and how many wrong codes it takes. */
export const VERIFICATION_CODE_HOURS = 24;
export const VERIFICATION_MAX_ATTEMPTS = 5;
export const VERIFICATION_RESEND_SECONDS = 60;

/** An address that may stand in a From header: one line, an @, a dot after it, no spaces or angle brackets. */
export const SENDER_ADDRESS_FORMAT = /^[^\s@<>()",;:\\[\]]+@[^\s@<>()",;:\\[\]]+\.[^\s@<>()",;:\\[\]]+$/;

export const senderAddressSchema = z.object({
  id: z.number().int(),
  from_address: z.string(),
  /** Mail may be sent from it (a code was entered, or its domain is the deployment's own). */
  verified: z.boolean(),
});
export type SenderAddress = z.infer<typeof senderAddressSchema>;
/** The spec's answer is a bare array. */
export const senderAddressListSchema = z.array(senderAddressSchema);

const senderAddressFields = {
  from_address: requiredText(senderAddressMessages.fromAddress, 254, senderAddressMessages.fromAddressTooLong)
    .toLowerCase()
    .regex(SENDER_ADDRESS_FORMAT, senderAddressMessages.fromAddressFormat),
};

/** POST admin/mail/addresses: the address. */
export const senderAddressCreateSchema = z.object(senderAddressFields);
/** Addresses are added and removed, never changed: the update body is the create body. */
export const senderAddressUpdateSchema = z.object(senderAddressFields).partial();

/** POST admin/mail/addresses/{id}/verify: the code mailed to the address. */
export const senderAddressVerifySchema = z.object({
  code: requiredText(senderAddressMessages.code, 6, senderAddressMessages.codeFormat).regex(
    /^[0-9]{6}$/,
    senderAddressMessages.codeFormat,
  ),
});

export const senderAddressEntity = defineEntity({
  resource: 'mail_addresses',
  api: resourceApi.mail_addresses,
  table: 'sender_addresses',
  record: senderAddressSchema,
  create: senderAddressCreateSchema,
  update: senderAddressUpdateSchema,
  fields: {
    from_address: { input: 'email', required: true, column: { sortable: true } },
  },
  recordRepresentation: 'from_address',
});
