import { Box, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** One titled part of the booking panel (入金, オプション, メール), its action button on the right. */
export function PanelSection({
  title,
  testId,
  action,
  children,
}: {
  title: string;
  testId: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box component="section" data-testid={testId}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', gap: 1, borderBottom: 1, borderColor: 'divider', minHeight: 32 }}
      >
        <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
          {title}
        </Typography>
        {action && <Box sx={{ ml: 'auto' }}>{action}</Box>}
      </Stack>
      <Box sx={{ minHeight: 32, py: 0.5 }}>{children}</Box>
    </Box>
  );
}

export const EmptyNote = ({ children }: { children: ReactNode }) => (
  <Typography variant="body2" color="text.secondary">
    {children}
  </Typography>
);
