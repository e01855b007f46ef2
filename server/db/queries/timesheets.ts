import { and, asc, eq, gt, gte, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { MyShift, TimesheetSheet, TimesheetUser } from '../../../contract/timesheetGroup';
import type { Tx } from '../client';
import { accommodations, timesheetEntries, timesheetGroups, users } from '../schema';

/** A shift group as its table holds it (server/services/timesheets.ts answers it). */
export type TimesheetGroupRow = typeof timesheetGroups.$inferSelect;
/** One mark: a member of staff, a day and a facility of a group. */
export interface TimesheetSlot {
  groupId: number;
  userId: number;
  targetDate: string;
  accommodationId: number;
}

const STAFF_TYPE = 2;

/** Staff-type users of the company, by id. */
export function listStaff(tx: Tx, companyId: number): Promise<TimesheetUser[]> {
  return tx
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.userType, STAFF_TYPE)))
    .orderBy(asc(users.id));
}

/** Whether the user is a member of staff of the company. */
export async function isCompanyStaff(tx: Tx, companyId: number, userId: number): Promise<boolean> {
  const [member] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.companyId, companyId), eq(users.userType, STAFF_TYPE)));
  return member !== undefined;
}

/** Who has marked something in each of the groups (one pair per group and user). */
export function listMarkers(tx: Tx, groupIds: readonly number[]): Promise<{ groupId: number; userId: number }[]> {
  return tx
    .selectDistinct({ groupId: timesheetEntries.groupId, userId: timesheetEntries.userId })
    .from(timesheetEntries)
    .where(inArray(timesheetEntries.groupId, [...groupIds]));
}

/** The company's groups, the latest period first. */
export function listTimesheetGroups(tx: Tx, companyId: number): Promise<TimesheetGroupRow[]> {
  return tx
    .select()
    .from(timesheetGroups)
    .where(eq(timesheetGroups.companyId, companyId))
    .orderBy(sql`${timesheetGroups.startDate} desc`, sql`${timesheetGroups.id} desc`);
}

