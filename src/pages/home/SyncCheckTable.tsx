import { Box, Link as MuiLink, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { formatDate } from '../../../i18n/formats';
import type { AppMessageKey } from '../../../i18n/ja';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { tableScrollSx } from '../../components/ListStatus';
import { links } from '../../routes';
import type { SyncCheckError } from './dashboardModel';
import { Facility } from './Facility';
import { SectionCard } from './SectionCard';

const COLUMNS: AppMessageKey[] = [
  'app.dashboard.sync.col_date',
  'app.dashboard.sync.col_facility',
  'app.dashboard.sync.col_room',
  'app.dashboard.sync.col_error',
];

/**
 * The errors the channel's sync check found; each date links to that day's schedule. The channel
 * sync does not exist yet, so the dashboard passes no rows and the table says so.
 */
export function SyncCheckTable({ rows }: { rows: readonly SyncCheckError[] }) {
  const translate = useAppTranslate();
  return (
    <SectionCard title={translate('app.dashboard.sync.title')} count={rows.length} testId="sync-check-errors">
      <Box sx={tableScrollSx}>
        <Table size="small">
          <TableHead>
            <TableRow>
              {COLUMNS.map((key) => (
                <TableCell key={key} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                  {translate(key)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
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
                <TableRow key={`${row.accommodation_id}:${row.date}:${i}`}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <MuiLink component={Link} to={links.dayOf(row.accommodation_id, row.date)}>
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
          </TableBody>
        </Table>
      </Box>
    </SectionCard>
  );
}
