import { lazy } from 'react';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { defineDomain } from '../../src/crud/domain';
import { defineResource } from '../../src/crud/lazyView';

/**
 * Shift (timesheet) groups of the company (issue 22): listed at /m/timesheet with the member of
 * staff's own month of shifts (自分のシフト); a group's shift calendar is /m/timesheet/{id}. Staff
 * read and mark, administrators create, assign, release and delete.
 */
const timesheetResource = defineResource({
  name: 'timesheets',
  list: () => import('./TimesheetList'),
  icon: ScheduleIcon,
  recordRepresentation: 'start_date',
});

export const timesheetsDomain = defineDomain({
  resources: [timesheetResource],
  routes: {
    timesheets: timesheetResource.list,
    timesheet: lazy(() => import('./TimesheetPage')),
  },
});
