import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../contract/dates';
import { decodeCsvBytes } from '../../contract/csvText';
import { MAX_PRICE_ENTRIES, parsePriceCsv, priceCsvText, priceMessages } from '../../contract/price';
import { priceCsvBytes } from '../../server/services/priceCsv';

const lines = (...rows: string[]) => rows.join('\r\n');

describe('parsePriceCsv (papaparse)', () => {
  it('reads a quoted cell holding a line break, and the next bad row keeps its physical line', () => {
    const parsed = parsePriceCsv(
      lines(
        '日付,人数,料金', // 1
        '2026-04-01,1,"18000', // 2: the price cell holds a line break ...
        '"', // 3  ... and ends here: trimmed, it is 18000
        '"2026-04-02', // 4: a date cell over two lines
        'メモ",1,100', // 5
        '2026-04-03,1,abc', // 6: the next bad row
        '2026-04-04,2,"1,000"', // 7
        '',
      ),
      3,
    );
    expect(parsed.items).toEqual([
      { target_date: '2026-04-01', unit: 1, price: 18_000 },
      { target_date: '2026-04-04', unit: 2, price: 1_000 },
    ]);
    expect(parsed.errors).toEqual([
      { line: 4, reason: `${priceMessages.date}: 2026-04-02\nメモ` },
      { line: 6, reason: priceMessages.price },
    ]);
  });

  it('counts \\r\\n, \\n and \\r alike, also inside quotes, with # comments and blank lines between', () => {
    const text =
      '\uFEFF日付,人数,料金\r\n' + // 1
      '# "メモ, 閉じない引用符\n' + // 2: a comment, its quote never opens a cell
      '\r' + // 3: blank
      '  # 字下げしたコメント\r\n' + // 4
      '"2026-04-01\r\n\r\n",1,100\n' + // 5-7
      '2026-04-01,1,200\r' + // 8: the same date and headcount
      '2026-02-30,1,100'; // 9, no line break at the end
    const parsed = parsePriceCsv(text, 2);
    expect(parsed.items).toEqual([{ target_date: '2026-04-01', unit: 1, price: 100 }]);
    expect(parsed.errors).toEqual([
      { line: 8, reason: priceMessages.duplicate(5) },
      { line: 9, reason: `${priceMessages.date}: 2026-02-30` },
    ]);
  });

  it('reads quotes as RFC 4180 does: "" is a quote, commas inside quotes stay in the cell', () => {
    const parsed = parsePriceCsv(lines('"2026-04-0""1",1,100', '"2026-04-02","1","1,234"', '2026-04-03,"2,000",1'), 3);
    expect(parsed.items).toEqual([{ target_date: '2026-04-02', unit: 1, price: 1_234 }]);
    expect(parsed.errors).toEqual([
      { line: 1, reason: `${priceMessages.date}: 2026-04-0"1` },
      { line: 3, reason: priceMessages.unitOverPlan(3) },
    ]);
  });

  it('names the row whose quote is never closed (the rest of the file is inside it)', () => {
    const parsed = parsePriceCsv(
      lines('日付,人数,料金', '2026-04-01,1,100', '2026-04-02,1,"200', '2026-04-03,1,300'),
      2,
    );
    expect(parsed.items).toEqual([{ target_date: '2026-04-01', unit: 1, price: 100 }]);
    expect(parsed.errors).toEqual([{ line: 3, reason: priceMessages.quotes }]);
  });

  it('drops the empty cells Excel adds on the right, reads the English header, and names a short row', () => {
    const parsed = parsePriceCsv(
      lines('target_date,UNIT,price,,', '2026/4/1,1,100,,', '2026-04-02,1,', '2026-04-03'),
      2,
    );
    expect(parsed.items).toEqual([{ target_date: '2026-04-01', unit: 1, price: 100 }]);
    expect(parsed.errors).toEqual([
      { line: 3, reason: priceMessages.price },
      { line: 4, reason: priceMessages.columns },
    ]);
  });

  it('takes a first row without a digit as a header, and any later one as a bad row', () => {
    const parsed = parsePriceCsv(lines('date,people,yen', '2026-04-01,1,100', 'date,people,yen'), 2);
    expect(parsed.items).toHaveLength(1);
    expect(parsed.errors).toEqual([{ line: 3, reason: expect.stringContaining(priceMessages.date) }]);
  });

  it('refuses a file of comments and blank lines only, on line 1', () => {
    expect(parsePriceCsv('', 2).errors).toEqual([{ line: 1, reason: priceMessages.empty }]);
    expect(parsePriceCsv('\uFEFF# メモ\r\n\r\n', 2).errors).toEqual([{ line: 1, reason: priceMessages.empty }]);
  });

  it('refuses more entries than one import writes, on the last line', () => {
    const rows = ['日付,人数,料金'];
    for (let i = 0; i <= MAX_PRICE_ENTRIES; i++)
      rows.push(`${addDays('2030-01-01', Math.floor(i / 50))},${(i % 50) + 1},1`);
    const parsed = parsePriceCsv(rows.join('\r\n') + '\r\n', 50);
    expect(parsed.items).toHaveLength(MAX_PRICE_ENTRIES + 1);
    expect(parsed.errors).toEqual([{ line: MAX_PRICE_ENTRIES + 3, reason: priceMessages.tooMany }]);
  });
});

