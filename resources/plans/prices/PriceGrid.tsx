import { useEffect, useRef, useState, type ChangeEvent, type FocusEvent, type MouseEvent } from 'react';
import { Alert, Box, Button, CircularProgress, Stack, TableCell, TableRow, Typography } from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify } from 'react-admin';
import { Link } from 'react-router-dom';
import { errorMessages } from '../../../contract/messages';
import type { AppDataProvider } from '../../../dataProvider/dataProvider';
import type { PriceEntry } from '../../../dataProvider/methods/prices';
import { todayInTokyo } from '../../../i18n/formats';
import { useHolidays } from '../../../src/hooks/useHolidays';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { links } from '../../../src/routes';
import { failureMessage } from '../../../dataProvider/apiErrors';
import { storeSavedPrice, usePlan, usePrices } from './priceQueries';
import { markEditing, onGridKeyDown } from './gridKeys';
import { buildPriceGrid, cellChange, monthLabel, monthRange, shiftMonth, type PriceRow } from './priceModel';
import { saveBlob } from '../../../src/components/saveBlob';
import { stickyFirstCellSx } from '../../../src/components/phoneSx';
import { useYenText } from '../../../src/components/useYenText';
import { yenDigits } from '../../../src/components/yenText';
import { ScrollTable } from '../../../src/components/ScrollTable';
import { PlanPriceCard } from './PlanPriceCard';

/** Sundays and public holidays red, Saturdays blue, as on a Japanese calendar. */
const dayColor = (row: PriceRow, holidays: ReadonlyMap<string, string>) =>
  row.weekday === 0 || holidays.has(row.date) ? 'error.main' : row.weekday === 6 ? 'info.main' : undefined;

export interface PriceGridProps {
  accommodationId: number;
  planId: number;
  /** Any date of the month shown first; this month in Tokyo by default. */
  initialMonth?: string;
}

/**
 * The price grid of a plan (spec section 2 "Plan price screens"): a month at a time, one row per date
 * and one column per headcount 1..max_num, compact above 5. A cell saves on blur only when it changed
 * and has an id (spec section 5). Enter, the arrows and Tab move between cells as in a spreadsheet
 * (./gridKeys); a month without any price says so and offers the creator.
 */
export function PriceGrid({ accommodationId, planId, initialMonth }: PriceGridProps) {
  const holidays = useHolidays();
  const translate = useAppTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const plan = usePlan(accommodationId, planId);
  const [month, setMonth] = useState(() => monthRange(initialMonth ?? todayInTokyo()).start);
  const { start, end } = monthRange(month);
  // A month not yet answered shows as loading; a month answered before shows at once.
  const prices = usePrices(planId, start, end);
  const [downloading, setDownloading] = useState(false);

  // Opened at a date (after the creator registered from it): bring that row into view once.
  const focusDate = useRef(initialMonth);
  const shown = plan.data !== undefined && prices.data !== undefined;
  useEffect(() => {
    if (!focusDate.current || !shown) return;
    const row = document.querySelector(`[data-testid="price-grid"] [data-date="${focusDate.current}"]`);
    row?.scrollIntoView?.({ block: 'center' });
    focusDate.current = undefined;
  }, [shown]);

  const download = async () => {
    setDownloading(true);
    try {
      const file = await dataProvider.downloadPricesCsv(planId);
      saveBlob(file.blob, file.filename);
    } catch (error) {
      notify(failureMessage(error, translate('app.price.download_failed')), { type: 'error' });
    } finally {
      setDownloading(false);
    }
  };

  if (plan.isPending) return <CircularProgress sx={{ m: 2 }} />;
  if (!plan.data) return <Alert severity="error">{translate('app.price.not_found')}</Alert>;

  const grid = buildPriceGrid(start, end, plan.data.max_num, prices.data ?? []);
  const cellSx = grid.compact ? { px: 0.5, py: 0.25, fontSize: '0.75rem' } : { px: 1, py: 0.5 };

  return (
    <PlanPriceCard
      planName={plan.data.name}
      subheader={translate('app.page.prices')}
      action={
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
          <Button variant="outlined" onClick={() => void download()} disabled={downloading}>
            {translate('app.price.csv_download')}
          </Button>
          <Button variant="outlined" component={Link} to={links.priceCsv(accommodationId, planId)}>
            {translate('app.price.csv_update')}
          </Button>
          <Button variant="contained" component={Link} to={links.priceCreator(accommodationId, planId)}>
            {translate('app.price.creator')}
          </Button>
        </Stack>
      }
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Button startIcon={<ChevronLeftIcon />} onClick={() => setMonth(shiftMonth(month, -1))}>
          {translate('app.price.prev_month')}
        </Button>
        <Typography component="h2" variant="h6" data-testid="price-month">
          {monthLabel(month)}
        </Typography>
        <Button endIcon={<ChevronRightIcon />} onClick={() => setMonth(shiftMonth(month, 1))}>
          {translate('app.price.next_month')}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('app.price.autosave')}
        {translate('app.price.grid_keys')}
      </Typography>
      {!prices.data && prices.isError && <Alert severity="error">{translate('app.price.load_failed')}</Alert>}
      {prices.isPending && <CircularProgress size={24} />}
      {prices.data?.length === 0 && (
        // A month without a single price: say so and offer the creator, rather than a grid of grey cells.
        <Alert
          severity="info"
          data-testid="price-month-empty"
          action={
            <Button
              color="inherit"
              variant="outlined"
              size="small"
              component={Link}
              to={links.priceCreator(accommodationId, planId)}
              sx={{ whiteSpace: 'nowrap' }}
            >
              {translate('app.price.creator')}
            </Button>
          }
        >
          {translate('app.price.empty')}
        </Alert>
      )}
      {prices.data && prices.data.length > 0 && (
        <ScrollTable
          data-testid="price-grid"
          data-compact={grid.compact ? 'true' : 'false'}
          onKeyDown={onGridKeyDown}
          head={
            <TableRow>
              <TableCell sx={{ ...cellSx, ...stickyFirstCellSx }}>{translate('app.price.date')}</TableCell>
              {grid.units.map((unit) => (
                <TableCell key={unit} sx={cellSx} align="center">
                  {translate('app.price.unit', { unit })}
                </TableCell>
              ))}
            </TableRow>
          }
        >
          {grid.rows.map((row, rowIndex) => (
            <TableRow key={row.date} data-date={row.date}>
              <TableCell
                sx={{ ...cellSx, ...stickyFirstCellSx, whiteSpace: 'nowrap', color: dayColor(row, holidays) }}
                title={holidays.get(row.date)}
              >
                {row.label}
              </TableCell>
              {row.cells.map((cell, i) => (
                <TableCell key={i} sx={cellSx}>
                  <PriceCell
                    key={cell ? `${cell.id}:${cell.price}` : `none:${row.date}:${i}`}
                    cell={cell}
                    row={rowIndex}
                    col={i}
                    compact={grid.compact}
                    label={translate('app.price.cell_label', { date: row.label, unit: i + 1 })}
                    onSave={async (id, price) => {
                      try {
                        // The saved cell is the new baseline: the next blur compares with it.
                        const entry = await dataProvider.updatePrice(planId, id, price);
                        storeSavedPrice(queryClient, planId, entry);
                        return entry.price;
                      } catch (error) {
                        notify(failureMessage(error, errorMessages.bookingUpdateFailed), { type: 'error' });
                        return null;
                      }
                    }}
                    onInvalid={(message) => notify(message, { type: 'error' })}
                  />
                </TableCell>
              ))}
            </TableRow>
          ))}
        </ScrollTable>
      )}
    </PlanPriceCard>
  );
}

