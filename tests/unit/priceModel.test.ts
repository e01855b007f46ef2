import { describe, expect, it } from 'vitest';
import { MAX_PRICE_CSV_BYTES, priceMessages, type PriceEntry } from '../../contract/price';
import {
  buildPriceGrid,
  cellChange,
  checkCsvFile,
  csvErrorText,
  dayLabel,
  isCompact,
  monthLabel,
  monthRange,
  parsePrice,
  priceCsvTemplate,
  shiftMonth,
} from '../../resources/plans/prices/priceModel';

const entry = (id: number, target_date: string, unit: number, price: number): PriceEntry => ({
  id,
  target_date,
  unit,
  price,
});

describe('price grid layout', () => {
  it('has one row per date of the month and one column per headcount up to max_num', () => {
    const { start, end } = monthRange('2026-02-14');
    expect([start, end]).toEqual(['2026-02-01', '2026-02-28']);
    const grid = buildPriceGrid(start, end, 3, [entry(1, '2026-02-01', 2, 18000), entry(2, '2026-02-28', 3, 21000)]);
    expect(grid.units).toEqual([1, 2, 3]);
    expect(grid.rows).toHaveLength(28);
    expect(grid.rows[0]!.cells).toEqual([null, entry(1, '2026-02-01', 2, 18000), null]);
    expect(grid.rows[27]!.cells[2]).toEqual(entry(2, '2026-02-28', 3, 21000));
    expect(grid.rows.every((row) => row.cells.length === 3)).toBe(true);
  });

  it('leaves out cells above max_num and rows outside the range', () => {
    const grid = buildPriceGrid('2026-04-01', '2026-04-02', 2, [
      entry(1, '2026-04-01', 3, 1),
      entry(2, '2026-05-01', 1, 1),
    ]);
    expect(grid.rows.map((r) => r.cells)).toEqual([
      [null, null],
      [null, null],
    ]);
  });

  it('is compact only above 5 headcounts', () => {
    expect(isCompact(5)).toBe(false);
    expect(isCompact(6)).toBe(true);
    expect(buildPriceGrid('2026-04-01', '2026-04-01', 10, []).compact).toBe(true);
    expect(buildPriceGrid('2026-04-01', '2026-04-01', 4, []).compact).toBe(false);
  });

  it('labels dates with the weekday and walks months', () => {
    expect(dayLabel('2026-04-04')).toBe('4月4日(土)');
    expect(dayLabel('2026-04-05')).toBe('4月5日(日)');
    expect(buildPriceGrid('2026-04-04', '2026-04-05', 1, []).rows.map((r) => r.weekday)).toEqual([6, 0]);
    expect(shiftMonth('2026-01-31', -1)).toBe('2025-12-01');
    expect(shiftMonth('2026-12-15', 1)).toBe('2027-01-01');
    expect(monthLabel('2027-01-01')).toBe('2027年1月');
  });
});

describe('changed-cell detection', () => {
  const cell = entry(7, '2026-04-01', 1, 18000);

  it('sends nothing for an unchanged value or a cell without an id', () => {
    expect(cellChange(cell, '18000')).toEqual({ kind: 'none' });
    expect(cellChange(cell, ' 18,000 ')).toEqual({ kind: 'none' });
    expect(cellChange(null, '5000')).toEqual({ kind: 'none' });
  });

  it('saves a changed whole number of 0 yen or more', () => {
    expect(cellChange(cell, '19500')).toEqual({ kind: 'save', id: 7, price: 19500 });
    expect(cellChange(cell, '0')).toEqual({ kind: 'save', id: 7, price: 0 });
  });

  it('refuses a negative, decimal or non-numeric price with the Japanese message', () => {
    for (const text of ['-1', '1.5', 'abc', '']) {
      expect(cellChange(cell, text)).toEqual({ kind: 'invalid', message: priceMessages.price });
    }
    expect(parsePrice('999999999')).toEqual({ ok: false, message: priceMessages.priceTooHigh });
  });
});

describe('CSV helpers', () => {
  it('writes errors as {line}行目: {reason}', () => {
    expect(csvErrorText({ line: 3, reason: priceMessages.price })).toBe(`3行目: ${priceMessages.price}`);
  });

  it('gives a blank file with the header, UTF-8 with BOM', async () => {
    const bytes = new Uint8Array(await priceCsvTemplate().arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe('\uFEFF日付,人数,料金\r\n');
  });
});

describe('checkCsvFile (the CSV screen reads the chosen file at once)', () => {
  it("parses it like the server, without the plan's headcount bound", async () => {
    const file = new Blob(['\uFEFF日付,人数,料金\r\n2026-04-01,30,18000\r\n2026-04-02,1,x\r\n']);
    expect(await checkCsvFile(file)).toEqual({
      kind: 'read',
      items: [{ target_date: '2026-04-01', unit: 30, price: 18_000 }],
      errors: [{ line: 3, reason: priceMessages.price }],
    });
  });

  it('refuses a file too large or no text, with the messages the server answers', async () => {
    expect(await checkCsvFile(new Blob([new Uint8Array(MAX_PRICE_CSV_BYTES + 1)]))).toEqual({
      kind: 'refused',
      message: priceMessages.tooLarge,
    });
    expect(await checkCsvFile(new Blob([new Uint8Array([0x31, 0x00, 0xff])]))).toEqual({
      kind: 'refused',
      message: priceMessages.notCsv,
    });
  });
});
