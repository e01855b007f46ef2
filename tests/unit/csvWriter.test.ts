import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { toCsv } from '../../contract/csvWriter';

describe('toCsv (the one CSV writer)', () => {
  it('writes a BOM, CRLF after every row and quotes only where needed', () => {
    expect(toCsv(['日付', '金額'], [])).toBe('\uFEFF日付,金額\r\n');
    expect(toCsv(['日付', '金額', '用途'], [['2026-04-01', 1200, '切手']])).toBe(
      '\uFEFF日付,金額,用途\r\n2026-04-01,1200,切手\r\n',
    );
    expect(toCsv(['a'], [['x,y'], ['say "hi"'], ['two\nlines'], [' pad ']])).toBe(
      '\uFEFFa\r\n"x,y"\r\n"say ""hi"""\r\n"two\nlines"\r\n" pad "\r\n',
    );
  });

  it('writes null and undefined as empty cells', () => {
    expect(toCsv(['a', 'b', 'c'], [[null, undefined, 0]])).toBe('\uFEFFa,b,c\r\n,,0\r\n');
  });

  it('neutralises text cells that start with = + - @ tab or CR (OWASP)', () => {
    const cells = ['=SUM(A1:A2)', '+1', '-2', '@cmd', '\tx', '\rx', '=1\n=2'];
    const csv = toCsv(
      ['v'],
      cells.map((c) => [c]),
    );
    const lines = Papa.parse<string[]>(csv.slice(1), { newline: '\r\n', skipEmptyLines: true }).data.slice(1);
    expect(lines.map((r) => r[0])).toEqual(cells.map((c) => `'${c}`));
    expect(csv).toContain(`"'=SUM(A1:A2)"`);
  });

  it('leaves numbers alone, negative ones too, and harmless text', () => {
    expect(
      toCsv(
        ['金額', '用途'],
        [
          [-1200, 'a=b'],
          [3.5, '１＝２'],
        ],
      ),
    ).toBe('\uFEFF金額,用途\r\n-1200,a=b\r\n3.5,１＝２\r\n');
  });

  it('guards the header as well', () => {
    expect(toCsv(['=bad'], [])).toBe(`\uFEFF"'=bad"\r\n`);
  });
});
