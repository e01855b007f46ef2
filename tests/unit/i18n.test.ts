import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appMessages, jaMessages } from '../../i18n/ja';
import { i18nProvider } from '../../i18n/i18nProvider';
import { mailPublicationMessages } from '../../contract/mailPublication';

const root = join(import.meta.dirname, '..', '..');
const SOURCE_DIRS = ['src', 'resources', 'dataProvider', 'i18n'];

function sourceFiles(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

function lookup(messages: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => {
    if (typeof node !== 'object' || node === null) return undefined;
    return (node as Record<string, unknown>)[part];
  }, messages);
}

/** Every 'app.…' or 'resources.…' string literal in the console's sources. */
function usedKeys(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const literal = /['"`]((?:app|resources)\.[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)+)['"`]/g;
  for (const dir of SOURCE_DIRS) {
    for (const file of sourceFiles(join(root, dir))) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(literal)) {
        const key = match[1]!;
        found.set(key, [...(found.get(key) ?? []), relative(root, file)]);
      }
    }
  }
  return found;
}

describe('Japanese messages', () => {
  it('finds the keys used by the sources', () => {
    const keys = usedKeys();
    expect(keys.size).toBeGreaterThan(20);
    expect(keys.has('app.menu.home')).toBe(true);
  });

  it('has every app.* and resources.* key used in the sources', () => {
    const missing = [...usedKeys()].filter(([key]) => typeof lookup(jaMessages, key) !== 'string');
    expect(missing.map(([key, files]) => `${key} (${files.join(', ')})`)).toEqual([]);
  });

  it('includes react-admin’s own Japanese messages, unwrapped', () => {
    expect(lookup(jaMessages, 'ra.action.delete')).toBe('削除');
    expect(lookup(jaMessages, 'ra.page.list')).toEqual(expect.any(String));
    expect(i18nProvider.translate('ra.action.cancel')).toBe('キャンセル');
  });

  it('translates our keys in Japanese', () => {
    expect(i18nProvider.translate('app.menu.home')).toBe('ホーム');
    expect(i18nProvider.translate('app.header.logout')).toBe('ログアウト');
    expect(i18nProvider.translate('app.version', { version: '2.0.1' })).toBe('ver 2.0.1');
    expect(i18nProvider.getLocale()).toBe('ja');
  });

  it('names bulk mail one way, as the menu does: 一括メール, never 一斉メール (issue 32)', () => {
    const texts = JSON.stringify(jaMessages) + JSON.stringify(mailPublicationMessages);
    expect(texts).toContain('一括メール');
    expect(texts).not.toContain('一斉メール');
  });

  it('has the menu labels of the spec', () => {
    expect(Object.values(appMessages.app.menu)).toEqual(
      expect.arrayContaining(['ホーム', 'ユーザー管理', 'パートナー', '一括メール', 'ゲスト分析']),
    );
    expect(Object.values(appMessages.app.accommodation_menu)).toEqual(
      expect.arrayContaining([
        'カレンダー',
        '小口現金',
        '詳細設定',
        'プラン',
        '部屋',
        'オプション',
        'メールテンプレート',
        'FAQ',
      ]),
    );
  });
});