/** The company's group of this id, locked for a write when `lock`. */
export async function findTimesheetGroup(
  tx: Tx,
  companyId: number,
  id: number,
  lock = false,
): Promise<TimesheetGroupRow | undefined> {
  const query = tx
    .select()
    .from(timesheetGroups)
    .where(and(eq(timesheetGroups.id, id), eq(timesheetGroups.companyId, companyId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** A new open group. */
export async function insertTimesheetGroup(
  tx: Tx,
  companyId: number,
  values: { startDate: string; endDate: string; endAt: string },
): Promise<TimesheetGroupRow> {
  const [row] = await tx
    .insert(timesheetGroups)
    .values({ companyId, startDate: values.startDate, endDate: values.endDate, endAt: values.endAt, releaseFlg: 0 })
    .returning();
  return row!;
}

/** Whether the group has a mark outside these dates. */
export async function hasMarksOutside(tx: Tx, groupId: number, start: string, end: string): Promise<boolean> {
  const [outside] = await tx
    .select({ id: timesheetEntries.id })
    .from(timesheetEntries)
    .where(
      and(
        eq(timesheetEntries.groupId, groupId),
        or(lt(timesheetEntries.targetDate, start), gt(timesheetEntries.targetDate, end)),
      ),
    )
    .limit(1);
  return outside !== undefined;
}

/** Writes the period, and the deadline and the release when given. */
export async function updateTimesheetGroup(
  tx: Tx,
  id: number,
  values: { startDate: string; endDate: string; endAt?: string; releaseFlg?: number },
): Promise<void> {
  await tx
    .update(timesheetGroups)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(timesheetGroups.id, id));
}

export async function deleteTimesheetGroup(tx: Tx, id: number): Promise<void> {
  await tx.delete(timesheetGroups).where(eq(timesheetGroups.id, id));
}

/** The company's facilities among these, by id. */
export async function listSheetAccommodations(
  tx: Tx,
  companyId: number,
  accommodationIds: readonly number[],
): Promise<TimesheetSheet['accommodations']> {
  if (accommodationIds.length === 0) return [];
  return tx
    .select({
      id: accommodations.id,
      name: accommodations.name,
      short_name: accommodations.shortName,
      color: accommodations.color,
    })
    .from(accommodations)
    .where(and(eq(accommodations.companyId, companyId), inArray(accommodations.id, [...accommodationIds])))
    .orderBy(asc(accommodations.id));
}

/**
 * The group's marks at these facilities, by day, user and facility: everyone's, or one user's
 * own (with everyone's assignments when `orAssigned`).
 */
export async function listSheetEntries(
  tx: Tx,
  groupId: number,
  accommodationIds: readonly number[],
  whose: 'everyone' | { userId: number; orAssigned: boolean },
): Promise<TimesheetSheet['entries']> {
  if (accommodationIds.length === 0) return [];
  return tx
    .select({
      user_id: timesheetEntries.userId,
      target_date: timesheetEntries.targetDate,
      accommodation_id: timesheetEntries.accommodationId,
      assigned: timesheetEntries.assigned,
    })
    .from(timesheetEntries)
    .where(
      and(
        eq(timesheetEntries.groupId, groupId),
        inArray(timesheetEntries.accommodationId, [...accommodationIds]),
        whose === 'everyone'
          ? undefined
          : whose.orAssigned
            ? or(eq(timesheetEntries.userId, whose.userId), eq(timesheetEntries.assigned, 1))
            : eq(timesheetEntries.userId, whose.userId),
      ),
    )
    .orderBy(asc(timesheetEntries.targetDate), asc(timesheetEntries.userId), asc(timesheetEntries.accommodationId));
}

const atSlot = (slot: TimesheetSlot) =>
  and(
    eq(timesheetEntries.groupId, slot.groupId),
    eq(timesheetEntries.userId, slot.userId),
    eq(timesheetEntries.targetDate, slot.targetDate),
    eq(timesheetEntries.accommodationId, slot.accommodationId),
  );

/** Marks the slot (nothing when it is marked already). */
export async function insertMark(tx: Tx, slot: TimesheetSlot): Promise<void> {
  await tx
    .insert(timesheetEntries)
    .values({
      groupId: slot.groupId,
      userId: slot.userId,
      targetDate: slot.targetDate,
      accommodationId: slot.accommodationId,
    })
    .onConflictDoNothing();
}

export async function deleteMark(tx: Tx, slot: TimesheetSlot): Promise<void> {
  await tx.delete(timesheetEntries).where(atSlot(slot));
}

/** The mark of the slot, locked; undefined when it is not marked. */
export async function lockMark(tx: Tx, slot: TimesheetSlot) {
  const [entry] = await tx.select().from(timesheetEntries).where(atSlot(slot)).for('update');
  return entry;
}

/** Assigns the mark (1) or takes the assignment back (0). */
export async function setMarkAssigned(tx: Tx, entryId: number, assigned: number): Promise<void> {
  await tx.update(timesheetEntries).set({ assigned, updatedAt: new Date() }).where(eq(timesheetEntries.id, entryId));
}

/** The user's assigned marks in the company's released groups between two dates, by day and facility. */
export function listAssignedShifts(
  tx: Tx,
  companyId: number,
  userId: number,
  from: string,
  to: string,
): Promise<MyShift[]> {
  return tx
    .select({
      group_id: timesheetEntries.groupId,
      target_date: timesheetEntries.targetDate,
      accommodation_id: timesheetEntries.accommodationId,
      accommodation_name: accommodations.name,
      short_name: accommodations.shortName,
      color: accommodations.color,
    })
    .from(timesheetEntries)
    .innerJoin(timesheetGroups, eq(timesheetGroups.id, timesheetEntries.groupId))
    .innerJoin(accommodations, eq(accommodations.id, timesheetEntries.accommodationId))
    .where(
      and(
        eq(timesheetEntries.userId, userId),
        eq(timesheetEntries.assigned, 1),
        eq(timesheetGroups.releaseFlg, 1),
        eq(timesheetGroups.companyId, companyId),
        gte(timesheetEntries.targetDate, from),
        lte(timesheetEntries.targetDate, to),
      ),
    )
    .orderBy(asc(timesheetEntries.targetDate), asc(timesheetEntries.accommodationId));
}
