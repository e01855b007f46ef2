import { describe, expect, it } from 'vitest';
import { bookingCreateBodySchema, bookingUpdateBodySchema, bookingCreateErrors } from '../../contract/booking';
import { calendarCommentCreateSchema, calendarCommentUpdateSchema } from '../../contract/booking';
import { entities } from '../../contract/entities';
import { fieldEntries, fieldErrors } from '../../contract/entity';
import { controlCharacterMessage, isPlainText } from '../../contract/fieldRules';
import { bookingOptionCreateSchema } from '../../contract/option';
import { validBookingInput } from '../support/bookingInput';

/** Every character the rule refuses, by name: control characters and invisible formatting. */
const forbidden: [string, string][] = [
  ['NUL', '\u0000'],
  ['BEL', '\u0007'],
  ['backspace', '\u0008'],
  ['vertical tab', '\u000b'],
  ['form feed', '\u000c'],
  ['ESC', '\u001b'],
  ['DEL', '\u007f'],
  ['C1 CSI', '\u009b'],
  ['NEL', '\u0085'],
  ['soft hyphen', '\u00ad'],
  ['Arabic letter mark', '\u061c'],
  ['zero-width space', '\u200b'],
  ['left-to-right mark', '\u200e'],
  ['right-to-left mark', '\u200f'],
  ['line separator', '\u2028'],
  ['paragraph separator', '\u2029'],
  ['LRE', '\u202a'],
  ['RLE', '\u202b'],
  ['PDF', '\u202c'],
  ['LRO', '\u202d'],
  ['RLO', '\u202e'],
  ['word joiner', '\u2060'],
  ['LRI', '\u2066'],
  ['RLI', '\u2067'],
  ['FSI', '\u2068'],
  ['PDI', '\u2069'],
  ['byte order mark', '\ufeff'],
  ['interlinear annotation', '\ufff9'],
  ['lone high surrogate', '\ud800'],
  ['lone low surrogate', '\udc00'],
];

/** Text staff type every day: kanji, kana, half-width kana, full-width space and digits, emoji. */
const allowed = [
  '山田 太郎',
  'やまだ　たろう',
  'ヤマダ タロウ',
  'ﾔﾏﾀﾞ ﾀﾛｳ',
  '東京都千代田区千代田１－１　ＡＢＣビル３Ｆ',
  '090-1234-5678',
  'guest+tag@example.jp',
  'チェックイン遅め🙏😀',
  'ご家族👨‍👩‍👧で',
  '🏴󠁧󠁢󠁥󠁮󠁧󠁿のお客様',
  '❤️',
  '葛󠄀城',
  '①②③ ㈱ ℡',
  'Ünïcödé café',
];

describe('the text rule (contract/fieldRules.ts)', () => {
  it.each(forbidden)('refuses %s in one-line and multi-line text', (_name, char) => {
    expect(isPlainText(`山田${char}太郎`)).toBe(false);
    expect(isPlainText(`山田${char}太郎`, true)).toBe(false);
    expect(isPlainText(char)).toBe(false);
  });

  it('keeps tab and line breaks (\\n, \\r\\n) in multi-line text only', () => {
    for (const text of ['1行目\n2行目', '1行目\r\n2行目', '項目\t値', '\n\n']) {
      expect(isPlainText(text, true)).toBe(true);
      expect(isPlainText(text)).toBe(false);
    }
  });

  it.each(allowed)('accepts %s', (text) => {
    expect(isPlainText(text)).toBe(true);
    expect(isPlainText(text, true)).toBe(true);
  });
});

/**
 * Whether the create body takes a string at `name` (under optional, nullable, default or a pipe):
 * a publication's `setting` is shown as its title but is an object whose own fields have the rule.
 */
function takesText(schema: unknown, name: string): boolean {
  type Def = { type: string; innerType?: unknown; in?: unknown; shape?: Record<string, unknown> };
  const def = (s: unknown) => (s as { _zod?: { def: Def } } | undefined)?._zod?.def;
  let field = def(schema)?.shape?.[name];
  while (field && ['optional', 'nullable', 'default', 'pipe'].includes(def(field)!.type)) {
    field = def(field)!.innerType ?? def(field)!.in;
  }
  return def(field)?.type === 'string';
}

describe('every free-text field of every entity follows it', () => {
  const textFields = entities.flatMap((entity) =>
    fieldEntries(entity)
      .filter(([, f]) => f.input === 'text' || f.input === 'multiline' || f.input === 'email')
      .filter(([name]) => takesText(entity.create, name))
      .map(([name, f]) => [`${entity.resource}.${name}`, entity, name, f.input === 'multiline'] as const),
  );

  it.each(textFields)('%s: ESC, U+202E and U+0007 refused on create and update', (_label, entity, name) => {
    for (const char of ['\u001b', '\u202e', '\u0007']) {
      const value = `ab${char}c@example.jp`;
      expect(fieldErrors(entity.create, { [name]: value })[name]).toBe(controlCharacterMessage);
      // An entity whose records are never changed (petty cash) has no such field in its update.
      if (takesText(entity.update, name)) {
        expect(fieldErrors(entity.update, { [name]: value })[name]).toBe(controlCharacterMessage);
      }
    }
  });

  it.each(textFields)('%s: a line break only where the field is multi-line', (_label, entity, name, multiline) => {
    const body = takesText(entity.update, name) ? entity.update : entity.create;
    const error = fieldErrors(body, { [name]: 'ab\nc@example.jp' })[name];
    if (multiline) expect(error).toBeUndefined();
    else expect(error).toBe(controlCharacterMessage);
  });

  it('the booking fields outside the entity description too: address, tel, mini_memo, memo, comments', () => {
    for (const field of ['name', 'mail', 'address', 'tel', 'mini_memo', 'memo']) {
      expect(fieldErrors(bookingUpdateBodySchema, { [field]: 'a\u202eb' })[field], field).toBe(controlCharacterMessage);
    }
    for (const field of ['name', 'mail', 'address', 'tel', 'mini_memo']) {
      expect(fieldErrors(bookingCreateBodySchema, { [field]: 'a\u001bb' })[field], field).toBe(controlCharacterMessage);
    }
    expect(fieldErrors(bookingUpdateBodySchema, { memo: '到着19時\r\n\t駐車場あり', address: '東京都' })).toEqual({});
    expect(fieldErrors(calendarCommentCreateSchema, { target_date: '2027-01-10', comment: '団体\u202e' })).toEqual({
      comment: controlCharacterMessage,
    });
    expect(fieldErrors(calendarCommentUpdateSchema, { comment: '団体\n夕食18時' })).toEqual({});
    expect(fieldErrors(bookingOptionCreateSchema, { option_id: 1, unit: 1, comment: '\u2067x' })).toEqual({
      comment: controlCharacterMessage,
    });
  });

  it('the create form’s own rules (the booking panel) say it of the field, after the spec’s rules', () => {
    expect(bookingCreateErrors(validBookingInput)).toEqual([]);
    expect(bookingCreateErrors({ ...validBookingInput, name: '山田\u202e太郎' })).toEqual([
      { field: 'name', message: controlCharacterMessage },
    ]);
    expect(bookingCreateErrors({ ...validBookingInput, tel: '090\u001b' })).toEqual([
      { field: 'tel', message: controlCharacterMessage },
    ]);
    expect(bookingCreateErrors({ ...validBookingInput, mini_memo: '夕食\n不要' })[0]?.field).toBe('mini_memo');
    expect(bookingCreateErrors({ ...validBookingInput, address: '東京都　千代田区', mail: 'a@example.jp' })).toEqual(
      [],
    );
  });
});
