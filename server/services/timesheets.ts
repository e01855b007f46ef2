import { tokyoToday } from '../../contract/dates';
import {
  timesheetMessages,
  type MyShift,
  type MyShiftQuery,
  type TimesheetAssign,
  type TimesheetGroup,
  type TimesheetGroupCreate,
  type TimesheetGroupUpdate,
  type TimesheetMark,
  type TimesheetSheet,
} from '../../contract/timesheetGroup';
import type { Db, Tx } from '../db/client';
import {
  deleteMark,
  deleteTimesheetGroup,
  findTimesheetGroup,
  hasMarksOutside,
  insertMark,
  insertTimesheetGroup,
  isCompanyStaff,
  listAssignedShifts,
  listMarkers,
  listSheetAccommodations,
  listSheetEntries,
  listStaff,
  listTimesheetGroups,
  lockMark,
  setMarkAssigned,
  updateTimesheetGroup,
  type TimesheetGroupRow as GroupRow,
} from '../db/queries/timesheets';
import { AppError, badRequest, conflict, notFound } from '../errors';
import type { CrudScope, CrudService } from './crud';
import { audit, withoutId } from './audit';
import type { CurrentUser } from './auth';

const released = () => conflict(timesheetMessages.released);

/**
 * Shift groups and their marks (spec 2 "Shift groups", issue 22). Groups belong to the company:
 * any user reads them, administrators create, change, release and delete them (the routes answer
 * 403 to staff). A member of staff marks the days and facilities they can work until the deadline
 * (end_at, inclusive, in Tokyo); administrators assign staff from those marks. A released group
 * (release_flg 1) refuses every change (409). Group writes and assignments leave audit rows.
 */
export class TimesheetsService implements CrudService<
  TimesheetGroup,
  TimesheetGroupCreate,
  TimesheetGroupUpdate,
  unknown
