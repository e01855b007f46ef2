import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { receivedMailMessages } from '../../contract/receivedMail';
import { mailTemplateMessages } from '../../contract/mailTemplate';
import { sqlRows } from '../../server/db/client';
import { httpClient } from '../support/http';
import { ADMIN, STAFF, startTestServer, type TestServer } from '../support/testServer';
import { until } from '../support/until';
import { startSmtpSink, type SmtpSink } from '../../tools/smtpSink';

/**
 * A guest's mail answered in place (issue 32): a received mail linked to its booking is replied to
 * from the console; the reply goes to the address it came from, threaded under it (In-Reply-To its
 * Message-ID, References its thread then it), and the booking's mail history holds both as one
 * thread. A mail that names no booking yet cannot be answered (409).
 */

const SECRET = 'inbound-secret-for-reply-tests-0123456789';

let sink: SmtpSink;
let server: TestServer;
let http: ReturnType<typeof httpClient>;
let admin: string;
let staff: string;
const rows = <T>(query: ReturnType<typeof sql>) => sqlRows<T>(server.database.db, query);

beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startTestServer({ SMTP_URL: sink.url, INBOUND_MAIL_SECRET: SECRET });
  http = httpClient(server.baseUrl);
  admin = (await http.login(ADMIN)).access_token;
  staff = (await http.login(STAFF)).access_token;
});
afterAll(async () => {
  await server?.close();
  await sink?.close();
});

let serial = 0;
/** A guest's mail as a mail program writes it, delivered to the inbound route. */
async function guestWrites(o: { from: string; subject: string; body: string; references?: string }) {
  const id = `<g${++serial}.${Date.now()}@guest.example>`;
  const raw = [
    `From: ${o.from}`,
    'To: info@yadoban.example.com',
    `Subject: =?utf-8?B?${Buffer.from(o.subject).toString('base64')}?=`,
    'Date: Mon, 07 Dec 2026 10:00:00 +0900',
    `Message-ID: ${id}`,
    ...(o.references ? [`In-Reply-To: ${o.references.split(' ').at(-1)}`, `References: ${o.references}`] : []),
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    o.body,
    '',
  ].join('\r\n');
  const res = await http.send<any>('POST', '/api/mail/inbound', {
    body: new Uint8Array(Buffer.from(raw)),
    headers: { 'content-type': 'message/rfc822', authorization: `Bearer ${SECRET}` },
  });
  expect(res.status).toBeLessThan(300);
  const [kept] = await rows<{ id: number }>(sql`select id from received_mails where message_id = ${id}`);
  return { id: kept!.id, messageId: id };
}

/** A live booking of the first facility staff may reach, its guest address set. */
async function booking(mail: string) {
  const [b] = await rows<{ id: number; accommodation_id: number }>(sql`select b.id, b.accommodation_id from bookings b
    where b.delete_flg = 0 and b.accommodation_id = (select min(accommodation_id) from user_accommodations
      where user_id = (select id from users where mail = ${STAFF.username}))
    order by b.id desc limit 1`);
  await rows(sql`update bookings set mail = ${mail} where id = ${b!.id}`);
  return b!;
}

const reply = (id: number, body: Record<string, unknown>, token = staff) =>
  http.send<any>('POST', `/api/admin/mail/receive/${id}/reply`, { token, json: body });

describe('a reply to a received mail', () => {
  it('goes to the guest threaded under their mail, and the booking shows both as one thread', async () => {
    const b = await booking('tabi@guest.example');
    const earlier = '<first.1@yadoban.example.com>';
    const guest = await guestWrites({
      from: 'tabi@guest.example',
      subject: '到着時間について',
      body: '18時ごろ到着します。',
      references: earlier,
    });
    const linked = await http.send<any>('PATCH', `/api/admin/mail/receive/${guest.id}`, {
      token: staff,
      json: { book_id: b.id },
    });
    expect(linked.status).toBe(200);

    const sent = await reply(guest.id, { title: 'Re: 到着時間について', body: 'お待ちしております。' });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ title: 'Re: 到着時間について', to_address: 'tabi@guest.example' });
    const [row] = await rows<{ book_id: number; in_reply_to: string; references: string }>(
      sql`select book_id, in_reply_to, "references" from mail_messages where id = ${sent.body.id}`,
    );
    expect(row).toEqual({ book_id: b.id, in_reply_to: guest.messageId, references: `${earlier} ${guest.messageId}` });

    // Delivered with the headers a mail program threads on.
    await until(
      async () => sink.messages.length,
      (n) => n > 0,
    );
    const delivered = sink.messages.find((m) => m.to.includes('tabi@guest.example'))!;
    expect(delivered.raw).toMatch(new RegExp(`^In-Reply-To: ${guest.messageId}`, 'm'));
    expect(delivered.raw).toMatch(new RegExp(`^References: ${earlier} ${guest.messageId}`, 'm'));

    const history = await http.get<any>(`/api/admin/books/${b.id}/mail`, staff);
    expect(history.status).toBe(200);
    expect(history.body.received).toEqual([
      expect.objectContaining({ id: guest.id, title: '到着時間について', from_address: 'tabi@guest.example' }),
    ]);
    expect(history.body.received[0].body).toContain('18時ごろ到着します。');
    expect(history.body.items.map((i: any) => i.id)).toContain(sent.body.id);
  });

  it('is refused while the mail names no booking (409), with a wrong body (400), and for a mail not seen (404)', async () => {
    const loose = await guestWrites({
      from: 'unknown@guest.example',
      subject: 'お問い合わせ',
      body: '空室はありますか。',
    });
    const before = (await rows<{ n: number }>(sql`select count(*)::int as n from mail_messages`))[0]!.n;
    const unlinked = await reply(loose.id, { title: 'Re: お問い合わせ', body: 'ございます。' });
    expect(unlinked.status).toBe(409);
    expect(unlinked.body.message).toBe(receivedMailMessages.replyNeedsBooking);

    const b = await booking('loose@guest.example');
    await http.send('PATCH', `/api/admin/mail/receive/${loose.id}`, { token: admin, json: { book_id: b.id } });
    const empty = await reply(loose.id, { title: '', body: 'ございます。' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors.title).toBe(mailTemplateMessages.freeTitle);
    expect((await reply(999_999, { title: 'Re', body: 'x' })).status).toBe(404);
    expect((await rows<{ n: number }>(sql`select count(*)::int as n from mail_messages`))[0]!.n).toBe(before);
  });
});
