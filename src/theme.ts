import type { ThemeOptions } from '@mui/material/styles';
import { fontFamily, palette, shell } from './themeTokens';

/** The react-admin shell's theme (merged over its default theme), from the tokens the login page uses too. */
export const themeOptions = {
  palette: {
    primary: { main: palette.primary },
    secondary: { main: palette.secondary },
    background: { default: palette.background },
  },
  typography: { fontFamily },
  shape: { borderRadius: shell.radius },
} satisfies ThemeOptions;
