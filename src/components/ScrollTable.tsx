import type { ReactNode } from 'react';
import { Box, Table, TableBody, TableHead, type TableProps } from '@mui/material';
import { tableScrollSx } from './ListStatus';

export interface ScrollTableProps extends Omit<TableProps, 'children'> {
  /** The header's rows. */
  head: ReactNode;
  /** The body's rows. */
  children: ReactNode;
  /** A height cap: the rows scroll under a header that stays. */
  maxHeight?: number;
}

/**
 * The console's small MUI table: header rows and body rows, scrolling inside its card when it is
 * wider (tableScrollSx). The rest of the table's props (sx, aria-label, data-testid, onKeyDown) go
 * to the table.
 */
export function ScrollTable({ head, children, maxHeight, ...table }: ScrollTableProps) {
  return (
    <Box sx={maxHeight === undefined ? tableScrollSx : { ...tableScrollSx, maxHeight, overflowY: 'auto' }}>
      <Table size="small" stickyHeader={maxHeight !== undefined} {...table}>
        <TableHead>{head}</TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </Box>
  );
}
