import { performance } from 'node:perf_hooks';
import { and, eq, sql } from 'drizzle-orm';
import { openDatabase, sqlRows, type Database } from '../server/db/client';
import { newPglite } from '../server/db/pglite';
import { mailMessages, mailPublications } from '../server/db/schema';
import { seedDemo } from '../server/db/seed';
import { SENDER_ADDRESSES } from '../server/db/seed/fixtures';
import { enqueueMail, type OutgoingMail } from '../server/mail/outbox';
import { smtpTransport } from '../server/mail/transport';
import { MailWorker, nudgeMailWorker } from '../server/jobs/mailDelivery';
import { startSmtpSink, type SmtpSink } from '../tools/smtpSink';
import type { Benchmark } from './lib/benchmark';
import { heading, log, ms, table } from './lib/format';
import { createDatabase, dropDatabase, probePostgres } from './lib/postgres';
import { percentile, round } from './lib/stats';

/**
 * The outbox (issue 20): 10,000 recipients of a bulk mail queued in one transaction (enqueueMail),
 * how fast one worker delivers them to a local SMTP server (smtp-server, in this process), and the
 * time from a commit to the server's 250 while the worker is idle (polling, and nudged). The
 * worker, the SMTP server and the database client share this process.
 */
const RECIPIENTS = 10_000;
const LATENCY_SAMPLES = 40;
const TARGETS = { enqueueMs: 2000, perSecond: 300, p95Ms: 5000 };

