import { Link as MuiLink, TableCell, TableRow, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { formatDate } from '../../../i18n/formats';
import type { AppMessageKey } from '../../../i18n/ja';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { PlainTable } from '../../../src/components/PlainTable';
import { links } from '../../../src/routes';
import { Facility } from '../../../src/components/Facility';
import { SectionCard } from '../../../src/components/SectionCard';
import { useSyncCheckErrors } from './useSyncCheckErrors';

const COLUMNS: AppMessageKey[] = [
  'app.dashboard.sync.col_date',
  'app.dashboard.sync.col_facility',
  'app.dashboard.sync.col_room',
  'app.dashboard.sync.col_error',
];

/** One error of the channel's sync check, as the table shows it. */
export interface SyncCheckError {
  accommodation_id: number;
  /** The day the check found wrong, yyyy-MM-dd: its row links to that day's schedule. */
  date: string;
  room_name: string;
  message: string;
}

/**
 * The error days the channel's sync check found (spec 2 "Home dashboard"), from today on, of every
 * facility the user reaches: loaded again whenever the dashboard reloads (`version`), or given as
 * `rows`. Each date links to that day's schedule (the day route).
 */
export function SyncCheckTable({ version = 0, rows }: { version?: number; rows?: readonly SyncCheckError[] }) {
  const loaded = useSyncCheckErrors(version, rows === undefined);
  return <SyncCheckRows rows={rows ?? loaded} />;
}

function SyncCheckRows({ rows }: { rows: readonly SyncCheckError[] }) {
  const translate = useAppTranslate();
  return (
    <SectionCard title={translate('app.dashboard.sync.title')} count={rows.length} testId="sync-check-errors">
      {/* Many days can differ while a facility is out of sync: they scroll under a header that stays. */}
      <PlainTable columns={COLUMNS.map((key) => ({ key, header: translate(key) }))} maxHeight={420}>
        {rows.length === 0 ? (
          <TableRow>
            <TableCell colSpan={COLUMNS.length} sx={{ borderBottom: 0 }}>
              <Typography variant="body2" color="text.secondary">
                {translate('app.dashboard.sync.empty')}
              </Typography>
            </TableCell>
          </TableRow>
        ) : (
          rows.map((row, i) => (
            <TableRow key={`${row.accommodation_id}:${row.date}:${i}`} data-date={row.date}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <MuiLink
                  component={Link}
                  to={links.dayOf(row.accommodation_id, row.date)}
                  data-testid="sync-check-error-link"
                >
                  {formatDate(row.date)}
                </MuiLink>
              </TableCell>
              <TableCell>
                <Facility accommodationId={row.accommodation_id} />
              </TableCell>
              <TableCell>{row.room_name}</TableCell>
              <TableCell>{row.message}</TableCell>
            </TableRow>
          ))
        )}
      </PlainTable>
    </SectionCard>
  );
}
