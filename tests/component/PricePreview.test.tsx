import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PREVIEW_ROW_PX, PricePreview } from '../../resources/plans/prices/PricePreview';
import { renderInAdmin } from './helpers';

const rule = { base_price: 10000, unit_step: [], week_step: [0, 0, 0, 0, 0, 0, 0], holiday_step: [0, 0] };
const rowDates = () =>
  [...document.querySelectorAll('[data-testid="price-preview"] tbody tr[data-date]')].map((r) =>
    r.getAttribute('data-date'),
  );

describe('PricePreview', () => {
  it('keeps only the rows around the view in the page, and follows the scroll through a year', () => {
    renderInAdmin(<PricePreview rule={rule} start="2027-01-01" end="2027-12-31" maxNum={10} holidays={new Map()} />);
    const table = screen.getByTestId('price-preview');
    expect(table).toHaveAttribute('data-rows', '365');
    expect(rowDates()[0]).toBe('2027-01-01');
    expect(rowDates().length).toBeLessThan(60);
    expect(rowDates()).not.toContain('2027-10-28');
    fireEvent.scroll(table.parentElement!, { target: { scrollTop: 300 * PREVIEW_ROW_PX } });
    expect(rowDates()).toContain('2027-10-28');
    expect(rowDates()).not.toContain('2027-01-01');
    const row = document.querySelector('tr[data-date="2027-10-28"]')!;
    expect(row.querySelectorAll('td')).toHaveLength(10);
    expect(row).toHaveTextContent('10,000円');
    fireEvent.scroll(table.parentElement!, { target: { scrollTop: 365 * PREVIEW_ROW_PX } });
    expect(rowDates().at(-1)).toBe('2027-12-31');
  });
});
