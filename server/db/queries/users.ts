import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { USER_TYPE } from '../../../contract/enums';
import type { User } from '../../../contract/user';
import { sqlRows, type Tx } from '../client';
import { accommodations, loginThrottles, userAccommodations, users } from '../schema';

/**
 * The accounts that sign in with this address, oldest first: one per company at most (an address
 * is unique in its company only).
 */
export function findAccountsByMail(tx: Tx, mail: string) {
  return tx
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.mail, mail.trim().toLowerCase()))
    .orderBy(users.id);
}

/**
 * Counts a failed sign-in of the account from this client; the failure that reaches `max` within
 * `lockMinutes` of the previous one locks the pair for `lockMinutes` and starts the count again.
 * A failure while the pair is locked is noted (its time) but neither counts nor lengthens the lock:
 * every failed sign-in writes the same one row, so that none answers faster than another. An
 * unknown address is counted under NO_ACCOUNT, which no user has. Pairs quiet for a day are swept.
 */
export async function recordFailedLogin(tx: Tx, userId: number, client: string, max: number, lockMinutes: number) {
  const window = sql`make_interval(mins => ${lockMinutes})`;
  const t = loginThrottles;
  const locked = sql`${t.lockedUntil} > now()`;
  const next = sql`case when ${t.lastFailedAt} < now() - ${window} then 1 else ${t.failures} + 1 end`;
  await tx
    .insert(t)
    .values({ userId, client, failures: max <= 1 ? 0 : 1, lockedUntil: max <= 1 ? sql`now() + ${window}` : null })
    .onConflictDoUpdate({
      target: [t.userId, t.client],
      set: {
        failures: sql`case when ${locked} then ${t.failures} when ${next} >= ${max} then 0 else ${next} end`,
        lockedUntil: sql`case when ${locked} then ${t.lockedUntil}
          when ${next} >= ${max} then now() + ${window} else ${t.lockedUntil} end`,
        lastFailedAt: sql`now()`,
      },
    });
  await tx
    .delete(t)
    .where(
      and(lt(t.lastFailedAt, sql`now() - interval '1 day'`), or(isNull(t.lockedUntil), lt(t.lockedUntil, sql`now()`))),
    );
}

/**
 * The user id an unknown address's failed sign-ins are counted under: no user has it (ids start at
 * 1), so its row locks no one. login_throttles has no foreign key to users for this reason.
 */
export const NO_ACCOUNT = 0;

