import { defineEntity } from './entity';
import { USER_TYPE_CODES, userTypeLabels } from './enums';
import { requiredText } from './fieldRules';
import { MAX_ID } from './params';
import { passwordSchema } from './password';
import { resourceApi } from './resourceApi';
import { z } from './zod';

/**
 * A user who signs in to the console (spec 2 "Users", 3 "User", 6): an administrator reaches every
 * accommodation of the company, a staff user the ones ticked. Administrators manage users.
 */
export const userMessages = {
  name: '名前を入力してください',
  mail: 'メールアドレスを入力してください',
  mailFormat: 'メールアドレスの形式が正しくありません',
  mailTaken: 'このメールアドレスはすでに使われています',
  nameTooLong: '名前は100文字以内で入力してください',
  mailTooLong: 'メールアドレスは254文字以内で入力してください',
  userType: '種別を選択してください',
  accommodation: 'この会社の施設を選択してください',
  deleteSelf: '自分自身のユーザーは削除できません',
  lastAdmin: '管理者が1人もいなくなるため、この変更はできません',
} as const;

/** A user as the API shows it (the password never leaves the server). */
export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mail: z.string(),
  user_type: z.number().int(),
  /** Accommodations this user may reach (every one of the company for an administrator). */
  accommodations: z.array(z.number().int()),
});
export type User = z.infer<typeof userSchema>;
export const userListSchema = z.object({ users: z.array(userSchema) });

/** `GET /me`: the signed-in user. */
export const meSchema = userSchema;
export type Me = User;

const userFields = {
  name: requiredText(userMessages.name, 100, userMessages.nameTooLong),
  mail: requiredText(userMessages.mail, 254, userMessages.mailTooLong)
    .toLowerCase()
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, userMessages.mailFormat),
  // Missing, a wrong type or a code that is not a type: one choice to make.
  user_type: z.union(
    USER_TYPE_CODES.map((c) => z.literal(c)),
    { error: userMessages.userType },
  ),
  /**
   * The accommodations a staff user may reach (duplicates count once); an administrator reaches
   * all whatever is sent.
   */
  accommodations: z
    .array(
      z
        .number({ error: userMessages.accommodation })
        .int(userMessages.accommodation)
        .positive(userMessages.accommodation)
        .max(MAX_ID, userMessages.accommodation),
      { error: userMessages.accommodation },
    )
    .max(500, userMessages.accommodation),
  password: passwordSchema,
};

/** POST user: mail, password, name, accommodations, user_type. */
export const userCreateSchema = z.object({
  ...userFields,
  accommodations: userFields.accommodations.optional(),
});
/** PATCH user/{id}: any subset, or the password alone. */
export const userUpdateSchema = z.object(userFields).partial();

export const userEntity = defineEntity({
  resource: 'user',
  api: resourceApi.user,
  table: 'users',
  record: userSchema,
  create: userCreateSchema,
  update: userUpdateSchema,
  fields: {
    name: { input: 'text', required: true, column: { sortable: true } },
    mail: { input: 'email', required: true, column: { sortable: true } },
    user_type: {
      input: 'select',
      required: true,
      choices: USER_TYPE_CODES.map((id) => ({ id, name: userTypeLabels[id] })),
      default: 2,
      column: { format: 'choice' },
    },
    accommodations: {
      input: 'references',
      reference: 'accommodations',
      storedIn: 'user_accommodations.accommodation_id',
      hint: 'resources.user.hints.accommodations',
      column: {},
    },
    password: {
      input: 'password',
      required: true,
      createOnly: true,
      storedIn: 'password_hash',
      hint: 'resources.user.hints.password',
    },
  },
  recordRepresentation: 'name',
});
