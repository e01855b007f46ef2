import { USER_TYPE } from '../../contract/enums';
import { userMessages, type User, type userCreateSchema, type userUpdateSchema } from '../../contract/user';
import type { z } from '../../contract/zod';
import { hashPassword } from '../auth/passwords';
import type { Db, Tx } from '../db/client';
import { isUniqueViolation } from '../db/pgErrors';
import * as sessions from '../db/queries/sessions';
import * as q from '../db/queries/users';
import { companies, users } from '../db/schema';
import { badRequest, conflict, notFound } from '../errors';
import type { CrudScope, CrudService } from './crud';
import { ensureShippedRules } from './tax/taxRules';
import { audit, changesOf, withoutId, type Changes } from './audit';

export class UsageError extends Error {
  override name = 'UsageError';
}

/**
 * The first administrator of an install. Joins the one company there is, or creates it when
 * there is none; refuses an address already in use and an ambiguous company.
 */
export async function createAdministrator(
  db: Db,
  input: { mail: string; name: string; companyName?: string; passwordHash: string },
) {
  const mail = input.mail.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+$/.test(mail)) throw new UsageError(`Not an e-mail address: ${input.mail}`);
  return db.transaction(async (tx) => {
    const existing = await tx.select().from(companies);
    let companyId: number;
    if (input.companyName) {
      const same = existing.find((c) => c.name === input.companyName);
      companyId = same?.id ?? (await tx.insert(companies).values({ name: input.companyName }).returning())[0]!.id;
    } else if (existing.length === 1) {
      companyId = existing[0]!.id;
    } else {
      throw new UsageError(
        existing.length === 0
          ? 'No company yet: give its name with --company.'
          : 'Several companies: name one with --company.',
      );
    }
    await ensureShippedRules(tx);
    if (await q.mailInUse(tx, companyId, mail)) throw new UsageError(`A user with ${mail} exists already.`);
    const [user] = await tx
      .insert(users)
      .values({ companyId, name: input.name, mail, passwordHash: input.passwordHash, userType: 1 })
      .returning({ id: users.id, mail: users.mail });
    return user!;
  });
}

/** A user as its audit rows keep it: never the password or its hash, only that it was changed. */
const userTrail = (user: User) => ({ target: 'user', targetId: user.id });

type Create = z.output<typeof userCreateSchema>;
type Update = z.output<typeof userUpdateSchema>;

const mailTaken = () => badRequest(userMessages.mailTaken, { mail: userMessages.mailTaken });
const lastAdmin = () => conflict(userMessages.lastAdmin, { user_type: userMessages.lastAdmin });

/** A unique violation of the address (two creations racing with one address) is the same 400 as the check. */
function refuseTakenMail(error: unknown): never {
  if (isUniqueViolation(error, 'users_company_mail_key')) throw mailTaken();
  throw error;
}

/**
 * The users of the company (spec 2 "Users", 6; administrators only, the route says so). A user of
 * another company is not found. Types and grants are read by every request's authentication, so a
 * change applies to the user's next request; a new password ends the user's other sessions at once.
 * The company always keeps an administrator: the writes that could remove the last one take the
 * company's lock, then count.
 */
export class UserService implements CrudService<User, Create, Update, unknown> {
  constructor(private readonly db: Db) {}

  list(scope: CrudScope): Promise<User[]> {
    return q.listCompanyUsers(this.db, scope.user.companyId);
  }

  async get(scope: CrudScope, id: number): Promise<User> {
    const user = await q.findCompanyUser(this.db, scope.user.companyId, id);
    if (!user) throw notFound();
    return user;
  }

