import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import * as schema from '../../server/db/schema';
import { AccessTokens } from '../../server/auth/tokens';
import { AuthService } from '../../server/services/auth';
import { NO_ACCOUNT } from '../../server/db/queries/users';
import { hashPassword } from '../../server/auth/passwords';
import { ADMIN, startTestServer, type TestServer } from '../support/testServer';

/**
 * An unknown address and a known one with a wrong password must take the same time: the same
 * statements in the same order (and one argon2 verification each, see bench/signIn.ts for the times).
 */

let server: TestServer;
let statements: string[] = [];
let auth: AuthService;

beforeAll(async () => {
  server = await startTestServer();
  // The same database seen through a drizzle that notes every statement it sends.
  const logger = { logQuery: (query: string) => statements.push(query) };
  const client = (server.database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  const db = (server.database.kind === 'pglite'
    ? drizzlePglite(client as PGlite, { schema, logger })
    : drizzlePg({ client: client as pg.Pool, schema, logger })) as unknown as Db;
  auth = new AuthService(db, new AccessTokens('x'.repeat(32), 900), server.config);
});
afterAll(() => server.close());

/** The statements of one failed sign-in, and its answer. */
async function failedSignIn(username: string, client: string) {
  statements = [];
  const error = await auth.passwordGrant(username, 'wrong-password-1234', client).catch((e: unknown) => e);
  return { statements, answer: (error as { toBody?: () => unknown }).toBody?.() };
}

describe('a failed sign-in', () => {
  it('of an unknown address runs the statements of a wrong password, and locks no one', async () => {
    const known = await failedSignIn(ADMIN.username, '192.0.2.10');
    const unknown = await failedSignIn('nobody-here@example.com', '192.0.2.10');
    expect(known.statements.length).toBeGreaterThanOrEqual(3);
    expect(unknown.statements).toEqual(known.statements);
    expect(unknown.answer).toEqual(known.answer);
    // Its failures are counted under an id no user has: however many, they lock no real account.
    for (let i = 0; i < 11; i++) await failedSignIn(`nobody-${i}@example.com`, '192.0.2.11');
    const rows = await server.database.db
      .select({ userId: schema.loginThrottles.userId })
      .from(schema.loginThrottles)
      .where(eq(schema.loginThrottles.client, '192.0.2.11'));
    expect(rows).toEqual([{ userId: NO_ACCOUNT }]);
    expect((await auth.passwordGrant(ADMIN.username, ADMIN.password, '192.0.2.11')).token_type).toBe('Bearer');
    // A locked account, too, answers with the statements of any other failure.
    for (let i = 0; i < 10; i++) await failedSignIn(ADMIN.username, '192.0.2.12');
    const locked = await failedSignIn(ADMIN.username, '192.0.2.12');
    expect(locked.statements).toEqual(known.statements);
    expect(locked.answer).toEqual(known.answer);
  });

  it('of an address with accounts in two companies runs the same statements, and locks the address under its oldest account', async () => {
    const single = await failedSignIn(ADMIN.username, '192.0.2.20');
    const [company] = await server.database.db.insert(schema.companies).values({ name: '二社目' }).returning();
    const hash = await hashPassword('second-company-pass');
    await server.database.db.insert(schema.users).values({
      companyId: company!.id,
      name: '二社目の管理者',
      mail: ADMIN.username,
      passwordHash: hash,
      userType: 1,
    });
    const double = await failedSignIn(ADMIN.username, '192.0.2.20');
    expect(double.statements).toEqual(single.statements);
    expect(double.answer).toEqual(single.answer);
    const rows = await server.database.db
      .select({ userId: schema.loginThrottles.userId, failures: schema.loginThrottles.failures })
      .from(schema.loginThrottles)
      .where(eq(schema.loginThrottles.client, '192.0.2.20'));
    const [oldest] = await server.database.db
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(eq(schema.users.mail, ADMIN.username))
      .orderBy(schema.users.id)
      .limit(1);
    expect(rows).toEqual([{ userId: oldest!.id, failures: 2 }]);
    expect((await auth.passwordGrant(ADMIN.username, 'second-company-pass', '192.0.2.20')).token_type).toBe('Bearer');
  });
});
