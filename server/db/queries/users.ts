import { USER_TYPE } from '../../../contract/enums';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { accommodations, authSessions, userAccommodations, users } from '../schema';

export async function findUserByMail(tx: Tx, mail: string) {
  const rows = await tx.select().from(users).where(eq(users.mail, mail.trim().toLowerCase())).limit(1);
  return rows[0];
}

/** Counts a failed sign-in; the one that reaches `max` locks the account until `lockMinutes` from now. */
export async function recordFailedLogin(tx: Tx, userId: number, max: number, lockMinutes: number) {
  await tx
    .update(users)
    .set({
      failedLoginCount: sql`case when ${users.failedLoginCount} + 1 >= ${max} then 0 else ${users.failedLoginCount} + 1 end`,
      lockedUntil: sql`case when ${users.failedLoginCount} + 1 >= ${max}
        then now() + make_interval(mins => ${lockMinutes}) else ${users.lockedUntil} end`,
    })
    .where(eq(users.id, userId));
}

export async function clearFailedLogins(tx: Tx, userId: number) {
  await tx.update(users).set({ failedLoginCount: 0, lockedUntil: null }).where(eq(users.id, userId));
}

/** The signed-in user behind an access token, or undefined when the session was revoked. */
export async function findActiveSessionUser(tx: Tx, userId: number, sessionId: string) {
  const rows = await tx
    .select({
      id: users.id,
      companyId: users.companyId,
      name: users.name,
      mail: users.mail,
      userType: users.userType,
    })
    .from(users)
    .innerJoin(authSessions, eq(authSessions.userId, users.id))
    .where(and(eq(users.id, userId), eq(authSessions.id, sessionId), sql`${authSessions.revokedAt} is null`))
    .limit(1);
  return rows[0];
}

/** Ids of the accommodations a user may reach: all of the company for an admin, the granted ones for staff. */
export async function reachableAccommodationIds(
  tx: Tx,
  user: { id: number; companyId: number; userType: number },
): Promise<number[]> {
  const rows = await tx
    .select({ id: accommodations.id })
    .from(accommodations)
    .where(
      and(
        eq(accommodations.companyId, user.companyId),
        user.userType === USER_TYPE.admin
          ? undefined
          : sql`exists (select 1 from ${userAccommodations} ua
              where ua.user_id = ${user.id} and ua.accommodation_id = ${accommodations.id})`,
      ),
    )
    .orderBy(accommodations.id);
  return rows.map((r) => r.id);
}

/** The users of a company with the accommodations granted to each (all of them for an administrator). */
export async function listCompanyUsers(tx: Tx, companyId: number) {
  const rows = await tx
    .select({
      id: users.id,
      name: users.name,
      mail: users.mail,
      user_type: users.userType,
      accommodations: sql<number[]>`case when ${users.userType} = ${USER_TYPE.admin}
        then coalesce((select array_agg(a.id order by a.id) from ${accommodations} a where a.company_id = ${users.companyId}), '{}')
        else coalesce((select array_agg(ua.accommodation_id order by ua.accommodation_id) from ${userAccommodations} ua
          where ua.user_id = ${users.id}), '{}') end`,
    })
    .from(users)
    .where(eq(users.companyId, companyId))
    .orderBy(users.id);
  return rows;
}
