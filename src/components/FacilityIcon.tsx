import { Avatar } from '@mui/material';

const HEX = /^[0-9a-fA-F]{6}$|^[0-9a-fA-F]{3}$/;
const FALLBACK = '9e9e9e';

/** "fa0" → "ffaa00"; anything that is not a hex colour → grey. */
export function normalizeColor(color: string | null | undefined): string {
  const value = (color ?? '').replace(/^#/, '').trim();
  if (!HEX.test(value)) return FALLBACK;
  return value.length === 3
    ? value
        .split('')
        .map((c) => c + c)
        .join('')
    : value.toLowerCase();
}

/** Black or white, whichever reads better on the background (WCAG relative luminance). */
export function textColorOn(hex: string): '#000' | '#fff' {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
  return luminance > 0.4 ? '#000' : '#fff';
}

export interface FacilityIconProps {
  /** Hex without '#', as the API gives it. */
  color: string | null | undefined;
  shortName: string;
  size?: number;
  /** Full name for screen readers and the tooltip. */
  title?: string;
}

/** The accommodation's round badge: its colour with its short name inside. */
export function FacilityIcon({ color, shortName, size = 32, title }: FacilityIconProps) {
  const bg = normalizeColor(color);
  const chars = [...shortName].length;
  const fontSize = chars <= 1 ? size * 0.5 : chars === 2 ? size * 0.4 : size * 0.3;
  return (
    <Avatar
      title={title}
      aria-label={title}
      data-testid="facility-icon"
      data-color={bg}
      sx={{
        width: size,
        height: size,
        bgcolor: `#${bg}`,
        color: textColorOn(bg),
        fontSize,
        fontWeight: 700,
        lineHeight: 1,
        letterSpacing: 0,
      }}
    >
      {shortName}
    </Avatar>
  );
}
