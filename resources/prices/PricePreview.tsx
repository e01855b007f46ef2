import { memo } from 'react';
import { Box, Typography } from '@mui/material';
import type { PriceRuleSet } from '../../contract/priceRule';
import { formatYen } from '../../i18n/formats';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { previewRows, rowClasses } from './priceCreatorModel';

export interface PricePreviewProps {
  /** null while the base price is not entered: the dates show, the prices do not. */
  rule: PriceRuleSet | null;
  start: string;
  end: string;
  maxNum: number;
  holidays: ReadonlyMap<string, string>;
  /** Whether the rule shown is behind the inputs (typing faster than the grid paints). */
  stale?: boolean;
}

const EMPTY_RULE: PriceRuleSet = { base_price: 0, unit_step: [], week_step: [], holiday_step: [] };

/**
 * The creator's preview (spec section 2): one row per date with its weekday and holiday classes,
 * one column per headcount 1..max_num. A plain table with light cells: a year at 10 headcounts is
 * 3,660 cells, painted again after each input.
 */
export const PricePreview = memo(function PricePreview({
  rule,
  start,
  end,
  maxNum,
  holidays,
  stale = false,
}: PricePreviewProps) {
  const translate = useAppTranslate();
  const rows = previewRows(rule ?? EMPTY_RULE, start, end, maxNum, holidays);
  const units = Array.from({ length: maxNum }, (_, i) => i + 1);
  return (
    <Box sx={{ overflow: 'auto', maxHeight: '60vh', opacity: stale ? 0.6 : 1 }}>
      <Box
        component="table"
        data-testid="price-preview"
        data-rows={rows.length}
        sx={{
          borderCollapse: 'collapse',
          fontSize: maxNum > 5 ? '0.75rem' : '0.875rem',
          fontVariantNumeric: 'tabular-nums',
          '& th, & td': { border: 1, borderColor: 'divider', px: 1, py: 0.25, whiteSpace: 'nowrap' },
          '& thead th': { position: 'sticky', top: 0, bgcolor: 'background.paper', zIndex: 1 },
          '& td': { textAlign: 'right' },
          '& tr.day-6 th': { color: 'info.main' },
          '& tr.day-0 th, & tr.holiday th': { color: 'error.main' },
          '& tr.holiday, & tr.day-0': { bgcolor: 'rgba(211, 47, 47, 0.06)' },
          '& tr.day-6': { bgcolor: 'rgba(2, 136, 209, 0.06)' },
          '& tr.holiday-eve': { bgcolor: 'rgba(237, 108, 2, 0.08)' },
        }}
      >
        <thead>
          <tr>
            <th scope="col">{translate('app.price.date')}</th>
            {units.map((unit) => (
              <th key={unit} scope="col">
                {translate('app.price.unit', { unit })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
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
        </tbody>
      </Box>
    </Box>
  );
});
