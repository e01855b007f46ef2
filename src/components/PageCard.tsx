import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, type CardProps, type SxProps, type Theme } from '@mui/material';

export interface PageCardProps extends Omit<CardProps, 'title'> {
  title: ReactNode;
  subheader?: ReactNode;
  /** Beside the title: the page's buttons. */
  action?: ReactNode;
  /** The header's style (wrappingCardHeaderSx: its buttons go under the title on a phone). */
  headerSx?: SxProps<Theme>;
  children: ReactNode;
}

/**
 * A page's card: headed by the page's title (the page's h1), with its subheader and buttons, and
 * the page under it. The rest of the props (sx, data-testid) go to the card.
 */
export function PageCard({ title, subheader, action, headerSx, children, ...card }: PageCardProps) {
  return (
    <Card {...card}>
      <CardHeader
        title={title}
        subheader={subheader}
        action={action}
        sx={headerSx}
        slotProps={{ title: { component: 'h1', variant: 'h6', sx: { fontWeight: 700 } } }}
      />
      <CardContent sx={{ pt: 0 }}>{children}</CardContent>
    </Card>
  );
}
