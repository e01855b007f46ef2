import { memo, useLayoutEffect, useMemo, useRef, useState, type UIEvent } from 'react';
import { Box, Typography } from '@mui/material';
import type { PriceRuleSet } from '../../../contract/priceRule';
import { formatYen } from '../../../i18n/formats';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { previewRows, rowClasses, visibleRange } from './priceCreatorModel';

export interface PricePreviewProps {
  /** null while the base price is not entered: the dates show, the prices do not. */
  rule: PriceRuleSet | null;
  start: string;
  end: string;
  maxNum: number;
  holidays: ReadonlyMap<string, string>;
}

const EMPTY_RULE: PriceRuleSet = { base_price: 0, unit_step: [], week_step: [], holiday_step: [] };
/** Height of one row, px: fixed, so that the rows in view follow from the scroll position alone. */
export const PREVIEW_ROW_PX = 28;
/** Height assumed before the box is measured (and in a DOM without layout). */
const DEFAULT_VIEW_PX = 600;

/**
 * The creator's preview (spec section 2): one row per date with its weekday and holiday classes,
 * one column per headcount 1..max_num. A year at 10 headcounts is 3,650 cells: only the rows in
 * view (and some around them) are in the DOM, between two spacer rows that keep the scroll height,
 * so that each input repaints a few hundred cells, not thousands (bench: `npm run bench -- prices`).
 */
export const PricePreview = memo(function PricePreview({ rule, start, end, maxNum, holidays }: PricePreviewProps) {
  const translate = useAppTranslate();
  const box = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewHeight, setViewHeight] = useState(DEFAULT_VIEW_PX);
  useLayoutEffect(() => {
    const height = box.current?.clientHeight;
    if (height) setViewHeight(height);
  }, []);

  const rows = useMemo(
    () => previewRows(rule ?? EMPTY_RULE, start, end, maxNum, holidays),
    [rule, start, end, maxNum, holidays],
  );
  const { first, last } = visibleRange(rows.length, scrollTop, viewHeight, PREVIEW_ROW_PX);
  const units = Array.from({ length: maxNum }, (_, i) => i + 1);
  const spacer = (count: number) => (count > 0 ? <tr aria-hidden style={{ height: count * PREVIEW_ROW_PX }} /> : null);

  return (
    <Box
      ref={box}
      onScroll={(event: UIEvent<HTMLDivElement>) => setScrollTop(event.currentTarget.scrollTop)}
      // Scrolls within its own width (a phone's too) rather than widening the page.
      sx={{ overflow: 'auto', maxHeight: '60vh', width: 0, minWidth: '100%' }}
    >
      <Box
        component="table"
        data-testid="price-preview"
        data-rows={rows.length}
        sx={{
          borderCollapse: 'collapse',
          fontSize: maxNum > 5 ? '0.75rem' : '0.875rem',
          fontVariantNumeric: 'tabular-nums',
          '& tbody tr': { height: PREVIEW_ROW_PX },
          '& th, & td': { border: 1, borderColor: 'divider', px: 1, py: 0, whiteSpace: 'nowrap' },
          '& thead th': { position: 'sticky', top: 0, bgcolor: 'background.paper', zIndex: 1 },
          '& td': { textAlign: 'right', minWidth: '6.5em' },
          '& tr.day-6 th': { color: 'info.main' },
          '& tr.day-0 th, & tr.holiday th': { color: 'error.main' },
          '& tr.holiday, & tr.day-0': { bgcolor: 'rgba(211, 47, 47, 0.06)' },
          '& tr.day-6': { bgcolor: 'rgba(2, 136, 209, 0.06)' },
          '& tr.holiday-eve': { bgcolor: 'rgba(237, 108, 2, 0.08)' },
        }}
      >
        <thead>
          <tr>
            <Box component="th" scope="col" sx={{ minWidth: { xs: '9em', sm: '13em' } }}>
              {translate('app.price.date')}
            </Box>
            {units.map((unit) => (
              <th key={unit} scope="col">
                {translate('app.price.unit', { unit })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {spacer(first)}
          {rows.slice(first, last).map((row) => (
            <tr key={row.date} className={rowClasses(row)} data-date={row.date}>
              <Box component="th" scope="row" sx={{ textAlign: 'left', fontWeight: 'normal' }}>
                {row.label}
                {row.holidayName && (
                  <Typography component="span" variant="caption" sx={{ ml: 0.5 }}>
                    {row.holidayName}
                  </Typography>
                )}
                {row.holiday === 'eve' && (
                  <Typography component="span" variant="caption" color="warning.main" sx={{ ml: 0.5 }}>
                    {translate('app.price.holiday_eve')}
                  </Typography>
                )}
              </Box>
              {row.prices.map((price, i) => (
                <td key={i}>{rule ? formatYen(price) : '—'}</td>
              ))}
            </tr>
          ))}
          {spacer(rows.length - last)}
        </tbody>
      </Box>
    </Box>
  );
});
