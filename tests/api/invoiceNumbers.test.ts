import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { tokyoToday } from '../../contract/dates';
import { invoiceSchema } from '../../contract/invoice';
import { scratchDatabase } from '../support/postgresUrl';
import { startServerProcess, type ServerProcess } from '../support/serverProcess';
import { ADMIN } from '../support/testServer';

/**
 * Document numbers are gap-free per facility and year (issue 31) when two server processes on one
 * PostgreSQL database issue at the same moment: each number once, none skipped.
 */
const url = process.env.DATABASE_URL;
const DOCUMENTS = 40;

let admin: pg.Client;
let scratch: Awaited<ReturnType<typeof scratchDatabase>> | undefined;
let a: ServerProcess;
let b: ServerProcess;

// Two processes on one database is a PostgreSQL set-up (PGlite is one process's own files).
describe.skipIf(!url)('document numbers with two server processes on PostgreSQL', () => {
  beforeAll(async () => {
    scratch = await scratchDatabase(url!, 'inv', inject('dbTemplate'));
    admin = new pg.Client({ connectionString: scratch.url });
    await admin.connect();
    const env = { DATABASE_URL: scratch.url, SEED_DEMO: '0', CONSOLE_DIR: './tests/support/no-console' };
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.kill(), b?.kill()]);
    await admin?.end();
    await scratch?.drop();
  });

  it(`${DOCUMENTS} receipts issued at once through both: numbers 1 to ${DOCUMENTS}, each once`, async () => {
    const token = (await a.http.login(ADMIN)).access_token;
    const { rows } = await admin.query<{ id: number; accommodation_id: number }>(
      `select id, accommodation_id from bookings where delete_flg = 0 and price_sub > 0 order by id limit ${DOCUMENTS}`,
    );
    const accommodations = new Set(rows.map((r) => r.accommodation_id));
    const answers = await Promise.all(
      rows.map((booking, i) =>
        (i % 2 === 0 ? a : b).http.send<unknown>('POST', `/api/admin/books/${booking.id}/invoices`, {
          token,
          json: { kind: 'receipt' },
        }),
      ),
    );
    for (const res of answers) expect(res.status, JSON.stringify(res.body)).toBe(201);
    const numbers = answers.map((res) => invoiceSchema.parse(res.body).number);
    const year = tokyoToday().slice(0, 4);
    for (const accommodationId of accommodations) {
      const seqs = numbers
        .filter((n) => n.startsWith(`${accommodationId}-${year}-`))
        .map((n) => Number(n.split('-').at(-1)))
        .sort((x, y) => x - y);
      const issuedHere = rows.filter((r) => r.accommodation_id === accommodationId).length;
      expect(seqs).toEqual(Array.from({ length: issuedHere }, (_, i) => i + 1));
    }
  }, 120_000);
});
