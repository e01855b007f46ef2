import { palette, shell } from '../../../src/themeTokens';

/** Soft colours told apart at a glance, one per room type in the order of the room list. */
export const ROOM_COLORS = ['#d6e9fb', '#dcefd9', '#fde3c8', '#eadcf5', '#fbd9e3', '#d4f0ee', '#f3efc9', '#e4e4e4'];
export const ROOM_BORDERS = ['#4a8fd6', '#5aa24f', '#e08a2e', '#8e5bbf', '#d4557c', '#2f9f96', '#b39c1f', '#888888'];

/** The class of the element that holds the grid or the list (the style sheet's scope). */
export const CALENDAR_CLASS = 'yb-cal';

// The MUI theme's values (src/theme.ts and MUI's defaults), written out: the sheet needs no MUI.
const divider = 'rgba(0, 0, 0, 0.12)';
const textPrimary = 'rgba(0, 0, 0, 0.87)';
const textSecondary = 'rgba(0, 0, 0, 0.6)';
const radius = shell.radius;

/** The scroll area of the grid or list: what is left of the window under the header and toolbar. */
export const CALENDAR_SCROLL = { height: 'calc(100dvh - 240px)', minHeight: 360 } as const;

/**
 * One style sheet for the whole calendar (class selectors, not a style per cell: a grid of 100+
 * cells and a few hundred chips renders fast this way), in plain CSS: the console and the first
 * paint before it (firstPaint.tsx) draw the very same grid.
 */
