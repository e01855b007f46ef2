import { useMemo, useState } from 'react';
import { Alert, Box, Card, CardContent, LinearProgress, Typography, useMediaQuery, type Theme } from '@mui/material';
import { Calendar, type Event, type Messages } from 'react-big-calendar';
import { endOfMonth, endOfWeek, getDay, startOfMonth, startOfWeek } from 'date-fns';
import { useQuery } from '@tanstack/react-query';
import { tokyoToday } from '../../contract/dates';
import type { MyShift } from '../../contract/timesheetGroup';
import { useAppDataProvider } from '../../dataProvider/useAppDataProvider';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { normalizeColor, textColorOn } from '../../src/components/FacilityIcon';
import { fromApiDay, jaMonthCalendar, toApiDay } from '../../src/components/monthCalendar';
import { useHolidays } from '../../src/hooks/useHolidays';

interface ShiftEvent extends Event {
  shift: MyShift;
}

/**
 * 自分のシフト: a month (react-big-calendar, Japanese date-fns localizer) of the signed-in member of
 * staff's assigned shifts in released groups, across groups, one event per day and facility in the
 * facility's colour; Sundays and holidays in red. Administrators have no shifts of their own.
 */
export default function MyShiftCalendar() {
  const translate = useAppTranslate();
  const dataProvider = useAppDataProvider();
  const holidays = useHolidays();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [month, setMonth] = useState(() => startOfMonth(fromApiDay(tokyoToday())));
  const from = toApiDay(startOfWeek(month, { weekStartsOn: 0 }));
  const to = toApiDay(endOfWeek(endOfMonth(month), { weekStartsOn: 0 }));
  const { data, isPending, error } = useQuery({
    queryKey: ['timesheets', 'mine', { from, to }],
    queryFn: ({ signal }) => dataProvider.listMyShifts(from, to, signal),
  });
  const events = useMemo<ShiftEvent[]>(
    () =>
      (data ?? []).map((shift) => ({
        shift,
        title: translate('app.timesheet.mine_event', {
          facility: narrow ? shift.short_name : shift.accommodation_name,
        }),
        start: fromApiDay(shift.target_date),
        end: fromApiDay(shift.target_date),
        allDay: true,
      })),
    [data, translate, narrow],
  );
  const inMonth = (data ?? []).filter((s) => s.target_date.slice(0, 7) === toApiDay(month).slice(0, 7));
  const messages: Messages = {
    today: translate('app.timesheet.today'),
    previous: translate('app.timesheet.prev_month'),
    next: translate('app.timesheet.next_month'),
    month: translate('app.timesheet.month'),
    noEventsInRange: translate('app.timesheet.mine_empty'),
    showMore: (count: number) => `+${count}`,
  };

  return (
    <Card data-testid="my-shifts">
      <CardContent>
        {isPending && <LinearProgress />}
        {error && <Alert severity="error">{translate('app.timesheet.load_failed')}</Alert>}
        {!isPending && !error && inMonth.length === 0 && (
          <Typography color="text.secondary" sx={{ mb: 1 }} data-testid="my-shifts-empty">
            {translate('app.timesheet.mine_empty')}
          </Typography>
        )}
        {/* width 0 / minWidth 100%: the month takes the card's width and never widens the page (390 px). */}
        <Box
          sx={{
            width: 0,
            minWidth: '100%',
            overflow: 'hidden',
            height: { xs: 520, sm: 640 },
            '& .rbc-event-content': { fontSize: { xs: 11, sm: 12 } },
          }}
        >
          <Calendar
            {...jaMonthCalendar}
            events={events}
            date={month}
            onNavigate={(date) => setMonth(startOfMonth(date))}
            messages={messages}
            components={{
              month: {
                // The day's number in red on Sundays and holidays, as the calendar draws them.
                dateHeader: ({ date, label }: { date: Date; label: string }) => {
                  const red = getDay(date) === 0 || holidays.has(toApiDay(date));
                  return <span style={red ? { color: '#c62828' } : undefined}>{label}</span>;
                },
              },
            }}
            tooltipAccessor={(event) => event.shift.accommodation_name}
            dayPropGetter={(date) => {
              const day = toApiDay(date);
              const red = getDay(date) === 0 || holidays.has(day);
              return {
                className: red ? 'holiday' : undefined,
                style: red ? { backgroundColor: '#fff5f5' } : undefined,
                title: holidays.get(day),
              };
            }}
            eventPropGetter={(event) => {
              const bg = normalizeColor(event.shift.color);
              return { style: { backgroundColor: `#${bg}`, color: textColorOn(bg), fontSize: 12 } };
            }}
          />
        </Box>
      </CardContent>
    </Card>
  );
}