> {
  constructor(
    private readonly db: Db,
    private readonly today: () => string = () => tokyoToday(),
  ) {}

  private async answer(tx: Tx, companyId: number, rows: GroupRow[]): Promise<TimesheetGroup[]> {
    if (rows.length === 0) return [];
    const staff = await listStaff(tx, companyId);
    const marked = await listMarkers(
      tx,
      rows.map((r) => r.id),
    );
    const has = new Set(marked.map((m) => `${m.groupId}/${m.userId}`));
    return rows.map((r) => ({
      id: r.id,
      start_date: r.startDate,
      end_date: r.endDate,
      end_at: r.endAt,
      release_flg: r.releaseFlg,
      user_no_record: staff.filter((u) => !has.has(`${r.id}/${u.id}`)),
    }));
  }

  private async row(tx: Tx, user: CurrentUser, id: number, lock = false): Promise<GroupRow> {
    const row = await findTimesheetGroup(tx, user.companyId, id, lock);
    if (!row) throw notFound();
    return row;
  }

  private async one(tx: Tx, user: CurrentUser, id: number): Promise<TimesheetGroup> {
    return (await this.answer(tx, user.companyId, [await this.row(tx, user, id)]))[0]!;
  }

  async list(s: CrudScope): Promise<TimesheetGroup[]> {
    const rows = await listTimesheetGroups(this.db, s.user.companyId);
    return this.answer(this.db, s.user.companyId, rows);
  }

  get(s: CrudScope, id: number): Promise<TimesheetGroup> {
    return this.one(this.db, s.user, id);
  }

  create(s: CrudScope, input: TimesheetGroupCreate): Promise<TimesheetGroup> {
    return this.db.transaction(async (tx) => {
      const row = await insertTimesheetGroup(tx, s.user.companyId, {
        startDate: input.start_date,
        endDate: input.end_date,
        endAt: input.end_at,
      });
      const created = (await this.answer(tx, s.user.companyId, [row]))[0]!;
      await audit(tx, s.user, { action: 'create', target: 'timesheets', targetId: row.id, after: trail(created) });
      return created;
    });
  }

  update(s: CrudScope, id: number, input: TimesheetGroupUpdate): Promise<TimesheetGroup> {
    return this.db.transaction(async (tx) => {
      const before = await this.row(tx, s.user, id, true);
      if (before.releaseFlg === 1) throw released();
      const start = input.start_date ?? before.startDate;
      const end = input.end_date ?? before.endDate;
      if (end < start) throw badRequest(timesheetMessages.period, { end_date: timesheetMessages.period });
      if (start !== before.startDate || end !== before.endDate) {
        if (await hasMarksOutside(tx, id, start, end)) throw conflict(timesheetMessages.entriesOutside);
      }
      const beforeAnswer = (await this.answer(tx, s.user.companyId, [before]))[0]!;
      await updateTimesheetGroup(tx, id, {
        startDate: start,
        endDate: end,
        ...(input.end_at !== undefined ? { endAt: input.end_at } : {}),
        ...(input.release_flg !== undefined ? { releaseFlg: input.release_flg } : {}),
      });
      const after = await this.one(tx, s.user, id);
      await audit(tx, s.user, {
        action: 'update',
        target: 'timesheets',
        targetId: id,
        before: trail(beforeAnswer),
        after: trail(after),
      });
      return after;
    });
  }

  delete(s: CrudScope, id: number): Promise<void> {
    return this.db.transaction(async (tx) => {
      const before = await this.row(tx, s.user, id, true);
      const answer = (await this.answer(tx, s.user.companyId, [before]))[0]!;
      await deleteTimesheetGroup(tx, id);
      await audit(tx, s.user, { action: 'delete', target: 'timesheets', targetId: id, before: trail(answer) });
    });
  }

  /**
   * The shift calendar of a group: staff-type users, the caller's facilities and the marks there.
   * An administrator sees everyone's marks and assignments. A member of staff sees their own marks,
   * without the assignments while the group is open (the administrators' draft); once it is
   * released, everyone's assignments too (the released schedule is for all, the wishes are not).
   */
  async sheet(user: CurrentUser, id: number): Promise<TimesheetSheet> {
    const group = await this.one(this.db, user, id);
    const open = group.release_flg === 0;
    const ownWishesOnly = open && !user.isAdmin;
    const reach = [...user.accommodationIds];
    const facilities = await listSheetAccommodations(this.db, user.companyId, reach);
    const entries = await listSheetEntries(
      this.db,
      id,
      reach,
      user.isAdmin ? 'everyone' : { userId: user.id, orAssigned: !ownWishesOnly },
    );
    return {
      group,
      users: await listStaff(this.db, user.companyId),
      accommodations: facilities,
      entries: ownWishesOnly ? entries.map((e) => ({ ...e, assigned: 0 })) : entries,
      can_mark: open && !user.isAdmin && this.today() <= group.end_at,
      can_assign: open && user.isAdmin,
    };
  }

  /** A member of staff marks (or withdraws) a day and facility of their own until the deadline. */
  mark(user: CurrentUser, id: number, input: TimesheetMark): Promise<void> {
    return this.db.transaction(async (tx) => {
      const group = await this.row(tx, user, id, true);
      if (user.isAdmin) throw new AppError(403, 'forbidden', timesheetMessages.staffOnly);
      this.checkDay(group, input.target_date, input.accommodation_id, user);
      if (group.releaseFlg === 1) throw released();
      if (this.today() > group.endAt) throw conflict(timesheetMessages.deadlinePassed(group.endAt));
      const slot = {
        groupId: id,
        userId: user.id,
        targetDate: input.target_date,
        accommodationId: input.accommodation_id,
      };
      if (input.marked) await insertMark(tx, slot);
      else await deleteMark(tx, slot);
    });
  }

  /** An administrator assigns a member of staff where they marked, or takes the assignment back. */
  assign(user: CurrentUser, id: number, input: TimesheetAssign): Promise<void> {
    return this.db.transaction(async (tx) => {
      const group = await this.row(tx, user, id, true);
      this.checkDay(group, input.target_date, input.accommodation_id, user);
      if (group.releaseFlg === 1) throw released();
      if (!(await isCompanyStaff(tx, user.companyId, input.user_id))) {
        throw badRequest(timesheetMessages.notStaff, { user_id: timesheetMessages.notStaff });
      }
      const entry = await lockMark(tx, {
        groupId: id,
        userId: input.user_id,
        targetDate: input.target_date,
        accommodationId: input.accommodation_id,
      });
      if (!entry) throw conflict(timesheetMessages.notMarked);
      const assigned = input.assigned ? 1 : 0;
      if (entry.assigned === assigned) return;
      await setMarkAssigned(tx, entry.id, assigned);
      await audit(tx, user, {
        action: 'update',
        target: 'timesheet_entry',
        targetId: entry.id,
        accommodationId: input.accommodation_id,
        before: { group_id: id, user_id: input.user_id, target_date: input.target_date, assigned: entry.assigned },
        after: { group_id: id, user_id: input.user_id, target_date: input.target_date, assigned },
      });
    });
  }

  /** The caller's assigned shifts of released groups between two dates. */
  async mine(user: CurrentUser, query: MyShiftQuery): Promise<MyShift[]> {
    return listAssignedShifts(this.db, user.companyId, user.id, query.from, query.to);
  }

  /** A facility the caller does not reach is 404; a day outside the period 400. */
  private checkDay(group: GroupRow, date: string, accommodationId: number, user: CurrentUser): void {
    if (!user.accommodationIds.includes(accommodationId)) throw notFound();
    if (date < group.startDate || date > group.endDate) {
      throw badRequest(timesheetMessages.dateOutside, { target_date: timesheetMessages.dateOutside });
    }
  }
}

/** A group as its audit row keeps it: the dates and the release, not the derived names. */
function trail(group: TimesheetGroup) {
  const { user_no_record: _names, ...rest } = withoutId(group);
  return rest;
}
