import type { ReactNode } from 'react';
import { Card, CardContent, Typography } from '@mui/material';

export interface SectionCardProps {
  title: string;
  /** Rows shown, after the title; nothing while loading. */
  count?: number;
  /** Beside the title, smaller: the day the block is about. */
  aside?: string;
  testId: string;
  children: ReactNode;
}

/** One block of the dashboard: a card headed by its title (h2), labelled by it for screen readers. */
export function SectionCard({ title, count, aside, testId, children }: SectionCardProps) {
  const headingId = `${testId}-title`;
  return (
    <Card component="section" aria-labelledby={headingId} data-testid={testId}>
      <CardContent>
        <Typography id={headingId} variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
          {title}
          {count !== undefined && count > 0 ? ` (${count})` : ''}
          {aside && (
            <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1.5 }}>
              {aside}
            </Typography>
          )}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