interface PriceCellProps {
  cell: PriceEntry | null;
  /** Its place in the grid, for the spreadsheet keys (./gridKeys). */
  row: number;
  col: number;
  compact: boolean;
  label: string;
  /**
   * Resolves with the price the server stored, or null when it refused: the cell then shows the
   * stored price again. (The cell is drawn again from the cache's saved entry a moment later.)
   */
  onSave: (id: number, price: number) => Promise<number | null>;
  onInvalid: (message: string) => void;
}

/**
 * One price, shown with thousands separators (18,000; typed with or without them, full-width too):
 * the console's money input behaviour (useYenText) in a compact cell. Saves on blur only when the
 * value changed and the cell has an id.
 */
function PriceCell({ cell, row, col, compact, label, onSave, onInvalid }: PriceCellProps) {
  const stored = cell ? String(cell.price) : '';
  const [draft, setDraft] = useState(stored);
  const [saving, setSaving] = useState(false);

  const blur = async (event: FocusEvent<HTMLInputElement>) => {
    const change = cellChange(cell, event.currentTarget.value);
    if (change.kind === 'none') {
      setDraft(stored);
      return;
    }
    if (change.kind === 'invalid') {
      onInvalid(change.message);
      setDraft(stored);
      return;
    }
    setSaving(true);
    const saved = await onSave(change.id, change.price);
    setSaving(false);
    setDraft(saved === null ? stored : String(saved));
  };
  const { ref, ...input } = useYenText({
    value: draft,
    parse: yenDigits,
    onChange: setDraft,
    onBlur: (event) => void blur(event),
  });

  return (
    <Box
      component="input"
      {...input}
      onChange={(event: ChangeEvent<HTMLInputElement>) => {
        markEditing(event.currentTarget, true);
        input.onChange(event);
      }}
      // Reached by the keyboard a cell is not being edited (the arrows move on); clicked it is.
      onFocus={(event: FocusEvent<HTMLInputElement>) => markEditing(event.currentTarget, false)}
      onClick={(event: MouseEvent<HTMLInputElement>) => markEditing(event.currentTarget, true)}
      ref={ref}
      data-row={row}
      data-col={col}
      aria-label={label}
      disabled={!cell || saving}
      sx={{
        width: compact ? '5.5em' : '7.5em',
        fontSize: compact ? '0.75rem' : '0.875rem',
        p: compact ? 0.25 : 0.5,
        textAlign: 'right',
        border: 1,
        borderColor: 'divider',
        borderRadius: 0.5,
        bgcolor: cell ? 'background.paper' : 'action.disabledBackground',
      }}
    />
  );
}
