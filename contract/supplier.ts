import { defineEntity } from './entity';
import { requiredText } from './fieldRules';
import { resourceApi } from './resourceApi';
import { z } from './zod';

/**
 * A partner (supplier) of the company: who provides some options and is told of them (spec 2
 * "Partners", 3 "Supplier", 5 "Partner", 7 "Options, FAQ, suppliers").
 */
export const supplierMessages = {
  /** Spec 5 "Partner": name and e-mail required, no format check. */
  name: '名前を入力してください',
  mail: 'メールアドレスを入力してください',
  nameTooLong: '名前は100文字以内で入力してください',
  mailTooLong: 'メールアドレスは254文字以内で入力してください',
  /** 409: options still name the partner (their partner would silently turn official). */
  inUse: (count: number) =>
    `このパートナーは${count}件のオプションに設定されているため削除できません。オプションを削除してから削除してください。`,
} as const;

export const supplierSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mail: z.string(),
});
export type Supplier = z.infer<typeof supplierSchema>;
export const supplierListSchema = z.object({ suppliers: z.array(supplierSchema) });

const supplierFields = {
  name: requiredText(supplierMessages.name, 100, supplierMessages.nameTooLong),
  mail: requiredText(supplierMessages.mail, 254, supplierMessages.mailTooLong),
};

/** POST supplier: name and mail. */
export const supplierCreateSchema = z.object(supplierFields);
/** PATCH supplier/{id}: the changed fields (the spec's console sends id, name, mail). */
export const supplierUpdateSchema = z.object(supplierFields).partial().extend({ id: z.number().int().optional() });

export const supplierEntity = defineEntity({
  resource: 'supplier',
  api: resourceApi.supplier,
  table: 'suppliers',
  record: supplierSchema,
  create: supplierCreateSchema,
  update: supplierUpdateSchema,
  fields: {
    name: { input: 'text', required: true, column: { sortable: true } },
    mail: { input: 'email', required: true, column: { sortable: true } },
  },
  recordRepresentation: 'name',
});
