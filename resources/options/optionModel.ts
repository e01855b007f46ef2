import {
  moveItem,
  optionCreateSchema,
  reorderChanges,
  type AccommodationOption,
  type OptionCreate,
  type OptionUpdate,
} from '../../contract/option';

/**
 * The option overlay as its inputs hold it (numbers as text, partner and room as select values,
 * flags as booleans) and the rules that turn it into API bodies, plus the reorder of the list.
 * Pure: tested without React (tests/unit/optionModel.test.ts). The field rules are the contract's
 * (optionCreateSchema): the server checks the same ones.
 */
export interface OptionFormValues {
  name: string;
  price: string;
  unit: string;
  /** '': no limit. */
  unit_max: string;
  description: string;
  /** '': official. */
  supplier_id: string;
  /** '': every room type. */
  room_id: string;
  user_selection: boolean;
  is_stay_type: boolean;
  notice: boolean;
}

export type OptionFormField = keyof OptionFormValues;

export const emptyOptionForm: OptionFormValues = {
  name: '',
  price: '',
  unit: '',
  unit_max: '',
  description: '',
  supplier_id: '',
  room_id: '',
  user_selection: false,
  is_stay_type: false,
  notice: false,
};

const text = (value: number | string | null) => (value === null ? '' : String(value));

export function optionFormOf(option: AccommodationOption | null): OptionFormValues {
  if (!option) return emptyOptionForm;
  return {
    name: option.name,
    price: text(option.price),
    unit: option.unit,
    unit_max: text(option.unit_max),
    description: option.description ?? '',
    supplier_id: text(option.supplier_id),
    room_id: text(option.room_id),
    user_selection: option.user_selection === 1,
    is_stay_type: option.is_stay_type === 1,
    notice: option.notice === 1,
  };
}

/** '' or anything that is not a number: null (a price then reads "please enter the amount"). */
function numberOrNull(value: string): number | null {
  if (value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

const flag = (on: boolean) => (on ? 1 : 0);

export type OptionFormResult =
  { ok: true; body: OptionCreate & OptionUpdate } | { ok: false; errors: Partial<Record<OptionFormField, string>> };

/**
 * The body to send, or the contract's message per field (the first one of each). In edit mode
 * (`editing`) partner and room are not sent: they cannot change.
 */
export function optionBody(form: OptionFormValues, editing: boolean): OptionFormResult {
  const input = {
    name: form.name,
    price: numberOrNull(form.price),
    unit: form.unit,
    unit_max: numberOrNull(form.unit_max),
    description: form.description,
    supplier_id: numberOrNull(form.supplier_id),
    room_id: numberOrNull(form.room_id),
    user_selection: flag(form.user_selection),
    is_stay_type: flag(form.is_stay_type),
    notice: flag(form.notice),
  };
  const parsed = optionCreateSchema.safeParse(input);
  if (!parsed.success) {
    const errors: Partial<Record<OptionFormField, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as OptionFormField;
      errors[field] ??= issue.message;
    }
    return { ok: false, errors };
  }
  const { supplier_id, room_id, ...rest } = parsed.data;
  return { ok: true, body: editing ? rest : { ...rest, supplier_id, room_id } };
}

/** Picks the server's per-field sentences (400 `errors`) that belong to the form's fields. */
export function formErrorsOf(errors: Record<string, string>): Partial<Record<OptionFormField, string>> {
  const fields = Object.keys(emptyOptionForm) as OptionFormField[];
  return Object.fromEntries(fields.filter((f) => errors[f] !== undefined).map((f) => [f, errors[f]]));
}

/**
 * A drag (or a move button) from `from` to `to`: the list as it now shows, each moved item's
 * display_order its new index, and the changes to save (spec 4: only the items whose position
 * changed).
 */
export function reorder<T extends { id: number; display_order: number }>(
  rows: readonly T[],
  from: number,
  to: number,
): { rows: T[]; changes: { id: number; display_order: number }[] } {
  const moved = moveItem(rows, from, to);
  const changes = reorderChanges(moved);
  const order = new Map(changes.map((c) => [c.id, c.display_order]));
  return { rows: moved.map((row) => ({ ...row, display_order: order.get(row.id) ?? row.display_order })), changes };
}
