import type { Db } from '../db/client';
import { findUserByMail } from '../db/queries/users';
import { companies, users } from '../db/schema';

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
    if (await findUserByMail(tx, mail)) throw new UsageError(`A user with ${mail} exists already.`);
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
    const [user] = await tx
      .insert(users)
      .values({ companyId, name: input.name, mail, passwordHash: input.passwordHash, userType: 1 })
      .returning({ id: users.id, mail: users.mail });
    return user!;
  });
}
