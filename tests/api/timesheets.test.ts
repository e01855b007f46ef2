import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, tokyoToday } from '../../contract/dates';
import { errorMessages } from '../../contract/messages';
import {
  timesheetMessages,
  type MyShift,
  type TimesheetGroup,
  type TimesheetSheet,
} from '../../contract/timesheetGroup';
import { signedInSuite } from '../support/fixtures';

const api = signedInSuite();
const GROUPS = '/api/admin/schedules/groups';
const today = tokyoToday();

const list = (token = api.admin) => api.http.get<{ groups: TimesheetGroup[] }>(GROUPS, token);
const create = (json: unknown, token = api.admin) => api.http.send<any>('POST', GROUPS, { token, json });
const patch = (id: number, json: unknown, token = api.admin) =>
  api.http.send<any>('PATCH', `${GROUPS}/${id}`, { token, json });
const remove = (id: number, token = api.admin) => api.http.send<any>('DELETE', `${GROUPS}/${id}`, { token });
const sheet = (id: number, token = api.admin) => api.http.get<TimesheetSheet>(`${GROUPS}/${id}/entries`, token);
const mark = (id: number, json: unknown, token = api.staff) =>
  api.http.send<any>('PUT', `${GROUPS}/${id}/entries`, { token, json });
const assign = (id: number, json: unknown, token = api.admin) =>
  api.http.send<any>('PUT', `${GROUPS}/${id}/assignments`, { token, json });
const groupCount = async () =>
  (await api.rows<{ n: number }>(sql`select count(*)::int as n from timesheet_groups`))[0]!.n;

/** A fresh open group from the day after tomorrow, 10 days long, deadline tomorrow. */
async function openGroup(): Promise<TimesheetGroup> {
  const start = addDays(today, 30);
  const res = await create({ end_at: addDays(today, 1), start_date: start, end_date: addDays(start, 9) });
  expect(res.status).toBe(201);
  return res.body;
}

