import type { SxProps, Theme } from '@mui/material';

/** Soft colours told apart at a glance, one per room type in the order of the room list. */
export const ROOM_COLORS = ['#d6e9fb', '#dcefd9', '#fde3c8', '#eadcf5', '#fbd9e3', '#d4f0ee', '#f3efc9', '#e4e4e4'];
export const ROOM_BORDERS = ['#4a8fd6', '#5aa24f', '#e08a2e', '#8e5bbf', '#d4557c', '#2f9f96', '#b39c1f', '#888888'];

/**
 * One style sheet for the whole calendar (class selectors, not an sx per cell): a grid of 100+
 * cells and a few hundred chips renders fast this way.
 */
export const calendarSx: SxProps<Theme> = {
  '& .cal-head': {
    position: 'sticky',
    top: 0,
    zIndex: 2,
    display: 'grid',
    gridTemplateColumns: 'repeat(7, minmax(0, 1fr))',
    bgcolor: 'background.paper',
    borderBottom: 1,
    borderColor: 'divider',
    fontWeight: 700,
    textAlign: 'center',
    py: 0.5,
  },
  // Weeks and days out of view skip layout and paint until scrolled to (a first view in a blink).
  '& .cal-week': {
    display: 'grid',
    gridTemplateColumns: 'repeat(7, minmax(0, 1fr))',
    contentVisibility: 'auto',
    // Height remembered once rendered; no remembered width (it would hold the page wide).
    containIntrinsicSize: '0px auto 110px',
  },
  '& .cal-day': {
    position: 'relative',
    minHeight: 96,
    p: 0.5,
    borderRight: 1,
    // Top, not bottom: a row skipped by content-visibility may clip its last pixel.
    borderTop: 1,
    borderColor: 'divider',
    bgcolor: '#fff',
    cursor: 'pointer',
    minWidth: 0,
    transition: 'opacity .15s',
    '&:hover': { bgcolor: '#f3f7fb' },
  },
  '& .cal-day.has-book': { bgcolor: '#fbfdff' },
  '& .cal-day.full': { bgcolor: '#fff5e0' },
  '& .cal-day.over': { bgcolor: '#fde8e8', boxShadow: 'inset 0 0 0 2px #d32f2f' },
  '& .cal-day.today': { boxShadow: 'inset 0 0 0 2px #1f5f8b' },
  '& .cal-day.today.over': { boxShadow: 'inset 0 0 0 3px #d32f2f' },
  '& .cal-day.unselect': { opacity: 0.35 },
  '& .cal-day-head': { display: 'flex', alignItems: 'center', gap: 0.5, mb: 0.25 },
  '& .cal-date': {
    border: 0,
    background: 'none',
    font: 'inherit',
    fontWeight: 700,
    p: '0 4px',
    borderRadius: 1,
    cursor: 'pointer',
    color: 'text.primary',
    whiteSpace: 'nowrap',
    '&:hover': { textDecoration: 'underline' },
  },
  '& .sun .cal-date': { color: '#c62828' },
  '& .sat .cal-date': { color: '#1565c0' },
  '& .holiday .cal-date': { color: '#c62828' },
  '& .cal-holiday': {
    minWidth: 0,
    fontSize: 10,
    color: '#c62828',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  '& .today .cal-date': { bgcolor: '#1f5f8b', color: '#fff' },
  '& .cal-count': { ml: 'auto', fontSize: 11, color: 'text.secondary', whiteSpace: 'nowrap' },
  '& .full .cal-count': { color: '#b26a00', fontWeight: 700 },
  '& .over .cal-count': { color: '#c62828', fontWeight: 700 },
  '& .cal-badge': { color: '#fff', px: 0.5, mr: 0.5, borderRadius: 1, fontWeight: 700 },
  '& .over .cal-badge': { bgcolor: '#d32f2f' },
  '& .full .cal-badge': { bgcolor: '#ef8f00' },
  '& .cal-chips': { display: 'flex', flexDirection: 'column', gap: '2px' },
  '& .cal-chip': {
    display: 'block',
    width: '100%',
    textAlign: 'left',
    font: 'inherit',
    fontSize: 12,
    lineHeight: 1.35,
    px: 0.5,
    py: '1px',
    border: 0,
    borderLeft: '3px solid',
    borderRadius: 0.5,
    cursor: 'pointer',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    color: '#1b1b1b',
    '&:hover, &:focus-visible': { filter: 'brightness(0.94)', outline: '1px solid #1f5f8b' },
  },
  '& .cal-chip.selected': { outline: '2px solid #1f5f8b' },
  '& .cal-chip-room': { color: 'text.secondary', ml: 0.5, fontSize: 11 },
  '& .cal-month': { fontSize: 11, fontWeight: 700, mr: 0.25 },
  // List view
  '& .cal-list .cal-day': {
    display: 'flex',
    gap: 1,
    minHeight: 40,
    alignItems: 'flex-start',
    borderRight: 0,
    contentVisibility: 'auto',
    containIntrinsicSize: '0px auto 40px',
  },
  '& .cal-list .cal-day-head': { width: 250, flexShrink: 0, mb: 0 },
  '& .cal-list .cal-count': { ml: 0.5 },
  '& .cal-list .cal-chips': { flexDirection: 'row', flexWrap: 'wrap', flex: 1 },
  '& .cal-list .cal-chip': { width: 'auto', maxWidth: 320 },
  // A phone shows the grid's days with their chips only; the list view has room for the rest.
  '@media (max-width: 599px)': {
    '& .cal-week .cal-count, & .cal-week .cal-holiday': { display: 'none' },
    '& .cal-week .cal-day': { px: '2px' },
    '& .cal-list .cal-day': { flexDirection: 'column', gap: 0.5 },
    '& .cal-list .cal-day-head': { width: 'auto' },
    '& .cal-list .cal-chip': { maxWidth: '100%' },
  },
};
