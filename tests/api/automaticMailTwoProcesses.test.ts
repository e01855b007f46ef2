import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, tokyoToday } from '../../contract/dates';
import { SEND_TYPE } from '../../contract/enums';
import { openDatabase } from '../../server/db/client';
import { SENDER_ADDRESSES } from '../../server/db/seed/fixtures';
import { enqueueMail } from '../../server/mail/outbox';
import { scratchDatabase } from '../support/postgresUrl';
import { bookFirstFreeNight } from '../support/fixtures';
import { startServerProcess, type ServerProcess } from '../support/serverProcess';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../../tools/smtpSink';
import { ADMIN } from '../support/testServer';

/**
 * The automatic mails (booking 1, payment 11, option paid 20, cancel 2) with two server processes
 * on one PostgreSQL database, both delivering to one real SMTP server: each mail arrives once.
 */
const url = process.env.DATABASE_URL;
const BOOKINGS = 10;
const KINDS = [SEND_TYPE.bookingCompleted, SEND_TYPE.paymentConfirmed, SEND_TYPE.settlement, SEND_TYPE.cancel];
/** Longer than two turns of an idle worker (it looks for due mail every 500 ms). */
const SETTLE_MS = 1500;

let sink: SmtpSink;
let admin: pg.Client;
let scratch: Awaited<ReturnType<typeof scratchDatabase>> | undefined;
let a: ServerProcess;
let b: ServerProcess;
let token: string;
let accommodationId: number;
let room: { room_id: number; plan_id: number };
let optionId: number;
const run_ = randomBytes(3).toString('hex');
const guest = (i: number) => `guest${i}.${run_}@example.org`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const startServer = (database: string) =>
  startServerProcess({
    DATABASE_URL: database,
    SEED_DEMO: '0',
    CONSOLE_DIR: './tests/support/no-console',
    SMTP_URL: sink.url,
  });

