import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { migrationsFolder } from '../../server/db/client';
import { newPglite } from '../../server/db/pglite';

const files = readdirSync(migrationsFolder)
  .filter((f) => f.endsWith('.sql'))
  .sort();
const statements = (file: string) =>
  readFileSync(path.join(migrationsFolder, file), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);

let db: PGlite;
const run = async (file: string) => {
  for (const statement of statements(file)) await db.exec(statement);
};

beforeAll(async () => {
  db = newPglite();
  for (const file of files.filter((f) => f < '0017')) await run(file);
});
afterAll(() => db?.close());

describe('migration 0017 (sender addresses verified and owned by one company)', () => {
  it("keeps the first claim of an address verified, leaves a later company's claim unverified, and turns template senders into addresses", async () => {
    await db.exec(`
      insert into companies (id, name) values (1, '先の会社'), (2, '後の会社');
      insert into accommodations (id, company_id, uid, name, short_name, color)
        values (1, 1, 'aaaaaaaaaaaaaaaa', '宿A', 'A', '000000'), (2, 2, 'bbbbbbbbbbbbbbbb', '宿B', 'B', '000000');
      insert into sender_addresses (company_id, from_address) values
        (1, 'info@first.example'), (2, 'info@first.example'), (2, 'Mixed@Case.example'), (2, 'mixed@case.example');
      insert into mail_templates (accommodation_id, send_type, title, from_address, from_name)
        values (1, 1, 't', 'Desk@First.example', 'A'), (2, 1, 't', 'info@first.example', 'B'),
          (2, 2, 't', 'own@second.example', 'B');
    `);
    await run(files.find((f) => f.startsWith('0017'))!);
    const { rows } = await db.query<{ company_id: number; from_address: string; verified: boolean }>(
      `select company_id, from_address, verified_at is not null as verified from sender_addresses
       order by company_id, from_address`,
    );
    expect(rows).toEqual([
      { company_id: 1, from_address: 'desk@first.example', verified: true },
      { company_id: 1, from_address: 'info@first.example', verified: true },
      { company_id: 2, from_address: 'info@first.example', verified: false },
      { company_id: 2, from_address: 'mixed@case.example', verified: true },
      { company_id: 2, from_address: 'own@second.example', verified: true },
    ]);
    // A second verified claim of one address cannot be written any more.
    await expect(
      db.exec(
        `update sender_addresses set verified_at = now() where company_id = 2 and from_address = 'info@first.example'`,
      ),
    ).rejects.toThrow(/sender_addresses_verified_key/);
  });
});
