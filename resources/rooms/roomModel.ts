import { roomMaxNumSchema, roomNameSchema, type Room } from '../../contract/room';
import type { PlanListItem, RoomBody, RoomPatch } from '../../dataProvider/catalogueApi';

/**
 * The room settings form as its inputs hold it (strings) and the rules that turn it into API
 * bodies. Pure: tested without React (tests/unit/roomModel.test.ts).
 */
export interface RoomFormValues {
  name: string;
  max_num: string;
}
export type RoomField = keyof RoomFormValues;
export const ROOM_FIELDS: readonly RoomField[] = ['name', 'max_num'];

export { roomMessages } from '../../contract/room';

export function emptyRoomForm(): RoomFormValues {
  return { name: '', max_num: '' };
}

export function roomToForm(room: Pick<Room, 'name' | 'max_num'>): RoomFormValues {
  return { name: room.name, max_num: String(room.max_num) };
}

const wholeNumber = (v: string): number | null => (/^\s*\d+\s*$/.test(v) ? Number(v) : null);

/** The broken rule of one field (spec section 5 "Room create", the contract's rules), or null. */
export function roomFieldError(field: RoomField, form: RoomFormValues): string | null {
  const result =
    field === 'name' ? roomNameSchema.safeParse(form.name) : roomMaxNumSchema.safeParse(wholeNumber(form.max_num));
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/** Every broken rule, by field; empty when the form may be sent. */
export function roomErrors(form: RoomFormValues): Partial<Record<RoomField, string>> {
  const errors: Partial<Record<RoomField, string>> = {};
  for (const f of ROOM_FIELDS) {
    const e = roomFieldError(f, form);
    if (e) errors[f] = e;
  }
  return errors;
}

/** The value stored for a field: two inputs that store the same thing are no change. */
function stored(field: RoomField, value: string): string | number | null {
  return field === 'name' ? value.trim() : wholeNumber(value);
}

export function isRoomFieldChanged(field: RoomField, before: RoomFormValues, after: RoomFormValues): boolean {
  return stored(field, before[field]) !== stored(field, after[field]);
}

/** The PATCH body of one field of an existing room, or null when it breaks a rule. */
export function roomFieldPatch(field: RoomField, form: RoomFormValues): RoomPatch | null {
  if (roomFieldError(field, form)) return null;
  return field === 'name' ? { name: form.name.trim() } : { max_num: Number(form.max_num) };
}

/** The POST body of a new room, or the broken rules. */
export function prepareRoomCreate(
  form: RoomFormValues,
): { errors: Partial<Record<RoomField, string>>; body?: undefined } | { errors?: undefined; body: RoomBody } {
  const errors = roomErrors(form);
  if (Object.keys(errors).length > 0) return { errors };
  return { body: { name: form.name.trim(), max_num: Number(form.max_num) } };
}

/** The accommodation's plans that the room does not sell yet: the choices of 追加. */
export function attachablePlans(plans: readonly PlanListItem[], room: Pick<Room, 'plans'>): PlanListItem[] {
  const attached = new Set(room.plans.map((p) => p.id));
  return plans.filter((p) => !attached.has(p.id));
}
