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
} as const;

/** An address that may stand in a From header: one line, an @, a dot after it, no spaces or angle brackets. */
export const SENDER_ADDRESS_FORMAT = /^[^\s@<>()",;:\\[\]]+@[^\s@<>()",;:\\[\]]+\.[^\s@<>()",;:\\[\]]+$/;

export const senderAddressSchema = z.object({
  id: z.number().int(),
  from_address: z.string(),
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
