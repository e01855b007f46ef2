import type { z } from './zod';
import type { ResourceApi, ResourceName } from './resourceApi';

/**
 * One description per entity: the zod schemas the server validates with (and answers through,
 * hence the OpenAPI document), and per field what the console needs to build its list, its create
 * and edit forms and its validation. Labels are not written here: a field's label is always
 * `resources.<resource>.fields.<field>` in i18n/ja.ts (tests/unit/entities.test.ts checks each one).
 */

/** How the console edits a field. */
export type InputKind =
  | 'text'
  | 'multiline'
  | 'email'
  | 'password'
  | 'integer'
  | 'yen'
  | 'date'
  | 'time'
  /** yyyy-MM-ddTHH:mm in Tokyo time (a refusal's moment). */
  | 'datetime'
  | 'switch'
  | 'select'
  | 'reference'
  | 'references'
  | 'colour'
  | 'icon';

/** A choice of a select: a code of contract/enums and what staff read. */
export interface Choice {
  readonly id: number | string;
  readonly name: string;
}

/** How a list shows a field. */
export interface ColumnMeta {
  /**
   * text (the default); yen (18,000円); date (2026年4月1日); datetime (2026年4月1日 15:20, of a
   * yyyy-MM-ddTHH:mm Tokyo time); count (the field's unit: 3室); mark (○ when 1); choice (the
   * choice's name); reference (the record's `display` field, or the field's nullLabel).
   */
  readonly format?: 'text' | 'yen' | 'date' | 'datetime' | 'count' | 'mark' | 'choice' | 'reference';
  /** reference: the field of the record that holds the name (an option's `supplier`). */
  readonly display?: string;
  /** What an empty value reads in the list (すべて, 公式, 指定なし): an i18n key. */
  readonly nullLabel?: string;
  /** A header shorter than the field's label (当日 for 当日オプション): an i18n key. */
  readonly label?: string;
  /** Cut after this many characters (the FAQ's room name: 18). */
  readonly truncate?: number;
  readonly hiddenWhenNarrow?: boolean;
  readonly sortable?: boolean;
}

export interface FieldMeta {
  readonly input: InputKind;
  /** Marked with an asterisk; the schema says what is refused. */
  readonly required?: boolean;
  /** select: the codes and their labels. */
  readonly choices?: readonly Choice[];
  /** reference and references: the resource whose ids the field holds. */
  readonly reference?: ResourceName;
  /** reference: what null means (すべての部屋, 公式): an i18n key; without it null is not offered. */
  readonly nullLabel?: string;
  /** The counting word after an integer (人, 室): an i18n key. */
  readonly unit?: string;
  /** Helper text under the input: an i18n key. */
  readonly hint?: string;
  /** A column of the list, and how it shows the value. */
  readonly column?: ColumnMeta;
  /** Shown but fixed once the record exists (an option's partner and room). */
  readonly readOnlyInEdit?: boolean;
  /** In the list only, never in a form: the server fills it (the staff member who recorded a refusal). */
  readonly listOnly?: boolean;
  /** Only in the create form (a new user's password); changed elsewhere afterwards. */
  readonly createOnly?: boolean;
  /** The input's value in a new record, or a function that gives it when the form opens (now). */
  readonly default?: unknown;
  /** The list can be filtered by it (the FAQ's room); `allLabel` (an i18n key) is the first choice, no filter. */
  readonly filter?: { readonly allLabel: string };
  /** Where the value is stored when not in the column of the field's own name: `column` or `table.column`. */
  readonly storedIn?: string;
  /** Half the form's width on a wide enough form (two short fields side by side: a period's start and end). */
  readonly half?: boolean;
}

type Keys<S> = S extends z.ZodType ? keyof z.input<S> & string : never;
type RecordKeys<S extends z.ZodType> = keyof z.output<S> & string;

export interface EntityDescription<
  R extends z.ZodType = z.ZodType,
  C extends z.ZodType = z.ZodType,
  U extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
> {
  readonly resource: ResourceName;
  readonly api: ResourceApi;
  /** The SQL table its rows live in: each field is one of its columns, or names its `storedIn`. */
  readonly table: string;
  /** A record as the API answers it. */
  readonly record: R;
  /** The create body, with the spec's messages. */
  readonly create: C;
  /** The update body (any subset), with the same rules. */
  readonly update: U;
  /** The list's query string. */
  readonly listQuery?: Q;
  /** The fields of the forms and lists, in the order of the form. */
  readonly fields: Readonly<Partial<Record<Keys<C> | RecordKeys<R>, FieldMeta>>>;
  /** The list's columns in order; default: the fields with a column, in field order. */
  readonly columns?: readonly (Keys<C> | RecordKeys<R>)[];
  /** The field that names a record (a delete confirmation, a select). */
  readonly recordRepresentation: RecordKeys<R>;
}

/** Checks a description against its schemas (field names, columns) and gives it back as it is. */
export function defineEntity<R extends z.ZodType, C extends z.ZodType, U extends z.ZodType, Q extends z.ZodType>(
  description: EntityDescription<R, C, U, Q>,
): EntityDescription<R, C, U, Q> {
  return description;
}

/** A description of any entity, as the generic views and routes take it. */
export type AnyEntity = EntityDescription<z.ZodType, z.ZodType, z.ZodType, z.ZodType>;

export type FieldEntries = [string, FieldMeta][];

/** The fields in form order. */
export function fieldEntries(entity: AnyEntity): FieldEntries {
  return Object.entries(entity.fields).filter((e): e is [string, FieldMeta] => e[1] !== undefined);
}

/** The list's columns in order, with their field's description. */
export function columnEntries(entity: AnyEntity): FieldEntries {
  const entries = fieldEntries(entity);
  if (!entity.columns) return entries.filter(([, f]) => f.column);
  const byName = new Map(entries);
  return entity.columns.flatMap((name) => {
    const field = byName.get(name);
    return field ? [[name, field] as [string, FieldMeta]] : [];
  });
}

/** The values of a new record's form: each field's default, null for the rest. */
export function createDefaults(entity: AnyEntity): Record<string, unknown> {
  return Object.fromEntries(
    fieldEntries(entity)
      .filter(([, f]) => !f.listOnly)
      .map(([name, f]) => [
        name,
        (typeof f.default === 'function' ? (f.default as () => unknown)() : f.default) ??
          (f.input === 'references' ? [] : null),
      ]),
  );
}

/** Every i18n key a description names: the fields' labels and their null labels, units and hints. */
export function entityMessageKeys(entity: AnyEntity): string[] {
  return fieldEntries(entity).flatMap(([name, f]) => [
    `resources.${entity.resource}.fields.${name}`,
    ...[f.nullLabel, f.unit, f.hint, f.column?.nullLabel, f.column?.label, f.filter?.allLabel].filter(
      (k): k is string => k !== undefined,
    ),
  ]);
}

export type FieldErrors = Record<string, string>;

/**
 * The first message of each field a schema refuses in `values` (by the first segment of the issue's
 * path; `_form` for an issue of the whole object); empty when it accepts them. The console's forms
 * validate with this before sending, the same schemas and Japanese messages the server answers with.
 */
export function fieldErrors(schema: z.ZodType, values: unknown): FieldErrors {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : '_form';
    errors[key] ??= issue.message;
  }
  return errors;
}
