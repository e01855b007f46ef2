import { describe, expect, it } from 'vitest';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { columnEntries, entityMessageKeys, fieldEntries } from '../../contract/entity';
import { entities } from '../../contract/entities';
import { mailPublicationEntity } from '../../contract/mailPublication';
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

describe('the bulk mail publication description', () => {
  it('lists title, send date, creation date, recipients and progress, and validates the create body with the spec messages', () => {
    expect(entities).toContain(mailPublicationEntity);
    expect(columnEntries(mailPublicationEntity).map(([name]) => name)).toEqual([
      'setting',
      'send_at',
      'created_at',
      'recipient_count',
      'progress',
    ]);
    expect(lookup('resources.mail_publishes.fields.setting')).toBe('タイトル');
    const refused = mailPublicationEntity.create.safeParse({
      send_at: '2026-12-01T09:00:00+09:00',
      setting: { title: '', from_address: 'info@example.jp', body: '<p>本文</p>', users: [] },
    });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => i.message)).toEqual(
      expect.arrayContaining(['タイトルを入力してください', '送信先を1件以上選択してください']),
    );
    // Replaced whole while scheduled (PUT, issue 32): the create's rules, and keep_file for the saved attachment.
    expect(mailPublicationEntity.update.safeParse({ send_at: '2026-12-01T09:00:00+09:00' }).success).toBe(false);
    const replaced = mailPublicationEntity.update.safeParse({
      send_at: '2026-12-01T09:00:00+09:00',
      keep_file: true,
      setting: { title: '件名', from_address: 'info@example.jp', body: '<p>本文</p>', users: ['a@example.jp'] },
    });
    expect(replaced.success).toBe(true);
  });
});
