import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { authSessions, refreshTokens } from '../schema';

export async function createSession(tx: Tx, userId: number): Promise<string> {
  const [row] = await tx.insert(authSessions).values({ userId }).returning({ id: authSessions.id });
  return row!.id;
}

export async function insertRefreshToken(tx: Tx, sessionId: string, tokenHash: string, ttlSeconds: number) {
  await tx.insert(refreshTokens).values({
    sessionId,
    tokenHash,
    expiresAt: sql`now() + make_interval(secs => ${ttlSeconds})`,
  });
}

/**
 * Marks a refresh token used, once: of two requests racing with the same token only one gets
 * its session back. Undefined when the token is unknown, used, expired or its session revoked.
 */
export async function consumeRefreshToken(tx: Tx, tokenHash: string) {
  const rows = await tx
    .update(refreshTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(refreshTokens.tokenHash, tokenHash),
        isNull(refreshTokens.usedAt),
        gt(refreshTokens.expiresAt, sql`now()`),
        sql`exists (select 1 from ${authSessions} s where s.id = ${refreshTokens.sessionId} and s.revoked_at is null)`,
      ),
    )
    .returning({ sessionId: refreshTokens.sessionId });
  if (!rows[0]) return undefined;
  const [session] = await tx
    .select({ id: authSessions.id, userId: authSessions.userId })
    .from(authSessions)
    .where(eq(authSessions.id, rows[0].sessionId));
  return session;
}

export async function findRefreshToken(tx: Tx, tokenHash: string) {
  const rows = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
  return rows[0];
}

export async function revokeSession(tx: Tx, sessionId: string, reason: string) {
  await tx
    .update(authSessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
}

/** Ends every live session of a user but `keepSessionId` (the caller's own, when they change their own password). */
export async function revokeUserSessions(tx: Tx, userId: number, reason: string, keepSessionId?: string) {
  await tx
    .update(authSessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(
      and(
        eq(authSessions.userId, userId),
        isNull(authSessions.revokedAt),
        keepSessionId === undefined ? undefined : ne(authSessions.id, keepSessionId),
      ),
    );
}
