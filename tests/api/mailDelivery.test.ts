import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mailMessages } from '../../server/db/schema';
import { enqueueMail, UnsafeHeaderError, type OutgoingMail } from '../../server/mail/outbox';
import { classifyDeliveryError } from '../../server/mail/smtpErrors';
import { smtpTransport } from '../../server/mail/transport';
import { mailDeliveryConfigured, MailWorker, type MailWorkerOptions } from '../../server/jobs/mailDelivery';
import { startSignedIn, type SignedIn } from '../support/signedIn';
import { startSmtpSink, type SmtpSink } from '../../tools/smtpSink';
import { until } from '../support/until';

let s: SignedIn;
let sink: SmtpSink;
const workers: MailWorker[] = [];

beforeAll(async () => {
  [s, sink] = await Promise.all([startSignedIn(), startSmtpSink()]);
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
  sink.clear();
});
afterAll(async () => {
  await s?.server.close();
  await sink?.close();
});

const db = () => s.server.database.db;

function mail(over: Partial<OutgoingMail> = {}): OutgoingMail {
  return {
    companyId: 1,
    accommodationId: s.accommodations[0]!.id,
    to: 'guest@example.jp',
    toName: '佐藤 花子',
    from: 'info@yadoban.example.com',
    fromName: '山田旅館',
    title: 'ご予約ありがとうございます【確認】',
    body: '佐藤 花子 様\n\nご予約を承りました。\n宿泊日：2026年12月1日\n料金：18,000円\n',
    ...over,
  };
}

async function queue(...mails: OutgoingMail[]): Promise<number[]> {
  return db().transaction((tx) => enqueueMail(tx, mails));
}

function worker(over: Partial<MailWorkerOptions> = {}): MailWorker {
  const w = new MailWorker({
    db: db(),
    transport: smtpTransport(sink.url),
    ratePerSecond: 2000,
    retryBaseMs: 50,
    pollMs: 50,
    ...over,
  });
  w.start();
  workers.push(w);
  return w;
}

async function row(id: number) {
  const [r] = await db().select().from(mailMessages).where(eq(mailMessages.id, id));
  return r!;
}

const settled = (id: number) =>
  until(
    () => row(id),
    (r) => r.status === 'sent' || r.status === 'failed',
  );
const headerOf = (raw: string) => raw.split(/\r\n\r\n/, 1)[0]!;

