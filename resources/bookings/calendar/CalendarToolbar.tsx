import { Box, Button, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import TodayIcon from '@mui/icons-material/Today';
import CalendarViewWeekIcon from '@mui/icons-material/CalendarViewWeek';
import ViewListIcon from '@mui/icons-material/ViewList';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import { formatYearMonth } from '../../../i18n/formats';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import type { CalendarView } from './calendarConstants';

export interface CalendarToolbarProps {
  title: string;
  /**
   * A date of the rows at the top of the grid (its week's Wednesday: the month most of the row is in)
   * or of the list: its month and year are shown (the month view shows its own).
   */
  shownMonth?: string | null;
  view: CalendarView;
  onViewChange: (view: CalendarView) => void;
  onToday: () => void;
  onNewBooking: () => void;
  loading: boolean;
  /** The pointer is on 月表示: its code may start loading. */
  onMonthHover?: () => void;
}

export function CalendarToolbar({
  title,
  shownMonth,
  view,
  onViewChange,
  onToday,
  onNewBooking,
  loading,
  onMonthHover,
}: CalendarToolbarProps) {
  const translate = useAppTranslate();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
      <Typography variant="h6" component="h1" sx={{ mr: 1, fontWeight: 700 }}>
        {title}
      </Typography>
      {shownMonth && (
        <Typography
          variant="h6"
          component="p"
          data-testid="calendar-shown-month"
          aria-live="polite"
          sx={{ mr: 1, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
        >
          {formatYearMonth(shownMonth)}
        </Typography>
      )}
      <ToggleButtonGroup
        size="small"
        exclusive
        value={view}
        onChange={(_, value: CalendarView | null) => value && onViewChange(value)}
        aria-label={translate('app.calendar.view')}
      >
        <ToggleButton value="row">
          <CalendarViewWeekIcon fontSize="small" sx={{ mr: 0.5 }} />
          {translate('app.calendar.view_grid')}
        </ToggleButton>
        <ToggleButton value="column">
          <ViewListIcon fontSize="small" sx={{ mr: 0.5 }} />
          {translate('app.calendar.view_list')}
        </ToggleButton>
        <ToggleButton value="month" onMouseEnter={onMonthHover}>
          <CalendarMonthIcon fontSize="small" sx={{ mr: 0.5 }} />
          {translate('app.calendar.view_month')}
        </ToggleButton>
      </ToggleButtonGroup>
      {/* The month view has its own today and month buttons. */}
      {view !== 'month' && (
        <Button size="small" variant="outlined" startIcon={<TodayIcon />} onClick={onToday}>
          {translate('app.calendar.today')}
        </Button>
      )}
      {loading && (
        <Typography variant="body2" color="text.secondary" role="status">
          {translate('app.calendar.loading')}
        </Typography>
      )}
      <Box sx={{ flex: 1 }} />
      <Button size="small" variant="contained" startIcon={<AddIcon />} onClick={onNewBooking}>
        {translate('app.calendar.new_booking')}
      </Button>
    </Box>
  );
}