function recipients(companyId: number, publicationId: number): OutgoingMail[] {
  return Array.from({ length: RECIPIENTS }, (_, i) => ({
    companyId,
    publicationId,
    to: `guest${i}@example.jp`,
    toName: `ゲスト ${i}`,
    from: SENDER_ADDRESSES[0],
    fromName: '山田旅館',
    title: '冬の特別プランのご案内',
    body: `ゲスト ${i} 様\n\nいつもご利用ありがとうございます。\n冬の特別プランをご案内いたします。\n`,
    html: `<p>ゲスト ${i} 様</p><p>いつもご利用ありがとうございます。</p>`,
  }));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function measure(engine: string, database: Database, sink: SmtpSink) {
  const { db } = database;
  const [publication] = await db
    .insert(mailPublications)
    .values({
      companyId: 1,
      sendAt: new Date(),
      setting: { title: '冬の特別プランのご案内', from_address: SENDER_ADDRESSES[0], body: '', users: [] },
      recipientCount: RECIPIENTS,
    })
    .returning({ id: mailPublications.id });
  const mails = recipients(1, publication!.id);
  let t0 = performance.now();
  const enqueueCpu0 = process.cpuUsage();
  await db.transaction((tx) => enqueueMail(tx, mails));
  const enqueueMs = performance.now() - t0;
  const enqueueCpu = process.cpuUsage(enqueueCpu0);
  const enqueueCpuMs = (enqueueCpu.user + enqueueCpu.system) / 1000;
  log(`${engine}: ${RECIPIENTS} queued in ${Math.round(enqueueMs)} ms`);

  const worker = new MailWorker({ db, transport: smtpTransport(sink.url, 10), ratePerSecond: 100_000, batchSize: 100 });
  sink.clear();
  t0 = performance.now();
  const cpu0 = process.cpuUsage();
  worker.start();
  await sink.waitForCount(RECIPIENTS, 600_000);
  for (;;) {
    const [row] = await sqlRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from mail_messages where publication_id = ${publication!.id} and status <> 'sent'`,
    );
    if (row!.n === 0) break;
    await sleep(10);
  }
  const deliverS = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  // This process's CPU (worker, SMTP server, database client; PGlite too) per message: what the
  // rate would be with a core to itself, whatever else the machine runs.
  const cpuMsPerMessage = (cpu.user + cpu.system) / 1000 / RECIPIENTS;
  await worker.stop();
  const perSecond = RECIPIENTS / deliverS;
  log(`${engine}: delivered in ${deliverS.toFixed(1)} s (${Math.round(perSecond)}/s), ${sink.duplicates()} duplicates`);

  // Idle worker at the default rate: a booking-like mail committed, then the SMTP server's 250.
  const idle = new MailWorker({ db, transport: smtpTransport(sink.url), ratePerSecond: 50 });
  idle.start();
  const latency = async (nudge: boolean) => {
    const samples: number[] = [];
    for (let i = 0; i < LATENCY_SAMPLES; i++) {
      await sleep(100 + Math.random() * 400);
      const before = sink.messages.length;
      const start = performance.now();
      const [id] = await db.transaction((tx) =>
        enqueueMail(tx, [{ ...mails[0]!, publicationId: null, to: `latency${i}@example.jp` }]),
      );
      const committed = performance.now();
      if (nudge) nudgeMailWorker();
      while (sink.messages.length === before) await sleep(2);
      samples.push(performance.now() - committed);
      if (committed - start < 0) throw new Error('clock');
      await db
        .update(mailMessages)
        .set({ dedupeKey: null })
        .where(and(eq(mailMessages.id, id!)));
    }
    return samples;
  };
  const polled = await latency(false);
  const nudged = await latency(true);
  await idle.stop();
  return {
    engine,
    enqueueMs: round(enqueueMs),
    enqueueCpuMs: round(enqueueCpuMs),
    deliverySeconds: round(deliverS, 2),
    perSecond: round(perSecond),
    cpuMsPerMessage: round(cpuMsPerMessage, 2),
    duplicates: sink.duplicates(),
    latencyPolledP95Ms: round(percentile(polled, 0.95)),
    latencyPolledMedianMs: round(percentile(polled, 0.5)),
    latencyNudgedP95Ms: round(percentile(nudged, 0.95)),
  };
}

async function run(): Promise<Record<string, unknown>> {
  const sink = await startSmtpSink();
  const results: Awaited<ReturnType<typeof measure>>[] = [];
  try {
    const probe = await probePostgres();
    if (probe.available) {
      const created = await createDatabase(probe.url);
      const database = await openDatabase({ url: created.url });
      try {
        await seedDemo(database.db);
        results.push(await measure('PostgreSQL', database, sink));
      } finally {
        await database.close();
        await dropDatabase(probe.url, created.name);
      }
    } else {
      log(`PostgreSQL not measured: ${probe.reason}`);
    }
    const database = await openDatabase({ pglite: newPglite() });
    try {
      await seedDemo(database.db);
      results.push(await measure('PGlite (in memory)', database, sink));
    } finally {
      await database.close();
    }
  } finally {
    await sink.close();
  }
  console.log(heading(`mail: ${RECIPIENTS.toLocaleString('en')} recipients, one worker, local smtp-server`));
  console.log(
    table(
      [
        'engine',
        'queue 10,000',
        'its CPU',
        'deliver',
        'per second',
        'CPU/message',
        'commit→250 p95 (poll)',
        'p50 (poll)',
        'p95 (nudged)',
      ],
      results.map((r) => [
        r.engine,
        ms(r.enqueueMs),
        ms(r.enqueueCpuMs),
        `${r.deliverySeconds} s`,
        String(Math.round(r.perSecond)),
        ms(r.cpuMsPerMessage),
        ms(r.latencyPolledP95Ms),
        ms(r.latencyPolledMedianMs),
        ms(r.latencyNudgedP95Ms),
      ]),
    ),
  );
  console.log("CPU: of this process (for PostgreSQL the server's own work is not in it; for PGlite it is).");
  console.log(
    `targets: queue < ${TARGETS.enqueueMs} ms, >= ${TARGETS.perSecond}/s on PostgreSQL, commit→250 p95 < ${TARGETS.p95Ms} ms`,
  );
  const pgResult = results.find((r) => r.engine === 'PostgreSQL');
  const met =
    pgResult !== undefined &&
    results.every((r) => r.enqueueMs < TARGETS.enqueueMs && r.latencyPolledP95Ms < TARGETS.p95Ms) &&
    pgResult.perSecond >= TARGETS.perSecond;
  return { recipients: RECIPIENTS, results, targets: TARGETS, met };
}

export const mail: Benchmark = {
  name: 'mail',
  description: 'outbox: 10,000 recipients queued, delivery rate to a local SMTP server, commit→250 latency',
  run,
};
