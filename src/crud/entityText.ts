import { useCallback } from 'react';
import { useTranslate } from 'ra-core';
import type { AnyEntity } from '../../contract/entity';

/**
 * The words of a generated view, by convention under the resource's block of i18n/ja.ts:
 * `resources.<resource>.fields.<field>` for labels, `.titles.*`, `.actions.*` and `.messages.*` for
 * the rest (tests/unit/entities.test.ts checks that every registered resource has them).
 */
export const ENTITY_TEXT_KEYS = [
  'titles.list',
  'titles.create',
  'titles.edit',
  'actions.new',
  'actions.create',
  'actions.update',
  'messages.created',
  'messages.updated',
  'messages.deleted',
  'messages.delete_confirm',
  'messages.empty',
  'messages.load_failed',
] as const;
export type EntityTextKey = (typeof ENTITY_TEXT_KEYS)[number];

/** Translates a key of the resource's block (`text('messages.created')`) or a field's label (`label('name')`). */
export function useEntityText(entity: AnyEntity) {
  const translate = useTranslate();
  const base = `resources.${entity.resource}`;
  const text = useCallback(
    (key: EntityTextKey, options?: Record<string, unknown>) => translate(`${base}.${key}`, options),
    [translate, base],
  );
  const label = useCallback((field: string) => translate(`${base}.fields.${field}`), [translate, base]);
  return { text, label, translate };
}
