import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { decodeCsv, parseRecipientCsv, recipientCsvMessages } from '../../resources/mail/publications/recipientCsv';

const utf8 = (text: string) => new TextEncoder().encode(text);
const withBom = (text: string) => new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(text)]);
const sjis = (text: string) => new Uint8Array(iconv.encode(text, 'cp932'));

const CSV = 'メールアドレス,名前\r\nyamada@example.jp,山田 太郎\r\nsato@example.jp,佐藤 花子\r\n';

describe('recipient CSV', () => {
  it('reads UTF-8 without a BOM, skipping the header', () => {
    const csv = parseRecipientCsv(utf8(CSV));
    expect(csv.encoding).toBe('utf-8');
    expect(csv.recipients).toEqual([
      { mail: 'yamada@example.jp', name: '山田 太郎' },
      { mail: 'sato@example.jp', name: '佐藤 花子' },
    ]);
    expect(csv.invalid).toEqual([]);
  });

  it('reads UTF-8 with a BOM (the BOM is not part of the first cell)', () => {
    const csv = parseRecipientCsv(withBom('yamada@example.jp,山田 太郎\nsato@example.jp\n'));
    expect(csv.encoding).toBe('utf-8');
    expect(csv.recipients).toEqual([
      { mail: 'yamada@example.jp', name: '山田 太郎' },
      { mail: 'sato@example.jp', name: null },
    ]);
  });

  it('reads Shift_JIS / CP932 from Japanese Excel, with its extensions (髙, ①, ㈱)', () => {
    const bytes = sjis('メールアドレス,名前\r\ntakahashi@example.jp,髙橋 一郎\r\nkaisha@example.jp,㈱やどばん①\r\n');
    expect(decodeCsv(bytes).encoding).toBe('shift_jis');
    const csv = parseRecipientCsv(bytes);
    expect(csv.encoding).toBe('shift_jis');
    expect(csv.recipients).toEqual([
      { mail: 'takahashi@example.jp', name: '髙橋 一郎' },
      { mail: 'kaisha@example.jp', name: '㈱やどばん①' },
    ]);
  });

  it('deduplicates addresses case-insensitively and says on which lines', () => {
    const csv = parseRecipientCsv(utf8('a@example.jp,A\nA@EXAMPLE.JP,B\nb@example.jp,C\n'), ['b@example.jp']);
    expect(csv.recipients).toEqual([{ mail: 'a@example.jp', name: 'A' }]);
    expect(csv.duplicates.map((d) => [d.line, d.text])).toEqual([
      [2, 'A@EXAMPLE.JP'],
      [3, 'b@example.jp'],
    ]);
  });

  it('lists every invalid line with its line number, counting quoted line breaks and empty lines', () => {
    const text = [
      'mail,name',
      'ok@example.jp,"複数行の\n名前"',
      '',
      'not-an-address,誰か',
      ',名前だけ',
      '"x@y",z',
      'good@example.jp,良い',
    ].join('\n');
    const csv = parseRecipientCsv(utf8(text));
    expect(csv.recipients.map((r) => r.mail)).toEqual(['good@example.jp']);
    expect(csv.invalid).toEqual([
      { line: 2, text: 'ok@example.jp', reason: recipientCsvMessages.nameInvalid },
      { line: 5, text: 'not-an-address', reason: recipientCsvMessages.invalidMail },
      { line: 6, text: '', reason: recipientCsvMessages.invalidMail },
      { line: 7, text: 'x@y', reason: recipientCsvMessages.invalidMail },
    ]);
  });
});
