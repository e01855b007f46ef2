import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../../contract/entity';
import {
  dayCovered,
  shiftPeriodError,
  timesheetGroupCreateSchema,
  timesheetMessages,
} from '../../contract/timesheetGroup';
import { groupState } from '../../resources/timesheets/TimesheetList';

describe('shift group rules (contract/timesheetGroup)', () => {
  it('asks for every field with the spec message, and an end on or after the start', () => {
    expect(fieldErrors(timesheetGroupCreateSchema, { end_at: null, start_date: null, end_date: null })).toEqual({
      end_at: timesheetMessages.required,
      start_date: timesheetMessages.required,
      end_date: timesheetMessages.required,
    });
    expect(
      fieldErrors(timesheetGroupCreateSchema, {
        end_at: '2030-01-01',
        start_date: '2030-02-10',
        end_date: '2030-02-01',
      }),
    ).toEqual({ end_date: timesheetMessages.period });
    expect(
      fieldErrors(timesheetGroupCreateSchema, {
        end_at: '2030-01-01',
        start_date: '2030-02-01',
        end_date: '2030-02-01',
      }),
    ).toEqual({});
    expect(shiftPeriodError('2030-01-01', '2030-04-03')).toBe(timesheetMessages.tooLong);
    expect(shiftPeriodError('2030-01-01', '2030-04-02')).toBeNull();
  });

  it('says a day is covered when every facility has someone assigned', () => {
    const entries = [
      { user_id: 1, target_date: '2030-01-01', accommodation_id: 1, assigned: 1 },
      { user_id: 2, target_date: '2030-01-01', accommodation_id: 2, assigned: 0 },
    ];
    expect(dayCovered(entries, '2030-01-01', [1])).toBe(true);
    expect(dayCovered(entries, '2030-01-01', [1, 2])).toBe(false);
    expect(dayCovered(entries, '2030-01-02', [1])).toBe(false);
  });

  it('names the state: released, open until the deadline (inclusive), then closed', () => {
    const group = { id: 1, start_date: '2030-02-01', end_date: '2030-02-28', end_at: '2030-01-20', user_no_record: [] };
    expect(groupState({ ...group, release_flg: 1 }, '2030-01-01')).toBe('released');
    expect(groupState({ ...group, release_flg: 0 }, '2030-01-20')).toBe('open');
    expect(groupState({ ...group, release_flg: 0 }, '2030-01-21')).toBe('closed');
  });
});