  async create(scope: CrudScope, input: Create): Promise<User> {
    const { companyId } = scope.user;
    // argon2id takes a while: before the transaction, so that no lock waits for it.
    const passwordHash = await hashPassword(input.password);
    return this.db
      .transaction(async (tx) => {
        if (await q.mailInUse(tx, companyId, input.mail)) throw mailTaken();
        const grants = await this.grants(tx, companyId, input.accommodations ?? []);
        const id = await q.insertUser(tx, companyId, {
          name: input.name,
          mail: input.mail,
          userType: input.user_type,
          passwordHash,
        });
        if (input.user_type === USER_TYPE.staff) await q.replaceGrants(tx, id, grants);
        const user = (await q.findCompanyUser(tx, companyId, id))!;
        await audit(tx, scope.user, { action: 'create', ...userTrail(user), after: withoutId(user) });
        return user;
      })
      .catch(refuseTakenMail);
  }

  /**
   * Any subset, or the password alone. An administrator holds no grants (they reach every
   * accommodation): promoting drops them, demoting starts from the accommodations sent with it, or
   * none. A new password revokes the user's sessions but the caller's own.
   */
  async update(scope: CrudScope, id: number, input: Update): Promise<User> {
    const { companyId } = scope.user;
    const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
    return this.db
      .transaction(async (tx) => {
        if (input.user_type !== undefined) await q.lockCompany(tx, companyId);
        const type = await q.findUserType(tx, companyId, id);
        if (type === undefined) throw notFound();
        const before = (await q.findCompanyUser(tx, companyId, id))!;
        if (input.mail !== undefined && (await q.mailInUse(tx, companyId, input.mail, id))) throw mailTaken();
        const newType = input.user_type ?? type;
        if (
          type === USER_TYPE.admin &&
          newType !== USER_TYPE.admin &&
          (await q.countOtherAdmins(tx, companyId, id)) === 0
        ) {
          throw lastAdmin();
        }
        const grants =
          input.accommodations === undefined ? undefined : await this.grants(tx, companyId, input.accommodations);

        // Its row stays locked from here: a delete at the same moment waits, or has already won (404).
        const values = { name: input.name, mail: input.mail, userType: input.user_type, passwordHash };
        if (!(await q.updateUser(tx, id, values))) throw notFound();
        if (newType === USER_TYPE.admin) {
          if (type !== USER_TYPE.admin) await q.replaceGrants(tx, id, []);
        } else if (grants !== undefined || type === USER_TYPE.admin) {
          await q.replaceGrants(tx, id, grants ?? []);
        }
        if (passwordHash !== undefined) {
          const keep = id === scope.user.id ? scope.user.sessionId : undefined;
          await sessions.revokeUserSessions(tx, id, 'password changed', keep);
        }
        const user = (await q.findCompanyUser(tx, companyId, id))!;
        const changed: Changes = passwordHash === undefined ? {} : { password_changed: { from: false, to: true } };
        await audit(tx, scope.user, {
          action: 'update',
          ...userTrail(user),
          changes: { ...changesOf(withoutId(before), withoutId(user)), ...changed },
        });
        return user;
      })
      .catch(refuseTakenMail);
  }

  /** 409 for oneself and for the last administrator; the user's sessions end with them. */
  async delete(scope: CrudScope, id: number): Promise<void> {
    const { companyId } = scope.user;
    if (id === scope.user.id) throw conflict(userMessages.deleteSelf);
    await this.db.transaction(async (tx) => {
      await q.lockCompany(tx, companyId);
      const type = await q.findUserType(tx, companyId, id);
      if (type === undefined) throw notFound();
      if (type === USER_TYPE.admin && (await q.countOtherAdmins(tx, companyId, id)) === 0) throw lastAdmin();
      const before = (await q.findCompanyUser(tx, companyId, id))!;
      await q.deleteUser(tx, id);
      await audit(tx, scope.user, { action: 'delete', ...userTrail(before), before: withoutId(before) });
    });
  }

  /** The accommodations sent, once each; 400 unless every one is the company's. */
  private async grants(tx: Tx, companyId: number, ids: readonly number[]): Promise<number[]> {
    const wanted = [...new Set(ids)];
    const found = await q.companyAccommodationIds(tx, companyId, wanted);
    if (found.length !== wanted.length) {
      throw badRequest(userMessages.accommodation, { accommodations: userMessages.accommodation });
    }
    return wanted.sort((a, b) => a - b);
  }
}
