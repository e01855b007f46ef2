import type { ReactNode } from 'react';
import { Box, Table, TableBody, TableCell, TableHead, TableRow, type TableCellProps } from '@mui/material';
import { tableScrollSx } from './ListStatus';

export interface DataColumn {
  key: string;
  header: ReactNode;
  align?: TableCellProps['align'];
}

export interface DataTableProps {
  columns: readonly DataColumn[];
  /** The body's rows. */
  children: ReactNode;
  /** A height cap: the rows scroll under a header that stays. */
  maxHeight?: number;
  testId?: string;
}

/** A small table with a bold one-line header row, scrolling inside its card when it is wider. */
export function DataTable({ columns, children, maxHeight, testId }: DataTableProps) {
  return (
    <Box sx={maxHeight === undefined ? tableScrollSx : { ...tableScrollSx, maxHeight, overflowY: 'auto' }}>
      <Table size="small" stickyHeader={maxHeight !== undefined} data-testid={testId}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.key} align={c.align} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                {c.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </Box>
  );
}
