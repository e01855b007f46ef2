import type { ReactNode } from 'react';
import { TableCell, TableRow, type TableCellProps } from '@mui/material';
import { ScrollTable } from './ScrollTable';

export interface PlainColumn {
  key: string;
  header: ReactNode;
  align?: TableCellProps['align'];
}

export interface PlainTableProps {
  columns: readonly PlainColumn[];
  /** The body's rows. */
  children: ReactNode;
  /** A height cap: the rows scroll under a header that stays. */
  maxHeight?: number;
  testId?: string;
}

/** A small table with a bold one-line header row, scrolling inside its card when it is wider. */
export function PlainTable({ columns, children, maxHeight, testId }: PlainTableProps) {
  return (
    <ScrollTable
      maxHeight={maxHeight}
      data-testid={testId}
      head={
        <TableRow>
          {columns.map((c) => (
            <TableCell key={c.key} align={c.align} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
              {c.header}
            </TableCell>
          ))}
        </TableRow>
      }
    >
      {children}
    </ScrollTable>
  );
}