export const CALENDAR_CSS = `
.yb-cal .cal-head {
  position: sticky; top: 0; z-index: 2; display: grid; grid-template-columns: repeat(7, minmax(0, 1fr));
  background-color: #fff; border-bottom: 1px solid ${divider}; font-weight: 700; text-align: center;
  padding: 4px 0;
}
/* Weeks and days out of view skip layout and paint until scrolled to (a first view in a blink). The
   height is remembered once rendered; no remembered width (it would hold the page wide). */
.yb-cal .cal-week {
  display: grid; grid-template-columns: repeat(7, minmax(0, 1fr));
  content-visibility: auto; contain-intrinsic-size: 0px auto 110px;
}
/* Top border, not bottom: a row skipped by content-visibility may clip its last pixel. */
.yb-cal .cal-day {
  position: relative; min-height: 96px; padding: 4px; border-right: 1px solid ${divider};
  border-top: 1px solid ${divider}; background-color: #fff; cursor: pointer; min-width: 0;
  transition: opacity .15s;
}
.yb-cal .cal-day:hover { background-color: #f3f7fb; }
.yb-cal .cal-day.has-book { background-color: #fbfdff; }
.yb-cal .cal-day.full { background-color: #fff5e0; }
.yb-cal .cal-day.over { background-color: #fde8e8; box-shadow: inset 0 0 0 2px #d32f2f; }
.yb-cal .cal-day.today { box-shadow: inset 0 0 0 2px ${palette.primary}; }
.yb-cal .cal-day.today.over { box-shadow: inset 0 0 0 3px #d32f2f; }
.yb-cal .cal-day.unselect { opacity: 0.35; }
.yb-cal .cal-day-head { display: flex; align-items: center; gap: 4px; margin-bottom: 2px; }
.yb-cal .cal-date {
  border: 0; background: none; font: inherit; font-weight: 700; padding: 0 4px; border-radius: ${radius}px;
  cursor: pointer; color: ${textPrimary}; white-space: nowrap;
}
.yb-cal .cal-date:hover { text-decoration: underline; }
.yb-cal .sun .cal-date, .yb-cal .holiday .cal-date { color: #c62828; }
.yb-cal .sat .cal-date { color: #1565c0; }
.yb-cal .cal-holiday {
  min-width: 0; font-size: 10px; color: #c62828; overflow: hidden; text-overflow: ellipsis; white-space: nowrap;
}
.yb-cal .today .cal-date { background-color: ${palette.primary}; color: #fff; }
.yb-cal .cal-count { margin-left: auto; font-size: 11px; color: ${textSecondary}; white-space: nowrap; }
.yb-cal .full .cal-count { color: #b26a00; font-weight: 700; }
.yb-cal .over .cal-count { color: #c62828; font-weight: 700; }
.yb-cal .cal-badge { color: #fff; padding: 0 4px; margin-right: 4px; border-radius: ${radius}px; font-weight: 700; }
.yb-cal .over .cal-badge { background-color: #d32f2f; }
.yb-cal .full .cal-badge { background-color: #ef8f00; }
/* The over badge names the room type: it wraps rather than hide the name and the excess. */
.yb-cal .cal-over { font-size: 11px; line-height: 1.6; margin-bottom: 2px; overflow-wrap: anywhere; }
.yb-cal .cal-over .cal-badge { margin-right: 0; -webkit-box-decoration-break: clone; box-decoration-break: clone; }
.yb-cal .cal-chips { display: flex; flex-direction: column; gap: 2px; }
.yb-cal .cal-chip {
  display: block; width: 100%; text-align: left; font: inherit; font-size: 12px; line-height: 1.35;
  padding: 1px 4px; border: 0; border-left: 3px solid; border-radius: ${radius / 2}px; cursor: pointer;
  overflow: hidden; text-overflow: ellipsis; white-space: nowrap; color: #1b1b1b;
}
.yb-cal .cal-chip:hover, .yb-cal .cal-chip:focus-visible { filter: brightness(0.94); outline: 1px solid ${palette.primary}; }
.yb-cal .cal-chip.selected { outline: 2px solid ${palette.primary}; }
.yb-cal .cal-chip-room { color: ${textSecondary}; margin-left: 4px; font-size: 11px; }
/* A stay's marks before the name: the register (a dot in the grid, words in the list) and the stay. */
.yb-cal .cal-mark {
  display: inline-block; vertical-align: 1px; margin-right: 3px; font-size: 10px; line-height: 1.3;
  padding: 0 3px; border-radius: ${radius / 2}px; border: 1px solid; font-weight: 700;
}
.yb-cal .cal-register.compact { width: 7px; height: 7px; padding: 0; border-radius: 50%; }
.yb-cal .cal-register.none { border-color: #757575; color: #616161; background-color: #fff; }
.yb-cal .cal-register.incomplete { border-color: #ef8f00; color: #fff; background-color: #ef8f00; }
.yb-cal .cal-register.complete { border-color: #2e7d32; color: #fff; background-color: #2e7d32; }
.yb-cal .cal-stay.checked_in { border-color: #0277bd; color: #0277bd; background-color: #fff; }
.yb-cal .cal-stay.checked_out { border-color: #757575; color: #616161; background-color: #fff; }
.yb-cal .cal-stay.no_show { border-color: #c62828; color: #c62828; background-color: #fff; }
.yb-cal .cal-month { font-size: 11px; font-weight: 700; margin-right: 2px; }
/* The day's comment: one line in the grid, cut with an ellipsis; the title holds the whole text. */
.yb-cal .cal-comment {
  display: flex; align-items: center; gap: 3px; min-width: 0; margin-bottom: 2px; padding: 0 4px;
  font-size: 11px; line-height: 1.4; color: #6d4c00; background-color: #fff8dc; border-radius: ${radius / 2}px;
}
.yb-cal .cal-comment-icon { flex-shrink: 0; width: 1em; height: 1em; font-size: 12px; fill: currentColor; }
.yb-cal .cal-comment-text { min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
/* List view */
.yb-cal .cal-list .cal-day {
  display: flex; gap: 8px; min-height: 40px; align-items: flex-start; border-right: 0;
  content-visibility: auto; contain-intrinsic-size: 0px auto 40px;
}
.yb-cal .cal-list .cal-day-side { width: 250px; flex-shrink: 0; }
.yb-cal .cal-list .cal-day-head { margin-bottom: 0; }
.yb-cal .cal-list .cal-comment { align-items: flex-start; margin-top: 2px; margin-bottom: 0; }
.yb-cal .cal-list .cal-comment-icon { margin-top: 2px; }
/* Up to three lines under the date, as written (line breaks kept). */
.yb-cal .cal-list .cal-comment-text {
  white-space: pre-line; overflow-wrap: anywhere; display: -webkit-box; -webkit-line-clamp: 3;
  -webkit-box-orient: vertical;
}
.yb-cal .cal-list .cal-count { margin-left: 4px; }
.yb-cal .cal-list .cal-chips { flex-direction: row; flex-wrap: wrap; flex: 1; }
.yb-cal .cal-list .cal-chip { width: auto; max-width: 320px; }
/* A phone shows the grid's days with their chips only; the list view has room for the rest. */
@media (max-width: 599px) {
  .yb-cal .cal-week .cal-count, .yb-cal .cal-week .cal-holiday { display: none; }
  .yb-cal .cal-week .cal-over { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .yb-cal .cal-week .cal-day { padding-left: 2px; padding-right: 2px; }
  /* A name may take two lines of a smaller type rather than shrink to one character and '…'. */
  .yb-cal .cal-week .cal-chip {
    display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; white-space: normal;
    word-break: break-all; font-size: 10px; line-height: 1.25; padding-left: 2px; padding-right: 2px;
    border-left-width: 2px;
  }
  .yb-cal .cal-week .cal-chip-room, .yb-cal .cal-week .cal-mark { display: none; }
  .yb-cal .cal-list .cal-day { flex-direction: column; gap: 4px; }
  .yb-cal .cal-list .cal-day-side { width: auto; }
  .yb-cal .cal-list .cal-chip { max-width: 100%; }
}
`;

/** Adds the calendar's style sheet to the page once (whichever draws the calendar first). */
export function ensureCalendarCss(): void {
  const id = 'yb-calendar-css';
  if (document.getElementById(id)) return;
  const style = document.createElement('style');
  style.id = id;
  style.textContent = CALENDAR_CSS;
  document.head.appendChild(style);
}