/** Is the account locked for this client? */
export async function isLoginLocked(tx: Tx, userId: number, client: string): Promise<boolean> {
  const rows = await tx
    .select({ userId: loginThrottles.userId })
    .from(loginThrottles)
    .where(
      and(
        eq(loginThrottles.userId, userId),
        eq(loginThrottles.client, client),
        gt(loginThrottles.lockedUntil, sql`now()`),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** A successful sign-in from this client forgets its failures. */
export async function clearFailedLogins(tx: Tx, userId: number, client: string) {
  await tx.delete(loginThrottles).where(and(eq(loginThrottles.userId, userId), eq(loginThrottles.client, client)));
}

export interface SessionUser {
  id: number;
  companyId: number;
  name: string;
  mail: string;
  userType: number;
  accommodationIds: number[];
}

/**
 * The signed-in user behind an access token with the accommodations they reach (all of the
 * company for an administrator, the granted ones for staff), in one statement: every request pays
 * one round trip, and a revoked session, a changed type or grant, or a deleted user shows at once.
 * Undefined when the session was revoked or the user is gone.
 */
export async function findSessionUser(tx: Tx, userId: number, sessionId: string): Promise<SessionUser | undefined> {
  const rows = await sqlRows<SessionUser>(
    tx,
    sql`select u.id, u.company_id as "companyId", u.name, u.mail, u.user_type::int as "userType",
        case when u.user_type = ${USER_TYPE.admin}
          then coalesce((select array_agg(a.id order by a.id) from accommodations a where a.company_id = u.company_id), '{}')
          else coalesce((select array_agg(a.id order by a.id) from user_accommodations ua
            join accommodations a on a.id = ua.accommodation_id and a.company_id = u.company_id
            where ua.user_id = u.id), '{}')
        end as "accommodationIds"
      from auth_sessions s
      join users u on u.id = s.user_id
      where s.id = ${sessionId} and s.user_id = ${userId} and s.revoked_at is null
      limit 1`,
  );
  return rows[0];
}

/**
 * The users of a company by id (or the one asked for), with the accommodations each reaches: all
 * of the company for an administrator, the granted ones for staff (spec 6).
 */
export function listCompanyUsers(tx: Tx, companyId: number, userId?: number): Promise<User[]> {
  return sqlRows<User>(
    tx,
    sql`select u.id, u.name, u.mail, u.user_type::int as user_type,
        case when u.user_type = ${USER_TYPE.admin}
          then coalesce((select array_agg(a.id order by a.id) from accommodations a where a.company_id = u.company_id), '{}')
          else coalesce((select array_agg(ua.accommodation_id order by ua.accommodation_id) from user_accommodations ua
            where ua.user_id = u.id), '{}')
        end as accommodations
      from users u
      where u.company_id = ${companyId} ${userId === undefined ? sql`` : sql`and u.id = ${userId}`}
      order by u.id`,
  );
}

export async function findCompanyUser(tx: Tx, companyId: number, userId: number): Promise<User | undefined> {
  return (await listCompanyUsers(tx, companyId, userId))[0];
}

/**
 * True when a user of the company other than `exceptUserId` has this (lower-cased) address. Other
 * companies' users are not looked at: whether an address has an account elsewhere is not told.
 */
export async function mailInUse(tx: Tx, companyId: number, mail: string, exceptUserId?: number): Promise<boolean> {
  const rows = await sqlRows<{ id: number }>(
    tx,
    sql`select id from users where company_id = ${companyId} and mail = ${mail}
      ${exceptUserId === undefined ? sql`` : sql`and id <> ${exceptUserId}`} limit 1`,
  );
  return rows.length > 0;
}

/** The ids among `ids` that are accommodations of the company. */
export async function companyAccommodationIds(tx: Tx, companyId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: accommodations.id })
    .from(accommodations)
    .where(and(eq(accommodations.companyId, companyId), inArray(accommodations.id, [...ids])));
  return rows.map((r) => r.id);
}

/**
 * Locks the company's row: every write that may change how many administrators it has (a change of
 * type, a delete) takes it first, so that two of them cannot each leave the other as the last one.
 */
export async function lockCompany(tx: Tx, companyId: number): Promise<void> {
  await sqlRows(tx, sql`select id from companies where id = ${companyId} for update`);
}

/** The user's type, or undefined when the company has no such user. */
export async function findUserType(tx: Tx, companyId: number, userId: number): Promise<number | undefined> {
  const [row] = await sqlRows<{ user_type: number }>(
    tx,
    sql`select user_type::int as user_type from users where id = ${userId} and company_id = ${companyId}`,
  );
  return row?.user_type;
}

/** How many administrators the company has besides `exceptUserId`. */
export async function countOtherAdmins(tx: Tx, companyId: number, exceptUserId: number): Promise<number> {
  const [row] = await sqlRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from users
      where company_id = ${companyId} and user_type = ${USER_TYPE.admin} and id <> ${exceptUserId}`,
  );
  return row!.n;
}

export interface UserValues {
  name?: string;
  mail?: string;
  userType?: number;
  passwordHash?: string;
}

export async function insertUser(tx: Tx, companyId: number, values: Required<UserValues>): Promise<number> {
  const [row] = await tx
    .insert(users)
    .values({ companyId, ...values })
    .returning({ id: users.id });
  return row!.id;
}

/**
 * False when the user is no more (deleted meanwhile). A new password also lifts a sign-in lock:
 * the administrator who sets it has dealt with the account.
 */
export async function updateUser(tx: Tx, userId: number, values: UserValues): Promise<boolean> {
  const rows = await tx
    .update(users)
    .set({
      ...values,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  if (rows.length > 0 && values.passwordHash !== undefined) {
    await tx.delete(loginThrottles).where(eq(loginThrottles.userId, userId));
  }
  return rows.length > 0;
}

/** Replaces the accommodations granted to a user (none: an administrator's, who reaches all anyway). */
export async function replaceGrants(tx: Tx, userId: number, accommodationIds: readonly number[]): Promise<void> {
  await tx.delete(userAccommodations).where(eq(userAccommodations.userId, userId));
  if (accommodationIds.length === 0) return;
  await tx.insert(userAccommodations).values(accommodationIds.map((accommodationId) => ({ userId, accommodationId })));
}

/**
 * Deletes a user; their grants and sessions (and so their tokens) go with them (foreign keys), and
 * their sign-in failures here (login_throttles has no foreign key: see NO_ACCOUNT).
 */
export async function deleteUser(tx: Tx, userId: number): Promise<void> {
  await tx.delete(users).where(eq(users.id, userId));
  await tx.delete(loginThrottles).where(eq(loginThrottles.userId, userId));
}
