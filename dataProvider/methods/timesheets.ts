import type { MyShift, TimesheetAssign, TimesheetMark, TimesheetSheet } from '../../contract/timesheetGroup';
import { apiPath } from '../../contract/apiPaths';
import { apiUrl } from '../config';
import { httpClient } from '../httpClient';

/**
 * The shift calendar's calls (issue 22) beside the shift groups' CRUD (resource `timesheets`): a
 * group's sheet, a member of staff's own mark, an administrator's assignment, one's own released shifts.
 */
export const timesheetMethods = {
  async getTimesheetSheet(groupId: number, signal?: AbortSignal): Promise<TimesheetSheet> {
    return (await httpClient<TimesheetSheet>(apiUrl(apiPath('timesheetEntries', { id: groupId })), { signal })).json;
  },

  async markShift(groupId: number, body: TimesheetMark): Promise<void> {
    await httpClient(apiUrl(apiPath('timesheetEntries', { id: groupId })), { method: 'PUT', body });
  },

  async assignShift(groupId: number, body: TimesheetAssign): Promise<void> {
    await httpClient(apiUrl(apiPath('timesheetAssignments', { id: groupId })), { method: 'PUT', body });
  },

  /** The caller's assigned shifts of released groups, from and to yyyy-MM-dd. */
  async listMyShifts(from: string, to: string, signal?: AbortSignal): Promise<MyShift[]> {
    return (await httpClient<{ shifts: MyShift[] }>(apiUrl(apiPath('myShifts')), { query: { from, to }, signal })).json
      .shifts;
  },
};
