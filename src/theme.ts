import type { ThemeOptions } from '@mui/material/styles';

/** Japanese-first font stack: the system's Japanese Gothic face before the generic fallback. */
const fontFamily = [
  '"Hiragino Kaku Gothic ProN"',
  '"Hiragino Sans"',
  '"Noto Sans JP"',
  '"Noto Sans CJK JP"',
  '"Yu Gothic UI"',
  '"Yu Gothic"',
  'Meiryo',
  'system-ui',
  'sans-serif',
].join(',');

/** Shared by the login page (plain MUI) and the react-admin shell (merged over its default theme). */
export const themeOptions = {
  palette: {
    primary: { main: '#1f5f8b' },
    secondary: { main: '#2e7d6b' },
    background: { default: '#f4f6f8' },
  },
  typography: { fontFamily },
  shape: { borderRadius: 6 },
} satisfies ThemeOptions;