async function until(what: string, done: () => boolean | Promise<boolean>, ms = 40_000) {
  const end = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms\nA: ${a.output()}\nB: ${b.output()}`);
    await sleep(50);
  }
}

/** Rows of the test database's outbox. */
async function outbox(where: string, params: unknown[]) {
  const { rows } = await admin.query<{ id: number; message_id: string; status: string; to_address: string }>(
    `select id, message_id, status, to_address from mail_messages where ${where} order by id`,
    params,
  );
  return rows;
}

/** A booking for two through `via`, on the first free night from `from` on. */
async function book(via: ServerProcess, i: number, from: string, mail = guest(i)) {
  const booking = await bookFirstFreeNight(via.http, token, from, {
    accommodation_id: accommodationId,
    ...room,
    name: `自動 ${i}号`,
    mail,
  });
  return booking.id;
}

// Two processes on one database is a PostgreSQL set-up (PGlite is one process's own files).
describe.skipIf(!url)('automatic mail with two server processes on PostgreSQL', () => {
  beforeAll(async () => {
    sink = await startSmtpSink();
    scratch = await scratchDatabase(url!, 'am', inject('dbTemplate'));
    admin = new pg.Client({ connectionString: scratch.url });
    await admin.connect();
    [a, b] = await Promise.all([startServer(scratch.url), startServer(scratch.url)]);
    token = (await a.http.login(ADMIN)).access_token;
    const list = await a.http.get<{ accommodations: { id: number }[] }>('/api/accommodations', token);
    accommodationId = list.body.accommodations[0]!.id;
    const rooms = await admin.query<{ room_id: number; plan_id: number }>(
      `select r.id as room_id, p.id as plan_id from rooms r join room_plans rp on rp.room_id = r.id
        join plans p on p.id = rp.plan_id where r.accommodation_id = $1 and p.max_num >= 2
        order by r.max_num desc, r.id, p.id limit 1`,
      [accommodationId],
    );
    room = rooms.rows[0]!;
    const option = await admin.query<{ id: number }>(
      `insert into accommodation_options (accommodation_id, name, price, unit) values ($1, '自動メール朝食', 1500, '個')
        returning id`,
      [accommodationId],
    );
    optionId = option.rows[0]!.id;
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.kill(), b?.kill()]);
    await sink?.close();
    await admin?.end();
    await scratch?.drop();
  });

  it(`${BOOKINGS} bookings through A and B: booking, payment, option paid and cancel mail each arrive once`, async () => {
    const from = addDays(tokyoToday(), 45);
    const ids = await Promise.all(
      Array.from({ length: BOOKINGS }, async (_, i) => {
        // Half begin on A, half on B; each step goes through the other process than the one before.
        const [one, two] = i % 2 === 0 ? [a, b] : [b, a];
        const id = await book(one, i, addDays(from, i * 2));
        const paid = await two.http.send<{ id: number }>('POST', '/api/payments', {
          token,
          json: { payment_exe_date: tokyoToday(), book_id: id, amount: 5000, pay_type: 1, mail: 1 },
        });
        expect(paid.status).toBe(201);
        const added = await one.http.send<{ id: number }>('POST', `/api/books/${id}/options`, {
          token,
          json: { option_id: optionId, unit: 1 },
        });
        expect(added.status).toBe(201);
        // The same "mark paid" sent to both processes at once (a retried request): one mail.
        const marked = await Promise.all(
          [two, one].map((s) =>
            s.http.send('PATCH', `/api/books/${id}/options/${added.body.id}`, {
              token,
              json: { paid_at: tokyoToday(), mail: 1 },
            }),
          ),
        );
        expect(marked.map((r) => r.status)).toEqual([200, 200]);
        // The same cancel sent to both processes at once: one cancels, the other is refused.
        const cancelled = await Promise.all(
          [one, two].map((s) => s.http.send('DELETE', `/api/admin/books/${id}?mail=1`, { token })),
        );
        expect(cancelled.map((r) => r.status).sort()).toEqual([204, 409]);
        // And once more, after the cancel: refused again.
        expect((await two.http.send('DELETE', `/api/admin/books/${id}?mail=1`, { token })).status).toBe(409);
        return id;
      }),
    );

    const ours = () => sink.messages.filter((m) => m.to.length === 1 && m.to[0]!.endsWith(`.${run_}@example.org`));
    const expected = BOOKINGS * KINDS.length;
    await until(`${expected} mails at the SMTP server`, () => ours().length >= expected);
    await until('every mail of the bookings sent', async () =>
      (await outbox('book_id = any($1)', [ids])).every((r) => r.status === 'sent'),
    );
    // Late duplicates would come within a worker's next turns.
    await sleep(SETTLE_MS);

    const received: ReceivedMail[] = ours();
    const rows = await outbox('book_id = any($1)', [ids]);
    expect(rows).toHaveLength(expected);
    expect(rows.filter((r) => r.status !== 'sent')).toEqual([]);
    expect(received).toHaveLength(expected);
    expect(sink.duplicates()).toBe(0);
    // Each row of the outbox went out once, with the Message-ID fixed when it was queued.
    expect(received.map((m) => m.messageId).sort()).toEqual(rows.map((r) => r.message_id).sort());

    const subjects = await Promise.all(
      received.map(async (m) => `${m.to[0]} ${(await sink.parsed(sink.messages.indexOf(m))).subject}`),
    );
    expect(new Set(subjects).size).toBe(expected);

    for (const [i, id] of ids.entries()) {
      const history = await (i % 2 === 0 ? b : a).http.get<{
        items: { send_type: number; title: string; to_address: string; status: string; status_label: string }[];
      }>(`/api/admin/books/${id}/mail`, token);
      expect(history.status).toBe(200);
      const items = history.body.items;
      expect(items.map((x) => x.send_type).sort((x, y) => x - y)).toEqual([...KINDS].sort((x, y) => x - y));
      for (const item of items) {
        expect(item).toMatchObject({ to_address: guest(i), status: 'sent', status_label: '送信済み' });
        // What the guest received under that subject, exactly once.
        expect(subjects.filter((s) => s === `${guest(i)} ${item.title}`)).toHaveLength(1);
      }
    }

    // The dedupe key is the last guard: the cancel mail queued again for a booking is not written.
    const database = await openDatabase({ url: scratch!.url });
    try {
      const again = await database.db.transaction((tx) =>
        enqueueMail(tx, [
          {
            companyId: 1,
            accommodationId,
            bookId: ids[0]!,
            sendType: SEND_TYPE.cancel,
            dedupeKey: `book:${ids[0]}:${SEND_TYPE.cancel}`,
            to: guest(0),
            from: SENDER_ADDRESSES[0],
            title: 'キャンセル（再送）',
            body: '本文',
          },
        ]),
      );
      expect(again).toEqual([]);
    } finally {
      await database.close();
    }
    await sleep(SETTLE_MS);
    expect(await outbox('book_id = any($1)', [ids])).toHaveLength(expected);
    expect(ours()).toHaveLength(expected);
  }, 120_000);

  it('mail that comes due while its rows are locked goes out once, though both workers ask for it', async () => {
    const count = 60;
    const notBefore = new Date(Date.now() + 1000);
    const database = await openDatabase({ url: scratch!.url });
    let ids: number[];
    try {
      ids = await database.db.transaction((tx) =>
        enqueueMail(
          tx,
          Array.from({ length: count }, (_, i) => ({
            companyId: 1,
            to: `held${i}.${run_}@example.jp`,
            from: SENDER_ADDRESSES[0],
            title: `保留 ${i}`,
            body: '本文',
            notBefore,
          })),
        ),
      );
    } finally {
      await database.close();
    }
    expect(ids).toHaveLength(count);
    // Another transaction holds the rows while they come due and both workers take turns; a worker
    // that claimed them without SKIP LOCKED would wait for them, and both would send them after.
    await admin.query('begin');
    try {
      const locked = await admin.query('select id from mail_messages where id = any($1) for update', [ids]);
      expect(locked.rows).toHaveLength(count);
      await sleep(notBefore.getTime() - Date.now() + SETTLE_MS);
      // Meanwhile other mail still goes out: the workers pass over the locked rows, not wait for them.
      const live = `live.${run_}@example.net`;
      const id = await book(b, 99, addDays(tokyoToday(), 75), live);
      await until(
        'the booking mail while other rows are locked',
        () => sink.messages.some((m) => m.to[0] === live),
        15_000,
      );
      await until('its row sent', async () => (await outbox('book_id = $1', [id]))[0]?.status === 'sent', 15_000);
      expect((await outbox('id = any($1) and status = $2', [ids, 'queued'])).length).toBe(count);
    } finally {
      await admin.query('commit');
    }
    const held = () => sink.messages.filter((m) => m.to[0]?.endsWith(`.${run_}@example.jp`));
    await until(`${count} held mails at the SMTP server`, () => held().length >= count);
    await until('every held mail sent', async () =>
      (await outbox('id = any($1)', [ids])).every((r) => r.status === 'sent'),
    );
    await sleep(SETTLE_MS);
    expect(held()).toHaveLength(count);
    expect(new Set(held().map((m) => m.messageId)).size).toBe(count);
    expect(sink.duplicates()).toBe(0);
  }, 60_000);
});
