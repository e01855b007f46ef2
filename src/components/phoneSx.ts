import type { SxProps, Theme } from '@mui/material';

/**
 * A CardHeader whose actions go under its title on a phone instead of pushing the page wider
 * (the price grid's three buttons, the creator's way back), and stay beside it from `sm` up.
 */
export const wrappingCardHeaderSx: SxProps<Theme> = {
  flexWrap: 'wrap',
  rowGap: 1,
  '& .MuiCardHeader-content': { minWidth: { xs: '100%', sm: 0 } },
  '& .MuiCardHeader-action': { m: 0, alignSelf: 'center', maxWidth: '100%' },
};

/** The first column of a wide table stays in view while it scrolls sideways (the price grid's dates). */
export const stickyFirstCellSx: SxProps<Theme> = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
};