/** 日付,人数,料金 in Shift_JIS, as Japanese Excel saves it. */
const SJIS_HEADER = [0x93, 0xfa, 0x95, 0x74, 0x2c, 0x90, 0x6c, 0x90, 0x94, 0x2c, 0x97, 0xbf, 0x8b, 0xe0];

describe('decodeCsvBytes (the rule the server and the CSV screen share)', () => {
  it('reads UTF-8 with or without a BOM, dropping the BOM', () => {
    const body = new TextEncoder().encode('日付,人数,料金\r\n');
    expect(decodeCsvBytes(body)).toEqual({ text: '日付,人数,料金\r\n', encoding: 'utf-8' });
    expect(decodeCsvBytes(new Uint8Array([0xef, 0xbb, 0xbf, ...body]))).toEqual({
      text: '日付,人数,料金\r\n',
      encoding: 'utf-8',
    });
  });

  it('reads bytes that are no UTF-8 as Shift_JIS', () => {
    const bytes = new Uint8Array([...SJIS_HEADER, 0x0d, 0x0a]);
    expect(decodeCsvBytes(bytes)).toEqual({ text: '日付,人数,料金\r\n', encoding: 'shift_jis' });
    const fixture = decodeCsvBytes(readFileSync(new URL('../fixtures/prices-sjis.csv', import.meta.url)));
    expect(fixture?.encoding).toBe('shift_jis');
    expect(fixture?.text.startsWith('# 料金表\r\n日付,人数,料金\r\n')).toBe(true);
  });

  it('gives null for bytes of neither, and for a binary file', () => {
    expect(decodeCsvBytes(new Uint8Array([0x31, 0xff, 0xff]))).toBeNull();
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]);
    expect(decodeCsvBytes(png)).toBeNull();
  });
});

describe('priceCsvText (papaparse writes the export and the blank file)', () => {
  const prices = [
    { target_date: '2026-04-01', unit: 1, price: 18_000 },
    { target_date: '2026-04-01', unit: 2, price: 0 },
  ];

  it('writes a BOM, the Japanese header and CRLF after every row, with no quotes', () => {
    expect(priceCsvText([])).toBe('\uFEFF日付,人数,料金\r\n');
    expect(priceCsvText(prices)).toBe('\uFEFF日付,人数,料金\r\n2026-04-01,1,18000\r\n2026-04-01,2,0\r\n');
  });

  it('gives the server the same text as UTF-8 bytes, and reads back as it was written', () => {
    const bytes = priceCsvBytes(prices);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const decoded = decodeCsvBytes(bytes);
    expect(decoded?.text).toBe(priceCsvText(prices).slice(1));
    expect(parsePriceCsv(decoded!.text, 2)).toEqual({ items: prices, errors: [] });
  });
});
