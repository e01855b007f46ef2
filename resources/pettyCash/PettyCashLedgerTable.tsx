import type { MouseEvent } from 'react';
import { Box, Button, Chip, Link, TableCell, TableRow, Typography } from '@mui/material';
import type { PettyCash, PettyCashList } from '../../contract/pettyCash';
import { formatDate, formatYen } from '../../i18n/formats';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { PlainTable } from '../../src/components/PlainTable';
import { pettyCashRows, pettyCashTotals, type PettyCashRow } from './pettyCashModel';

const money = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/** The row of an entry, the target of a correction pair's link. */
const entryAnchor = (id: number) => `cash-entry-${id}`;

/**
 * The ledger of a range: 前期繰越, each entry (No., date, money in or out, the balance after it, use,
 * who, 訂正 on an ordinary entry), then 期末残高 with the range's totals.
 */
export function LedgerTable({ list, onCorrect }: { list: PettyCashList; onCorrect: (entry: PettyCash) => void }) {
  const translate = useAppTranslate();
  const rows = pettyCashRows(list, translate('resources.cashes.carried'));
  const totals = pettyCashTotals(list);
  const entries = new Map(list.cashes.map((c) => [c.id, c]));
  const columns = [
    { key: 'no', header: translate('resources.cashes.columns.no'), align: 'right' as const },
    { key: 'date', header: translate('resources.cashes.columns.date') },
    { key: 'incoming', header: translate('resources.cashes.columns.incoming'), align: 'right' as const },
    { key: 'outgoing', header: translate('resources.cashes.columns.outgoing'), align: 'right' as const },
    { key: 'balance', header: translate('resources.cashes.columns.balance'), align: 'right' as const },
    { key: 'use', header: translate('resources.cashes.columns.use') },
    { key: 'user', header: translate('resources.cashes.columns.user') },
    { key: 'actions', header: translate('resources.cashes.columns.actions') },
  ];
  return (
    <>
      <Typography variant="subtitle2" sx={{ mb: 1 }} data-testid="cash-range">
        {formatDate(list.start_date)} 〜 {formatDate(list.end_date)}
      </Typography>
      <PlainTable columns={columns} testId="cash-table">
        {rows.map((row) => {
          // A reversed entry stays in its day, struck through: the money it moved is taken back by its reversal.
          const struck = row.state === 'corrected' ? { textDecoration: 'line-through', opacity: 0.6 } : {};
          const entry = row.id !== null ? entries.get(row.id) : undefined;
          return (
            <TableRow
              key={row.key}
              id={row.id !== null ? entryAnchor(row.id) : undefined}
              data-testid={row.kind === 'carried' ? 'cash-carried' : 'cash-row'}
              data-state={row.state ?? undefined}
              sx={row.kind === 'carried' ? { bgcolor: 'action.hover' } : undefined}
            >
              <TableCell align="right" sx={{ ...money, color: 'text.secondary' }}>
                {row.id ?? ''}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.date ? formatDate(row.date) : ''}</TableCell>
              <TableCell align="right" sx={{ ...money, ...struck }}>
                {row.incoming !== null ? formatYen(row.incoming) : ''}
              </TableCell>
              <TableCell align="right" sx={{ ...money, color: 'error.main', ...struck }}>
                {row.outgoing !== null ? formatYen(row.outgoing) : ''}
              </TableCell>
              <TableCell
                align="right"
                sx={{ ...money, fontWeight: 700, color: row.balance < 0 ? 'error.main' : undefined }}
              >
                {formatYen(row.balance)}
              </TableCell>
              <TableCell
                sx={row.kind === 'carried' ? { fontWeight: 700, whiteSpace: 'nowrap' } : { wordBreak: 'break-word' }}
              >
                <Box component="span" sx={struck}>
                  {row.use}
                </Box>
                <CorrectionNote row={row} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.user}</TableCell>
              <TableCell>
                {entry && row.state === null && (
                  <Button size="small" onClick={() => onCorrect(entry)} data-testid="cash-correct">
                    {translate('resources.cashes.actions.correct')}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          );
        })}
        {list.cashes.length === 0 && (
          <TableRow>
            <TableCell colSpan={columns.length} sx={{ color: 'text.secondary' }}>
              {translate('resources.cashes.messages.empty')}
            </TableCell>
          </TableRow>
        )}
        <TableRow data-testid="cash-closing" sx={{ '& td': { fontWeight: 700, borderTop: 2, borderColor: 'divider' } }}>
          <TableCell colSpan={2} sx={{ whiteSpace: 'nowrap' }}>
            {translate('resources.cashes.closing')}
          </TableCell>
          <TableCell align="right" sx={money}>
            {formatYen(totals.incoming)}
          </TableCell>
          <TableCell align="right" sx={{ ...money, color: 'error.main' }}>
            {formatYen(totals.outgoing)}
          </TableCell>
          <TableCell align="right" sx={money}>
            {formatYen(list.balance)}
          </TableCell>
          <TableCell colSpan={3} />
        </TableRow>
      </PlainTable>
    </>
  );
}

/**
 * Under a correction pair's use: 訂正済み with the number (and date, when in another range) of the
 * entry reversing it, or 訂正 with the number of the entry it reverses and the reason. The number
 * links to its row when that row is on the page.
 */
function CorrectionNote({ row }: { row: PettyCashRow }) {
  const translate = useAppTranslate();
  if (!row.state || !row.pair) return null;
  const { pair } = row;
  const corrected = row.state === 'corrected';
  const text = corrected
    ? translate(`resources.cashes.correction.${pair.shown ? 'corrected_by' : 'corrected_by_elsewhere'}`, {
        id: pair.id,
        date: formatDate(pair.date),
      })
    : translate(`resources.cashes.correction.${pair.shown ? 'corrects' : 'corrects_elsewhere'}`, {
        id: pair.id,
        date: formatDate(pair.date),
        reason: row.reason ?? '',
      });
  const jump = (event: MouseEvent) => {
    event.preventDefault();
    document.getElementById(entryAnchor(pair.id))?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  };
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.75, mt: 0.5 }}>
      <Chip
        size="small"
        variant="outlined"
        color={corrected ? 'default' : 'warning'}
        label={translate(`resources.cashes.correction.${corrected ? 'corrected' : 'correction'}`)}
        data-testid={corrected ? 'cash-corrected' : 'cash-correction'}
      />
      <Typography variant="body2" color="text.secondary" component="span" data-testid="cash-correction-note">
        {pair.shown ? (
          <Link href={`#${entryAnchor(pair.id)}`} onClick={jump} underline="hover" color="inherit">
            {text}
          </Link>
        ) : (
          text
        )}
      </Typography>
    </Box>
  );
}
