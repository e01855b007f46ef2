import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader } from '@mui/material';
import { wrappingCardHeaderSx } from '../../../src/components/phoneSx';

export interface PlanPriceCardProps {
  /** The plan's name, headed h2 (the page's h1 is the console's). */
  planName: string;
  /** What the screen does with its prices. */
  subheader: string;
  /** Its buttons, under the title on a phone. */
  action: ReactNode;
  children: ReactNode;
}

/** The card of a plan's price screens (the grid, the creator): the plan and the screen, then the screen. */
export function PlanPriceCard({ planName, subheader, action, children }: PlanPriceCardProps) {
  return (
    <Card sx={{ m: { xs: 0, sm: 1 } }}>
      <CardHeader
        sx={wrappingCardHeaderSx}
        title={planName}
        slotProps={{ title: { component: 'h2' } }}
        subheader={subheader}
        action={action}
      />
      <CardContent>{children}</CardContent>
    </Card>
  );
}
