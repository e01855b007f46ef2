import { describe, expect, it } from 'vitest';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { columnEntries, entityMessageKeys, fieldEntries } from '../../contract/entity';
import { entities } from '../../contract/entities';
import { resourceApi } from '../../contract/resourceApi';
import { jaMessages } from '../../i18n/ja';
import * as schema from '../../server/db/schema';
import { ENTITY_TEXT_KEYS } from '../../src/crud/entityText';

/** The SQL columns of every Drizzle table, by table name. */
const tables = new Map(
  (Object.values(schema) as unknown[])
    .filter((t): t is PgTable => t instanceof PgTable)
    .map((t) => {
      const config = getTableConfig(t);
      return [config.name, new Set(config.columns.map((c) => c.name))] as const;
    }),
);

const lookup = (key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], jaMessages);

describe.each(entities.map((e) => [e.resource, e] as const))('the %s description', (_name, entity) => {
  it('maps onto a resource of the API map and a table of the database', () => {
    expect(resourceApi[entity.resource]).toBe(entity.api);
    expect(tables.has(entity.table)).toBe(true);
  });

  it('stores every field in a column: its own name in its table, or the table.column it names', () => {
    const missing = fieldEntries(entity).filter(([name, field]) => {
      const [table, column] = field.storedIn?.includes('.')
        ? field.storedIn.split('.')
        : [entity.table, field.storedIn ?? name];
      return !tables.get(table!)?.has(column!);
    });
    expect(missing.map(([name]) => name)).toEqual([]);
  });

  it('has a Japanese label for every field and every key it names, and the texts of its views', () => {
    const keys = [...entityMessageKeys(entity), ...ENTITY_TEXT_KEYS.map((k) => `resources.${entity.resource}.${k}`)];
    const missing = keys.filter((key) => typeof lookup(key) !== 'string');
    expect(missing).toEqual([]);
    for (const [name] of fieldEntries(entity)) {
      expect(lookup(`resources.${entity.resource}.fields.${name}`)).toMatch(/[ぁ-んァ-ヶ一-龠]/);
    }
  });

  it('names a field of its record for its records, and columns among its fields', () => {
    expect(Object.keys((entity.record as unknown as { shape: object }).shape)).toContain(entity.recordRepresentation);
    const fields = new Set(fieldEntries(entity).map(([name]) => name));
    expect(columnEntries(entity).every(([name]) => fields.has(name))).toBe(true);
    expect(columnEntries(entity).length).toBeGreaterThan(0);
  });

  it('checks its choices, references and defaults against the schemas', () => {
    for (const [name, field] of fieldEntries(entity)) {
      if (field.input === 'select') expect(field.choices?.length, name).toBeGreaterThan(0);
      if (field.input === 'reference' || field.input === 'references') {
        expect(Object.keys(resourceApi), name).toContain(field.reference);
      }
    }
  });
});
