import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { and, eq, isNotNull, ne } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { openDatabase, type DatabaseOptions } from '../../server/db/client';
import { newPglite } from '../../server/db/pglite';
import { mailMessages, mailPublications } from '../../server/db/schema';
import { enqueueMail } from '../../server/mail/outbox';
import { withDatabase } from '../support/postgresUrl';
import { freePort, newDataDir, run, waitFor } from '../support/processes';
import { startSmtpSink, type SmtpSink } from '../../tools/smtpSink';

const RECIPIENTS = 1000;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** A database of its own (a copy of the seeded template) that a server process can open by itself. */
async function ownDatabase(): Promise<{
  env: Record<string, string>;
  open: () => DatabaseOptions;
  drop(): Promise<void>;
}> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `yadoban_mc_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('dbTemplate')}`);
    const own = withDatabase(url, name);
    return {
      env: { DATABASE_URL: own },
      open: () => ({ url: own }),
      async drop() {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const dataDir = newDataDir();
  const pglite = newPglite(dataDir, { loadDataDir: new Blob([readFileSync(inject('dbTemplate'))]) });
  await pglite.waitReady;
  await pglite.close();
  return { env: { DATA_DIR: dataDir }, open: () => ({ dataDir }), drop: async () => undefined };
}

/** Runs a statement on the database while no server holds it (PGlite) or beside it (PostgreSQL). */
async function withDb<T>(
  options: DatabaseOptions,
  f: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>,
) {
  const database = await openDatabase(options);
  try {
    return await f(database.db);
  } finally {
    await database.close();
  }
}

async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const p = run('server/server.ts', {
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    CONSOLE_DIR: './tests/support/no-console',
  });
  await waitFor(`http://127.0.0.1:${port}/api/health`, 120_000, p).catch((e: unknown) => {
    p.child.kill('SIGKILL');
    throw e;
  });
  return p;
}

let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink?.close();
});

describe('mail delivery when the server is killed with SIGKILL', () => {
  it(`delivers all ${RECIPIENTS} recipients of a bulk mail, duplicates no more than were in flight`, async () => {
    const database = await ownDatabase();
    try {
      const messageIds = await withDb(database.open(), (db) =>
        db.transaction(async (tx) => {
          const [publication] = await tx
            .insert(mailPublications)
            .values({
              companyId: 1,
              sendAt: new Date(),
              setting: {
                title: '冬のお知らせ',
                from_address: 'info@yadoban.example.com',
                body: '<p>本文</p>',
                users: [],
                file_name: '案内.pdf',
              },
              attachment: PDF,
              attachmentType: 'application/pdf',
              recipientCount: RECIPIENTS,
            })
            .returning({ id: mailPublications.id });
          const ids = await enqueueMail(
            tx,
            Array.from({ length: RECIPIENTS }, (_, i) => ({
              companyId: 1,
              publicationId: publication!.id,
              to: `guest${i}@example.jp`,
              toName: `ゲスト ${i}`,
              from: 'info@yadoban.example.com',
              fromName: '山田旅館',
              title: '冬のお知らせ',
              body: '本文',
              html: '<p>本文</p>',
            })),
          );
          expect(ids).toHaveLength(RECIPIENTS);
          const rows = await tx
            .select({ m: mailMessages.messageId })
            .from(mailMessages)
            .where(eq(mailMessages.publicationId, publication!.id));
          return new Set(rows.map((r) => r.m));
        }),
      );
      // Only the publication's messages (the demo data may queue mail of its own).
      const ours = () => sink.messages.filter((m) => m.messageId !== null && messageIds.has(m.messageId));
      const env = { ...database.env, SMTP_URL: sink.url, MAIL_RATE_PER_SECOND: '100', MAIL_LEASE_SECONDS: '10' };

      const first = await startServer(env);
      try {
        const until = Date.now() + 120_000;
        // About half, in the middle of a claim of 50.
        while (ours().length < RECIPIENTS / 2 + 20 && Date.now() < until) await new Promise((r) => setTimeout(r, 5));
        first.child.kill('SIGKILL');
        await first.exited;
      } finally {
        first.child.kill('SIGKILL');
      }
      const receivedAtKill = ours().length;
      const inFlight = await withDb(
        database.open(),
        async (db) =>
          (await db.select({ id: mailMessages.id }).from(mailMessages).where(eq(mailMessages.status, 'sending')))
            .length,
      );
      expect(receivedAtKill).toBeLessThan(RECIPIENTS);
      // At most one claim (MAIL_RATE_PER_SECOND 100: batches of 50) was in flight.
      expect(inFlight).toBeLessThanOrEqual(50);
      // The kill caught a claim mid-way: those rows are taken again once their lease has passed.
      expect(inFlight).toBeGreaterThan(0);

      const second = await startServer(env);
      try {
        const distinct = () => new Set(ours().map((m) => m.messageId)).size;
        const until = Date.now() + 120_000;
        while (distinct() < RECIPIENTS && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
        second.child.kill('SIGTERM');
        expect(await second.exited).toBe(0);
      } finally {
        second.child.kill('SIGKILL');
      }

      const received = ours().map((m) => m.messageId);
      expect(new Set(received)).toEqual(messageIds);
      const duplicates = received.length - messageIds.size;
      expect(duplicates).toBeLessThanOrEqual(inFlight);
      console.info(
        `mail crash: ${receivedAtKill} received at the kill, ${inFlight} in flight, ${duplicates} duplicates`,
      );
      // This publication's rows only: the demo's scheduled bulk mail waits for next week.
      const unsent = (
        await withDb(database.open(), async (db) =>
          db
            .select({
              messageId: mailMessages.messageId,
              status: mailMessages.status,
              attempts: mailMessages.attempts,
              error: mailMessages.error,
            })
            .from(mailMessages)
            .where(and(isNotNull(mailMessages.publicationId), ne(mailMessages.status, 'sent'))),
        )
      )
        .filter((row) => messageIds.has(row.messageId))
        .map(({ status, attempts, error }) => ({ status, attempts, error }));
      if (unsent.length > 0) console.info(unsent, second.output());
      expect(unsent).toEqual([]);
      const parsed = await sink.parsed(sink.messages.indexOf(ours()[0]!));
      expect(parsed.attachments.map((a) => [a.filename, a.mimeType])).toEqual([['案内.pdf', 'application/pdf']]);
      expect(parsed.html).toContain('<p>本文</p>');
    } finally {
      await database.drop();
    }
  }, 400_000);
});
