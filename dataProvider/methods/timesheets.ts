import type { MyShift, TimesheetAssign, TimesheetMark, TimesheetSheet } from '../../contract/timesheetGroup';
import { apiUrl } from '../config';
import { httpClient } from '../httpClient';

const group = (id: number, tail: string) => apiUrl(`/admin/schedules/groups/${encodeURIComponent(String(id))}/${tail}`);

/**
 * The shift calendar's calls (issue 22) beside the shift groups' CRUD (resource `timesheets`): a
 * group's sheet, a member of staff's own mark, an administrator's assignment, one's own released shifts.
 */
export const timesheetMethods = {
  async getTimesheetSheet(groupId: number, signal?: AbortSignal): Promise<TimesheetSheet> {
    return (await httpClient<TimesheetSheet>(group(groupId, 'entries'), { signal })).json;
  },

  async markShift(groupId: number, body: TimesheetMark): Promise<void> {
    await httpClient(group(groupId, 'entries'), { method: 'PUT', body });
  },

  async assignShift(groupId: number, body: TimesheetAssign): Promise<void> {
    await httpClient(group(groupId, 'assignments'), { method: 'PUT', body });
  },

  /** The caller's assigned shifts of released groups, from and to yyyy-MM-dd. */
  async listMyShifts(from: string, to: string, signal?: AbortSignal): Promise<MyShift[]> {
    return (await httpClient<{ shifts: MyShift[] }>(apiUrl('/admin/schedules/mine'), { query: { from, to }, signal }))
      .json.shifts;
  },
};
