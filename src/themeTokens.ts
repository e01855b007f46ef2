/**
 * The console's colours and font, as plain values: the MUI theme (theme.ts) is built from them, and
 * the login page, which carries no MUI, styles itself with them.
 */

/** Japanese-first font stack: the system's Japanese Gothic face before the generic fallback. */
export const fontFamily = [
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

export const palette = {
  primary: '#1f5f8b',
  secondary: '#2e7d6b',
  background: '#f4f6f8',
} as const;

/**
 * The shell's sizes: the theme's corner radius, the header's first row and the menu column. The
 * calendar's first paint (resources/bookings/calendar/firstPaint.tsx) draws its frame to the same ones.
 */
export const shell = { radius: 6, headerRowHeight: 52, menuWidth: 240 } as const;
