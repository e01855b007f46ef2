import { defineEntity } from './entity';
import { plainText, requiredMessage } from './fieldRules';
import { resourceApi } from './resourceApi';
import { z } from './zod';

/** A room type (spec section 3 "Room"): max_num is the number of rooms of that type. */
export const roomSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  max_num: z.number().int(),
  plans: z.array(z.object({ id: z.number().int(), name: z.string(), start_at: z.string().nullable() })),
});
export type Room = z.infer<typeof roomSchema>;

/** Spec section 5 "Room create", word for word, plus the bounds the spec leaves open. */
export const roomMessages = {
  name: '部屋名を入力してください。',
  maxNum: '部屋数を入力してください。',
  nameTooLong: '部屋名は100文字以内で入力してください。',
  maxNumTooLarge: '部屋数は999以下で入力してください。',
  hasBookings: 'この部屋タイプには予約があるため削除できません。予約の部屋タイプを変更してから削除してください。',
  /** 409: live or future bookings use the room type (listed, see contract/bookingsInUse.ts). */
  inUse: (count: number, bookings: string) =>
    `この部屋タイプは本日以降の予約${count}件で使われているため削除できません。予約の部屋タイプを変更してから削除してください。\n${bookings}`,
} as const;

export const roomNameSchema = z
  .string({ error: requiredMessage(roomMessages.name) })
  .trim()
  .min(1, roomMessages.name)
  .max(100, roomMessages.nameTooLong)
  .check(plainText());
export const roomMaxNumSchema = z
  .number({ error: requiredMessage(roomMessages.maxNum) })
  .int()
  .min(1, roomMessages.maxNum)
  .max(999, roomMessages.maxNumTooLarge);

/** POST .../rooms: the room form's rules (server and console). */
export const roomCreateSchema = z.object({ name: roomNameSchema, max_num: roomMaxNumSchema });
export type RoomCreate = z.infer<typeof roomCreateSchema>;
/** PATCH .../rooms/{roomId}: the changed fields, same rules. */
export const roomUpdateSchema = roomCreateSchema.partial();
export type RoomUpdate = z.infer<typeof roomUpdateSchema>;

export const roomEntity = defineEntity({
  resource: 'rooms',
  api: resourceApi.rooms,
  table: 'rooms',
  record: roomSchema,
  create: roomCreateSchema,
  update: roomUpdateSchema,
  fields: {
    name: { input: 'text', required: true, column: {} },
    max_num: { input: 'integer', required: true, unit: 'resources.rooms.units.max_num', column: { format: 'count' } },
    /** Attached in the panel with 追加 and ×, once the room exists. */
    plans: { input: 'references', reference: 'plans', storedIn: 'room_plans.plan_id', column: {} },
  },
  recordRepresentation: 'name',
});