describe('shift groups (admin/schedules/groups)', () => {
  it('lists the demo groups: one open with staff marks, one released with assignments', async () => {
    const res = await list(api.staff);
    expect(res.status).toBe(200);
    const open = res.body.groups.filter((g) => g.release_flg === 0);
    const released = res.body.groups.filter((g) => g.release_flg === 1);
    expect(open.length).toBeGreaterThanOrEqual(1);
    expect(released.length).toBeGreaterThanOrEqual(1);
    // The last demo member of staff has marked nothing in the open group.
    expect(open[0]!.user_no_record.map((u) => u.name)).toContain('清掃 美咲');
    expect(open[0]!.user_no_record.map((u) => u.name)).not.toContain('管理者 太郎');
    const [assigned] = await api.rows<{ n: number }>(
      sql`select count(*)::int as n from timesheet_entries where group_id = ${released[0]!.id} and assigned = 1`,
    );
    expect(assigned!.n).toBeGreaterThan(0);
  });

  it('creates a group; the not-yet-registered names are the staff-type users without a mark', async () => {
    const group = await openGroup();
    expect(group).toMatchObject({ release_flg: 0, end_at: addDays(today, 1) });
    const [staffUsers] = await api.rows<{ names: string[] }>(
      sql`select array_agg(name order by id) as names from users where user_type = 2`,
    );
    expect(group.user_no_record.map((u) => u.name)).toEqual(staffUsers!.names);

    const accommodationId = api.accommodations[0]!.id;
    expect(
      (await mark(group.id, { target_date: group.start_date, accommodation_id: accommodationId, marked: true })).status,
    ).toBe(204);
    const after = (await api.http.get<TimesheetGroup>(`${GROUPS}/${group.id}`, api.staff)).body;
    expect(after.user_no_record.map((u) => u.name)).not.toContain('スタッフ 花子');
    expect(after.user_no_record).toHaveLength(staffUsers!.names.length - 1);
  });

  it('refuses a missing field with the spec message and an end before the start, writing nothing', async () => {
    const before = await groupCount();
    for (const body of [
      { start_date: '2030-01-01', end_date: '2030-01-31' },
      { end_at: '2029-12-20', start_date: '', end_date: '2030-01-31' },
      { end_at: '2029-12-20', start_date: '2030-01-01' },
    ]) {
      const res = await create(body);
      expect(res.status).toBe(400);
      expect(Object.values(res.body.errors)).toContain(timesheetMessages.required);
    }
    const reversed = await create({ end_at: '2029-12-20', start_date: '2030-01-31', end_date: '2030-01-01' });
    expect(reversed.status).toBe(400);
    expect(reversed.body.errors.end_date).toBe(timesheetMessages.period);
    expect(await groupCount()).toBe(before);
  });

  it('answers 403 to staff for create, change, release, delete and assignment', async () => {
    const group = await openGroup();
    const forbidden = [
      await create({ end_at: today, start_date: today, end_date: today }, api.staff),
      await patch(group.id, { release_flg: 1 }, api.staff),
      await remove(group.id, api.staff),
      await assign(
        group.id,
        { user_id: 1, target_date: group.start_date, accommodation_id: 1, assigned: true },
        api.staff,
      ),
    ];
    for (const res of forbidden) {
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(errorMessages.forbidden);
    }
    // Administrators have no marks of their own.
    const adminMark = await mark(
      group.id,
      { target_date: group.start_date, accommodation_id: api.accommodations[0]!.id, marked: true },
      api.admin,
    );
    expect(adminMark.status).toBe(403);
    expect(adminMark.body.message).toBe(timesheetMessages.staffOnly);
  });

  it('lets staff mark and withdraw until the deadline, only at facilities they reach, inside the period', async () => {
    const group = await openGroup();
    const own = api.accommodations[0]!.id;
    const other = api.accommodations.find((a) => a.id !== own)!.id;
    const day = addDays(group.start_date, 2);
    expect((await mark(group.id, { target_date: day, accommodation_id: own, marked: true })).status).toBe(204);
    // Marking twice is no error.
    expect((await mark(group.id, { target_date: day, accommodation_id: own, marked: true })).status).toBe(204);
    let view = (await sheet(group.id, api.staff)).body;
    expect(view.can_mark).toBe(true);
    expect(view.can_assign).toBe(false);
    expect(view.entries).toEqual([
      { user_id: expect.any(Number), target_date: day, accommodation_id: own, assigned: 0 },
    ]);
    expect(view.accommodations.map((a) => a.id)).toEqual([own]);

    expect((await mark(group.id, { target_date: day, accommodation_id: other, marked: true })).status).toBe(404);
    const outside = await mark(group.id, {
      target_date: addDays(group.end_date, 1),
      accommodation_id: own,
      marked: true,
    });
    expect(outside.status).toBe(400);
    expect(outside.body.message).toBe(timesheetMessages.dateOutside);

    expect((await mark(group.id, { target_date: day, accommodation_id: own, marked: false })).status).toBe(204);
    view = (await sheet(group.id, api.staff)).body;
    expect(view.entries).toEqual([]);

    // After the deadline: 409 in Japanese, nothing written.
    await api.rows(sql`update timesheet_groups set end_at = ${addDays(today, -1)}::date where id = ${group.id}`);
    const late = await mark(group.id, { target_date: day, accommodation_id: own, marked: true });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(timesheetMessages.deadlinePassed(addDays(today, -1)));
    view = (await sheet(group.id, api.staff)).body;
    expect(view.entries).toEqual([]);
    expect(view.can_mark).toBe(false);
  });

  it('shows staff-type users only in the header, administrators everything; assigns only where marked', async () => {
    const group = await openGroup();
    const own = api.accommodations[0]!.id;
    const day = group.start_date;
    await mark(group.id, { target_date: day, accommodation_id: own, marked: true });
    const view = (await sheet(group.id)).body;
    const [staffUser] = await api.rows<{ id: number }>(sql`select id from users where mail = 'staff@example.com'`);
    expect(view.users.map((u) => u.name)).not.toContain('管理者 太郎');
    expect(view.users.map((u) => u.id)).toContain(staffUser!.id);
    expect(view.accommodations).toHaveLength(api.accommodations.length);
    expect(view.can_assign).toBe(true);
    expect(view.can_mark).toBe(false);

    const unmarked = await assign(group.id, {
      user_id: staffUser!.id,
      target_date: addDays(day, 1),
      accommodation_id: own,
      assigned: true,
    });
    expect(unmarked.status).toBe(409);
    expect(unmarked.body.message).toBe(timesheetMessages.notMarked);
    const [adminUser] = await api.rows<{ id: number }>(sql`select id from users where user_type = 1 limit 1`);
    const notStaff = await assign(group.id, {
      user_id: adminUser!.id,
      target_date: day,
      accommodation_id: own,
      assigned: true,
    });
    expect(notStaff.status).toBe(400);

    expect(
      (await assign(group.id, { user_id: staffUser!.id, target_date: day, accommodation_id: own, assigned: true }))
        .status,
    ).toBe(204);
    expect((await sheet(group.id)).body.entries).toEqual([
      { user_id: staffUser!.id, target_date: day, accommodation_id: own, assigned: 1 },
    ]);
    const trail = await api.rows<{ n: number }>(
      sql`select count(*)::int as n from audit_log where target_type = 'timesheet_entry'`,
    );
    expect(trail[0]!.n).toBeGreaterThan(0);
  });

  it("shows a member of staff only their own marks, an administrator everyone's; released assignments to all", async () => {
    const group = await openGroup();
    const own = api.accommodations[0]!.id;
    const [first, second] = [group.start_date, addDays(group.start_date, 1)];
    // 清掃 美咲 is granted the first accommodation too, like the signed-in member of staff.
    const other = (await api.http.login({ username: 'staff3@example.com', password: 'staff3-pass-1234' })).access_token;
    const ids = await api.rows<{ id: number; mail: string }>(
      sql`select id, mail from users where mail in ('staff@example.com', 'staff3@example.com')`,
    );
    const staffId = ids.find((u) => u.mail === 'staff@example.com')!.id;
    const otherId = ids.find((u) => u.mail === 'staff3@example.com')!.id;
    for (const [day, token] of [
      [first, api.staff],
      [first, other],
      [second, other],
    ] as const) {
      expect((await mark(group.id, { target_date: day, accommodation_id: own, marked: true }, token)).status).toBe(204);
    }
    const entriesOf = async (token: string) => {
      const res = await sheet(group.id, token);
      expect(res.status).toBe(200);
      return res.body.entries;
    };
    const staffMark = { user_id: staffId, target_date: first, accommodation_id: own, assigned: 0 };
    const otherMarks = [
      { user_id: otherId, target_date: first, accommodation_id: own, assigned: 0 },
      { user_id: otherId, target_date: second, accommodation_id: own, assigned: 0 },
    ];
    expect(await entriesOf(api.staff)).toEqual([staffMark]);
    expect(await entriesOf(other)).toEqual(otherMarks);
    expect(await entriesOf(api.admin)).toEqual([staffMark, otherMarks[0], otherMarks[1]]);

    // An assignment stays the administrators' draft until the release, even to the one assigned;
    // then everyone sees it.
    expect((await assign(group.id, { ...otherMarks[0]!, assigned: true })).status).toBe(204);
    expect(await entriesOf(api.staff)).toEqual([staffMark]);
    expect(await entriesOf(other)).toEqual(otherMarks);
    expect(await entriesOf(api.admin)).toEqual([staffMark, { ...otherMarks[0], assigned: 1 }, otherMarks[1]]);
    expect((await patch(group.id, { release_flg: 1 })).status).toBe(200);
    // The other member of staff's unassigned mark on the second day stays theirs alone.
    expect(await entriesOf(api.staff)).toEqual([staffMark, { ...otherMarks[0], assigned: 1 }]);
    expect(await entriesOf(other)).toEqual([{ ...otherMarks[0], assigned: 1 }, otherMarks[1]]);
    expect(await entriesOf(api.admin)).toEqual([staffMark, { ...otherMarks[0], assigned: 1 }, otherMarks[1]]);
  });

  it('releases a group, which then refuses every change; the staff member sees the released shift as their own', async () => {
    const group = await openGroup();
    const own = api.accommodations[0]!.id;
    const day = group.start_date;
    const [staffUser] = await api.rows<{ id: number }>(sql`select id from users where mail = 'staff@example.com'`);
    await mark(group.id, { target_date: day, accommodation_id: own, marked: true });
    await assign(group.id, { user_id: staffUser!.id, target_date: day, accommodation_id: own, assigned: true });

    const mine = () =>
      api.http.get<{ shifts: MyShift[] }>(`/api/admin/schedules/mine?from=${day}&to=${group.end_date}`, api.staff);
    expect((await mine()).body.shifts.filter((s) => s.group_id === group.id)).toEqual([]);

    const released = await patch(group.id, { release_flg: 1 });
    expect(released.status).toBe(200);
    expect(released.body.release_flg).toBe(1);
    expect((await mine()).body.shifts.filter((s) => s.group_id === group.id)).toEqual([
      expect.objectContaining({ target_date: day, accommodation_id: own }),
    ]);

    const refusals = [
      await patch(group.id, { release_flg: 0 }),
      await patch(group.id, { end_at: addDays(today, 5) }),
      await mark(group.id, { target_date: day, accommodation_id: own, marked: false }),
      await mark(group.id, { target_date: addDays(day, 1), accommodation_id: own, marked: true }),
      await assign(group.id, { user_id: staffUser!.id, target_date: day, accommodation_id: own, assigned: false }),
    ];
    for (const res of refusals) {
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(timesheetMessages.released);
    }
    const view = (await sheet(group.id, api.staff)).body;
    expect(view.can_mark).toBe(false);
    expect(view.entries).toEqual([expect.objectContaining({ target_date: day, assigned: 1 })]);
  });

  it('refuses a new period that would leave marks outside it; deletes a group with 204', async () => {
    const group = await openGroup();
    const own = api.accommodations[0]!.id;
    await mark(group.id, { target_date: group.end_date, accommodation_id: own, marked: true });
    const shorter = await patch(group.id, { end_date: addDays(group.end_date, -1) });
    expect(shorter.status).toBe(409);
    expect(shorter.body.message).toBe(timesheetMessages.entriesOutside);
    const reversed = await patch(group.id, { end_date: addDays(group.start_date, -1) });
    expect(reversed.status).toBe(400);

    expect((await remove(group.id)).status).toBe(204);
    expect((await api.http.get<any>(`${GROUPS}/${group.id}`, api.admin)).status).toBe(404);
    const [left] = await api.rows<{ n: number }>(
      sql`select count(*)::int as n from timesheet_entries where group_id = ${group.id}`,
    );
    expect(left!.n).toBe(0);
  });

  it('refuses a reversed or too long range of own shifts', async () => {
    const reversed = await api.http.get<any>(`/api/admin/schedules/mine?from=2030-01-10&to=2030-01-01`, api.staff);
    expect(reversed.status).toBe(400);
    const long = await api.http.get<any>(`/api/admin/schedules/mine?from=2030-01-01&to=2030-12-31`, api.staff);
    expect(long.status).toBe(400);
    expect(long.body.errors.to).toBe(timesheetMessages.rangeTooLong);
  });
});
