import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { passwordSchema } from '../../contract/password';
import { hashPassword } from '../auth/passwords';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { createAdministrator } from '../services/users';

const usage = `Creates an administrator (user_type 1) for a production install.

  npm run create-admin -- --mail owner@example.jp --name "山田 太郎" [--company "株式会社○○"]

The password is read from ADMIN_PASSWORD (12 to 128 characters, not a common one: the rule of
contract/password.ts, as for every user); without it a strong one is
generated and printed once. --company is needed only when the database has no company yet.
Uses the same DATABASE_URL or DATA_DIR as the server.`;

async function main() {
  const { values } = parseArgs({
    options: {
      mail: { type: 'string' },
      name: { type: 'string' },
      company: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help || !values.mail || !values.name) {
    console.log(usage);
    process.exit(values.help ? 0 : 2);
  }
  const given = process.env.ADMIN_PASSWORD;
  const refused = given === undefined ? undefined : passwordSchema.safeParse(given).error?.issues[0]?.message;
  if (refused) {
    console.error(`ADMIN_PASSWORD is refused: ${refused}`);
    process.exit(2);
  }
  const password = given ?? randomBytes(12).toString('base64url');
  const config = loadConfig({ ...process.env, SEED_DEMO: '0' });
  const database = await openDatabase(
    config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR },
  );
  try {
    const user = await createAdministrator(database.db, {
      mail: values.mail,
      name: values.name,
      companyName: values.company,
      passwordHash: await hashPassword(password),
    });
    console.log(`Administrator ${user.mail} (id ${user.id}) created.`);
    if (!given) console.log(`Password: ${password}\nKeep it somewhere safe; it is not shown again.`);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error && (err instanceof ConfigError || err.name === 'UsageError') ? err.message : err);
  process.exit(1);
});