describe('mail delivery (the outbox worker)', () => {
  it('without SMTP_URL no worker runs: the mail stays queued and nothing is sent', async () => {
    expect(mailDeliveryConfigured(s.server.config)).toBe(false);
    const [id] = await queue(mail());
    await new Promise((r) => setTimeout(r, 1200));
    const r = await row(id!);
    expect([r.status, r.attempts, r.error]).toEqual(['queued', 0, null]);
    expect(sink.messages).toHaveLength(0);
    // Delivered once a worker runs (the server restarted with SMTP_URL).
    worker();
    expect((await settled(id!)).status).toBe('sent');
  });

  it('sends Japanese subject and names as RFC 2047 encoded words, UTF-8 body, with the row Message-ID', async () => {
    const m = mail();
    const [id] = await queue(m);
    worker();
    const r = await settled(id!);
    expect(r.status).toBe('sent');
    expect(r.attempts).toBe(1);
    expect(r.smtpReply).toMatch(/^250 /);
    expect(r.sentAt).not.toBeNull();
    expect(sink.messages).toHaveLength(1);
    const got = sink.messages[0]!;
    const head = headerOf(got.raw);
    // Headers are ASCII: Japanese only as encoded words.
    expect(head).toMatch(/^[\x20-\x7e\r\n\t]*$/);
    expect(head).toMatch(/^Subject: =\?UTF-8\?[BQ]\?/im);
    expect(head).toMatch(/^From: =\?UTF-8\?[BQ]\?.*<info@yadoban\.example\.com>/im);
    expect(head).toMatch(/^Content-Type: text\/plain; charset=utf-8/im);
    expect(got.messageId).toBe(r.messageId);
    expect(got.to).toEqual(['guest@example.jp']);
    const parsed = await sink.parsed(0);
    expect(parsed.subject).toBe(m.title);
    expect(parsed.from).toMatchObject({ name: '山田旅館', address: 'info@yadoban.example.com' });
    expect(parsed.to).toEqual([{ name: '佐藤 花子', address: 'guest@example.jp' }]);
    expect(parsed.text?.replace(/\r\n/g, '\n')).toBe(m.body);
    expect(parsed.messageId).toBe(r.messageId);
  });

  it('a bulk mail test send with a PDF queues one row holding it and delivers the PDF with its name', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
    const before = await db().$count(mailMessages);
    const sent = await s.http.send<any>('POST', '/api/admin/mail/publishes/test', {
      token: s.staff,
      json: {
        title: 'テスト送信',
        body: '<p>{{name}}様</p><p>資料を添付します。</p>',
        to: 'me@example.jp',
        from_address: 'info@yadoban.example.com',
        // The declared type and the name's extension are not trusted: the content is a PDF.
        file: `data:application/octet-stream;base64,${pdf.toString('base64')}`,
        file_name: 'C:\\資料\\ご案内',
      },
    });
    expect(sent.status).toBe(202);
    // One row, the test's own: no publication, no copy elsewhere.
    expect(await db().$count(mailMessages)).toBe(before + 1);
    const r = await row(sent.body.id);
    expect(r).toMatchObject({
      toAddress: 'me@example.jp',
      publicationId: null,
      status: 'queued',
      attachmentType: 'application/pdf',
      attachmentName: 'ご案内.pdf',
    });
    expect(Buffer.from(r.attachment!).equals(pdf)).toBe(true);

    worker();
    expect((await settled(r.id)).status).toBe('sent');
    expect(sink.messages).toHaveLength(1);
    expect(sink.messages[0]!.to).toEqual(['me@example.jp']);
    const parsed = await sink.parsed(0);
    expect(parsed.subject).toBe('テスト送信');
    expect(parsed.attachments).toHaveLength(1);
    const [file] = parsed.attachments;
    expect(file).toMatchObject({ filename: 'ご案内.pdf', mimeType: 'application/pdf' });
    expect(Buffer.from(file!.content as ArrayBuffer).equals(pdf)).toBe(true);
  });

  it('refuses a line break in a header field, and a name full of addresses adds no recipient', async () => {
    const before = (await db().select({ id: mailMessages.id }).from(mailMessages)).length;
    for (const over of [
      { title: '件名\r\nBcc: evil@example.jp' },
      { toName: '花子\nCc: evil@example.jp' },
      { to: 'guest@example.jp\r\nBcc: evil@example.jp' },
      { fromName: '旅館\rX-Evil: 1' },
    ]) {
      await expect(queue(mail(over))).rejects.toBeInstanceOf(UnsafeHeaderError);
    }
    expect((await db().select({ id: mailMessages.id }).from(mailMessages)).length).toBe(before);

    // A row written around enqueueMail with a line break fails, unsent.
    const [bad] = await db()
      .insert(mailMessages)
      .values({ ...rowValues(mail()), title: '件名\r\nBcc: evil@example.jp', messageId: '<bad@yado.example.jp>' })
      .returning({ id: mailMessages.id });
    // A name that looks like more addresses is only a name (nodemailer quotes or encodes it).
    const [named] = await queue(mail({ toName: '"Evil" <evil@example.jp>, other@example.jp; Bcc: x@example.jp' }));
    worker();
    const badRow = await settled(bad!.id);
    expect(badRow.status).toBe('failed');
    expect(badRow.error).toContain('改行');
    expect((await settled(named!)).status).toBe('sent');
    expect(sink.messages).toHaveLength(1);
    const got = sink.messages[0]!;
    expect(got.to).toEqual(['guest@example.jp']);
    const head = headerOf(got.raw);
    expect(head.match(/^To:/gim)).toHaveLength(1);
    expect(head).not.toMatch(/^(Bcc|Cc|X-Evil):/im);
    const parsed = await sink.parsed(0);
    expect(parsed.to?.map((a) => a.address)).toEqual(['guest@example.jp']);
    expect(parsed.cc ?? []).toHaveLength(0);
  });

  it('retries 451 twice with backoff, then records one delivery on the third attempt', async () => {
    sink.failNext(2, 451, '4.7.1 Try again later');
    const [id] = await queue(mail({ to: 'retry@example.jp' }));
    worker();
    const r = await settled(id!);
    expect([r.status, r.attempts, r.error]).toEqual(['sent', 3, null]);
    expect(sink.messages.filter((m) => m.messageId === r.messageId)).toHaveLength(1);
  });

  it('fails a 5xx at once with the server words and a Japanese reason, then resends it', async () => {
    sink.failRecipient('nobody@example.jp', 550, '5.1.1 No such user here');
    const [id] = await queue(mail({ to: 'nobody@example.jp' }));
    worker();
    const r = await settled(id!);
    expect([r.status, r.attempts]).toEqual(['failed', 1]);
    expect(r.error).toBe('送信先のメールサーバーが受け取りを拒否しました（550 5.1.1 No such user here）');
    expect(sink.messages).toHaveLength(0);

    sink.clear();
    const res = await s.http.send('POST', `/api/admin/mail/messages/${id}/resend`, { token: s.admin });
    expect(res).toMatchObject({ status: 200, body: { id, status: 'queued' } });
    const again = await settled(id!);
    expect([again.status, again.attempts, again.error]).toEqual(['sent', 2, null]);
    expect(sink.messages[0]!.messageId).toBe(r.messageId);
    const twice = await s.http.send('POST', `/api/admin/mail/messages/${id}/resend`, { token: s.admin });
    expect(twice.status).toBe(409);
    expect((twice.body as { message: string }).message).toBe('送信に失敗したメールだけを再送できます');
  });

  it('resend is scoped: staff reach only their accommodations, company-level rows are for administrators', async () => {
    const other = s.accommodations[1]!.id;
    const ids = await queue(
      mail({ to: 'a@example.jp' }),
      mail({ to: 'b@example.jp', accommodationId: other }),
      mail({ to: 'c@example.jp', accommodationId: null }),
    );
    await db().update(mailMessages).set({ status: 'failed', error: 'x' }).where(inArray(mailMessages.id, ids));
    const resend = (id: number, token: string) =>
      s.http.send('POST', `/api/admin/mail/messages/${id}/resend`, { token });
    expect((await resend(ids[1]!, s.staff)).status).toBe(404);
    expect((await resend(ids[2]!, s.staff)).status).toBe(404);
    expect((await resend(999999, s.admin)).status).toBe(404);
    expect((await resend(ids[0]!, s.staff)).status).toBe(200);
    expect((await resend(ids[2]!, s.admin)).status).toBe(200);
    expect((await row(ids[1]!)).status).toBe('failed');
    expect((await row(ids[2]!)).status).toBe('queued');
    // Leave nothing due for the next tests.
    await db().update(mailMessages).set({ status: 'sent' }).where(inArray(mailMessages.id, ids));
  });

  it('keeps a mail queued with a Japanese reason while the SMTP server refuses connections', async () => {
    const [id] = await queue(mail({ to: 'later@example.jp' }));
    worker({ transport: smtpTransport('smtp://127.0.0.1:1') });
    const r = await until(
      () => row(id!),
      (v) => v.attempts >= 2,
    );
    expect(r.status).not.toBe('failed');
    expect(r.error).toBe('メールサーバーに接続できませんでした（接続を拒否されました）。時間をおいて自動で再送します');
    await workers.splice(0)[0]!.stop();
    // A clean stop leaves nothing sending.
    expect((await row(id!)).status).toBe('queued');
    worker();
    expect((await settled(id!)).status).toBe('sent');
  });

  it('two workers deliver 500 mails with none sent twice', async () => {
    const ids = await queue(
      ...Array.from({ length: 500 }, (_, i) => mail({ to: `g${i}@example.jp`, toName: `ゲスト ${i}` })),
    );
    worker({ batchSize: 20 });
    worker({ batchSize: 20 });
    await sink.waitForCount(500, 60_000);
    await until(
      async () => db().select({ status: mailMessages.status }).from(mailMessages).where(inArray(mailMessages.id, ids)),
      (rows) => rows.every((r) => r.status === 'sent'),
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(sink.messages).toHaveLength(500);
    expect(sink.duplicates()).toBe(0);
    const rows = await db().select().from(mailMessages).where(inArray(mailMessages.id, ids));
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('a clean stop leaves nothing sending and sends nothing twice after a restart', async () => {
    sink.setDelay(20);
    const ids = await queue(...Array.from({ length: 200 }, (_, i) => mail({ to: `stop${i}@example.jp` })));
    const first = worker({ ratePerSecond: 100 });
    await sink.waitForCount(40);
    await first.stop();
    const rows = await db().select().from(mailMessages).where(inArray(mailMessages.id, ids));
    expect(rows.filter((r) => r.status === 'sending')).toHaveLength(0);
    const sent = rows.filter((r) => r.status === 'sent').length;
    expect(sink.messages.length).toBe(sent);
    expect(sent).toBeLessThan(200);
    sink.setDelay(0);
    worker();
    await sink.waitForCount(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(sink.messages).toHaveLength(200);
    expect(sink.duplicates()).toBe(0);
  });

  it('queues a dedupe key once and holds a mail until its notBefore', async () => {
    const first = await queue(mail({ to: 'once@example.jp', dedupeKey: 'book:1:created' }));
    const second = await queue(mail({ to: 'once@example.jp', dedupeKey: 'book:1:created' }));
    expect([first.length, second]).toEqual([1, []]);
    const [later] = await queue(mail({ to: 'later@example.jp', notBefore: new Date(Date.now() + 3_600_000) }));
    worker();
    expect((await settled(first[0]!)).status).toBe('sent');
    await new Promise((r) => setTimeout(r, 300));
    expect(await row(later!)).toMatchObject({ status: 'queued', attempts: 0 });
    expect(sink.messages.map((m) => m.to)).toEqual([['once@example.jp']]);
    await db().update(mailMessages).set({ status: 'sent' }).where(eq(mailMessages.id, later!));
  });

  it('classifies 421/454 and timeouts as temporary and 5xx as final', () => {
    expect(classifyDeliveryError({ responseCode: 421, response: '421 busy' }).permanent).toBe(false);
    expect(classifyDeliveryError({ responseCode: 454, response: '454 TLS not available' }).permanent).toBe(false);
    expect(classifyDeliveryError({ code: 'ETIMEDOUT', message: 'Timeout' })).toEqual({
      permanent: false,
      reason: 'メールサーバーが時間内に応答しませんでした。時間をおいて自動で再送します',
    });
    expect(classifyDeliveryError({ code: 'ESOCKET', originalCode: 'ECONNRESET' }).permanent).toBe(false);
    expect(classifyDeliveryError({ responseCode: 554, response: '554 spam' }).permanent).toBe(true);
  });
});

function rowValues(m: OutgoingMail) {
  return {
    companyId: m.companyId,
    accommodationId: m.accommodationId ?? null,
    toAddress: m.to,
    toName: m.toName ?? null,
    fromAddress: m.from,
    fromName: m.fromName ?? null,
    title: m.title,
    body: m.body,
  };
}
