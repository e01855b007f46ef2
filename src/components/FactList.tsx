import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';

/** One line of a FactList: its label, its value, and the value's test id when a test reads it. */
export type Fact = readonly [label: string, value: ReactNode, testId?: string];

/**
 * What a page says of one thing, as a definition list: the labels in a narrow grey column, each
 * value beside its label (a long one wraps within its column).
 */
export function FactList({ facts }: { facts: readonly Fact[] }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 2, rowGap: 0.5, my: 1.5 }}
    >
      {facts.map(([label, value, testId]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }} data-testid={testId}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
