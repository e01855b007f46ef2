import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import iconv from 'iconv-lite';
import nodemailer from 'nodemailer';
import type { Accommodation } from '../../contract/accommodation';
import type { ReceivedMail, ReceivedMailList } from '../../contract/receivedMail';
import { sqlRows } from '../../server/db/client';
import { senderAuthLabels } from '../../contract/receivedMail';
import type { DNSResolver } from '../../server/mail/inbound/authenticate';
import { httpClient } from '../support/http';
import { ADMIN, STAFF, startTestServer, type TestServer } from '../support/testServer';

const SECRET = 'inbound-secret-for-tests-0123456789';
const MAX_BYTES = 64 * 1024;
const MAILBOX = 'info@yadoban-inbound.example';

let server: TestServer;
let http: ReturnType<typeof httpClient>;
let admin: string;
let staff: string;
let accommodations: Accommodation[];
const rows = <T>(query: SQL) => sqlRows<T>(server.database.db, query);

interface Booking {
  id: number;
  accommodation_id: number;
  uid: string;
  name: string;
}
/** A live booking of an accommodation, its guest address set to `mail`. */
async function guestBooking(accommodationId: number, mail: string, skip = 0): Promise<Booking> {
  const [b] = await rows<Booking>(sql`select id, accommodation_id, uid, name from bookings
    where accommodation_id = ${accommodationId} and delete_flg = 0 order by id offset ${skip} limit 1`);
  await rows(sql`update bookings set mail = ${mail} where id = ${b!.id}`);
  return b!;
}

/** ISO-2022-JP (JIS) bytes of Japanese text, as Japanese mail clients have long sent it. */
function jis(text: string): Buffer {
  const out: number[] = [];
  let kanji = false;
  for (const ch of text) {
    const euc = iconv.encode(ch, 'eucjp');
    if (euc.length === 1) {
      if (kanji) out.push(0x1b, 0x28, 0x42);
      kanji = false;
      out.push(euc[0]!);
    } else {
      if (!kanji) out.push(0x1b, 0x24, 0x42);
      kanji = true;
      out.push(euc[0]! - 0x80, euc[1]! - 0x80);
    }
  }
  if (kanji) out.push(0x1b, 0x28, 0x42);
  return Buffer.from(out);
}

function encode(text: string, charset: string): Buffer {
  if (charset === 'iso-2022-jp') return jis(text);
  return iconv.encode(text, charset === 'utf-8' ? 'utf8' : 'cp932');
}

let serial = 0;
interface MessageOptions {
  charset?: string;
  subject: string;
  body?: string;
  from?: string;
  to?: string;
  messageId?: string | null;
  inReplyTo?: string;
  references?: string;
  html?: boolean;
}
/** A message as a mail client writes it: the subject an encoded word, the body in the charset (8 bit). */
function message(o: MessageOptions): Buffer {
  const charset = o.charset ?? 'utf-8';
  const id = o.messageId === undefined ? `<t${++serial}.${Date.now()}@guest.example>` : o.messageId;
  const headers = [
    `From: =?utf-8?B?${Buffer.from('ゲスト').toString('base64')}?= <${o.from ?? 'someone@guest.example'}>`,
    `To: ${o.to ?? MAILBOX}`,
    `Subject: =?${charset}?B?${encode(o.subject, charset).toString('base64')}?=`,
    'Date: Wed, 25 Nov 2026 10:00:00 +0900',
    ...(id ? [`Message-ID: ${id}`] : []),
    ...(o.inReplyTo ? [`In-Reply-To: ${o.inReplyTo}`] : []),
    ...(o.references ? [`References: ${o.references}`] : []),
    'MIME-Version: 1.0',
    `Content-Type: text/${o.html ? 'html' : 'plain'}; charset=${charset}`,
    `Content-Transfer-Encoding: ${charset === 'iso-2022-jp' ? '7bit' : '8bit'}`,
  ];
  return Buffer.concat([
    Buffer.from(headers.join('\r\n') + '\r\n\r\n'),
    encode(o.body ?? '本文です。', charset),
    Buffer.from('\r\n'),
  ]);
}

const inbound = (raw: Buffer | string, token: string | null = SECRET, type = 'message/rfc822') =>
  http.send<any>('POST', '/api/mail/inbound', {
    body: typeof raw === 'string' ? raw : new Uint8Array(raw),
    headers: { 'content-type': type, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
const list = (token = admin) => http.get<ReceivedMailList>('/api/admin/mail/receive?limit=200', token);
const open = (id: number, token = admin) => http.get<ReceivedMail>(`/api/admin/mail/receive/${id}`, token);
const count = async () => (await rows<{ n: number }>(sql`select count(*)::int as n from received_mails`))[0]!.n;

/** Sends through the server's own SMTP listener, as a mail server on the Internet would. */
async function sendSmtp(raw: Buffer, to = MAILBOX, from = 'someone@guest.example') {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: server.inboundSmtp!.port,
    secure: false,
    ignoreTLS: true,
  });
  try {
    return await transport.sendMail({ envelope: { from, to: [to] }, raw });
  } finally {
    transport.close();
  }
}

/** A bare SMTP client (no SIZE parameter): the replies of each step, the DATA reply last. */
function rawSmtp(data: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.inboundSmtp!.port, '127.0.0.1');
    const replies: string[] = [];
    let buffer = '';
    const steps = ['EHLO tester\r\n', 'MAIL FROM:<big@guest.example>\r\n', `RCPT TO:<${MAILBOX}>\r\n`, 'DATA\r\n'];
    socket.on('data', (chunk) => {
      buffer += chunk.toString();
      // A whole reply: its last line has a space after the code.
      if (!/(^|\r\n)\d{3} [^\r\n]*\r\n$/.test(buffer)) return;
      replies.push(buffer.trim());
      buffer = '';
      const step = steps.shift();
      if (step) socket.write(step);
      else if (replies.length === 5) {
        socket.write(data);
        socket.write('\r\n.\r\n');
      } else {
        socket.end('QUIT\r\n');
        resolve(replies);
      }
    });
    socket.on('error', reject);
  });
}

/**
 * The DNS of the senders' domains, as the test sets it: SPF and DMARC records of three domains
 * (one whose servers include the test's own address, one forged, one with no records at all).
 */
const DNS: Record<string, string[]> = {
  'spf-pass.example': ['v=spf1 ip4:127.0.0.1 -all'],
  '_dmarc.spf-pass.example': ['v=DMARC1; p=reject'],
  'bank.example': ['v=spf1 ip4:203.0.113.9 -all'],
  '_dmarc.bank.example': ['v=DMARC1; p=reject'],
};
const lookups: string[] = [];
const resolver: DNSResolver = async (name, rrtype) => {
  lookups.push(`${rrtype} ${name}`);
  const found = rrtype === 'TXT' ? DNS[name.toLowerCase()] : undefined;
  if (!found) throw Object.assign(new Error(`no ${rrtype} for ${name}`), { code: 'ENOTFOUND' });
  return found.map((r) => [r]);
};

beforeAll(async () => {
  server = await startTestServer(
    {
      INBOUND_SMTP_PORT: '0',
      INBOUND_MAIL_SECRET: SECRET,
      INBOUND_MAX_BYTES: String(MAX_BYTES),
      MAIL_VERIFIED_DOMAINS: 'yadoban-inbound.example',
      INBOUND_SMTP_MAX_PER_CLIENT: '3',
      INBOUND_SMTP_IDLE_SECONDS: '2',
    },
    undefined,
    { dnsResolver: resolver },
  );
  http = httpClient(server.baseUrl);
  admin = (await http.login(ADMIN)).access_token;
  staff = (await http.login(STAFF)).access_token;
  accommodations = (await http.get('/api/accommodations', admin)).body.accommodations;
  const added = await http.send('POST', '/api/admin/mail/addresses', { token: admin, json: { from_address: MAILBOX } });
  expect(added.status).toBe(201);
});
afterAll(() => server?.close());

describe('received mail: decoding', () => {
  it.each(['iso-2022-jp', 'shift_jis', 'cp932', 'windows-31j', 'utf-8'])(
    'decodes a %s subject and body',
    async (charset) => {
      // ① ㈱ 髙 are not in ISO-2022-JP (JIS X 0208): they come in CP932, which iPhone Mail uses for them.
      const special = charset === 'iso-2022-jp' ? '' : '①㈱髙';
      const subject = `${special}ご予約の件（${charset}）`;
      const body = `${special}髙橋と申します。\n二行目です。`;
      const answer = await inbound(message({ charset, subject, body }));
      expect(answer.status).toBe(201);
      const mail = (await open(answer.body.id)).body;
      expect(mail.title).toBe(subject);
      expect(mail.body).toBe(body);
      expect(mail.from_address).toBe('someone@guest.example');
    },
  );

  it('turns an HTML-only mail into text on the server: no tags, line breaks kept, no script', async () => {
    const html =
      '<html><body><p>ご予約ありがとうございます。</p><p>到着は<b>18時</b>頃です。<br>よろしくお願いします。</p><script>alert(1)</script><img src="https://tracker.example/x.gif"></body></html>';
    const answer = await inbound(message({ subject: 'HTMLのみ', body: html, html: true }));
    expect(answer.status).toBe(201);
    const mail = (await open(answer.body.id)).body;
    expect(mail.body).not.toMatch(/[<>]/);
    expect(mail.body).not.toContain('alert');
    expect(mail.body).not.toContain('tracker');
    expect(mail.body.split('\n').filter(Boolean)).toEqual([
      'ご予約ありがとうございます。',
      '到着は18時頃です。',
      'よろしくお願いします。',
    ]);
  });
});

describe('received mail: linking', () => {
  it('links an ISO-2022-JP reply (over SMTP) to the booking whose mail it answers, through In-Reply-To', async () => {
    const booking = await guestBooking(accommodations[0]!.id, 'reply.guest@example.jp');
    const sentId = '<booking-mail-1@inn.example>';
    await rows(sql`insert into mail_messages (company_id, accommodation_id, book_id, message_id, to_address, from_address, title, body, status)
      select a.company_id, a.id, ${booking.id}, ${sentId}, 'reply.guest@example.jp', ${MAILBOX}, '予約完了', '本文', 'sent'
      from accommodations a where a.id = ${booking.accommodation_id}`);
    const raw = message({
      charset: 'iso-2022-jp',
      subject: 'Re: ご予約ありがとうございます',
      body: '到着が遅れます。\n高橋',
      from: 'reply.guest@example.jp',
      inReplyTo: sentId,
      references: `<older@inn.example> ${sentId}`,
    });
    const delivered = await sendSmtp(raw);
    expect(delivered.response).toMatch(/^250 /);

    const item = (await list()).body.mails.find((m) => m.title === 'Re: ご予約ありがとうございます');
    expect(item).toMatchObject({ book_id: booking.id, accommodation_id: booking.accommodation_id, read: false });
    const mail = (await open(item!.id)).body;
    expect(mail.body).toBe('到着が遅れます。\n高橋');
    expect(mail.book_id).toBe(booking.id);
  });

  it('shows the booking of the sender address as a candidate of an unlinked CP932 mail', async () => {
    const booking = await guestBooking(accommodations[0]!.id, 'cp932.guest@example.jp', 1);
    const answer = await inbound(
      message({
        charset: 'cp932',
        subject: '①㈱髙橋商事の件',
        body: '> ①お部屋について\n㈱髙橋商事 髙橋です。',
        from: 'CP932.Guest@example.jp',
      }),
    );
    expect(answer.status).toBe(201);
    const mail = (await open(answer.body.id)).body;
    expect(mail).toMatchObject({
      title: '①㈱髙橋商事の件',
      body: '> ①お部屋について\n㈱髙橋商事 髙橋です。',
      book_id: null,
    });
    expect(mail.candidates).toContainEqual({
      id: booking.id,
      accommodation_id: booking.accommodation_id,
      name: booking.name,
      start_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      room_name: expect.any(String),
      delete_flg: 0,
    });
  });

  it('links by the confirmation number in the subject only when one booking of the company has it', async () => {
    const [unique] = await rows<{ uid: string; id: number }>(sql`select b.uid, b.id from bookings b
      where (select count(*) from bookings o where left(o.uid, 3) = left(b.uid, 3)) = 1 order by b.id limit 1`);
    const linked = await inbound(message({ subject: `予約番号：${unique!.uid.slice(0, 3)} の変更` }));
    expect((await open(linked.body.id)).body.book_id).toBe(unique!.id);

    const [shared] = await rows<{ prefix: string }>(sql`select left(uid, 3) as prefix from bookings
      group by 1 having count(*) > 1 limit 1`);
    if (shared) {
      const ambiguous = await inbound(message({ subject: `確認番号 ${shared.prefix} について` }));
      expect((await open(ambiguous.body.id)).body.book_id).toBeNull();
    }
    const [whole] = await rows<{ uid: string; id: number }>(sql`select uid, id from bookings order by id desc limit 1`);
    const byUid = await inbound(message({ subject: `Re: [${whole!.uid}] ご予約` }));
    expect((await open(byUid.body.id)).body.book_id).toBe(whole!.id);
  });

  it('keeps the same Message-ID once, however often it is delivered', async () => {
    const raw = message({ subject: '二重配信', messageId: '<twice@guest.example>' });
    const first = await inbound(raw);
    expect(first.status).toBe(201);
    const second = await inbound(raw);
    expect(second.status).toBe(200);
    expect(second.body).toEqual({ id: first.body.id, duplicate: true });
    await sendSmtp(raw);
    const kept = await rows<{ n: number }>(
      sql`select count(*)::int as n from received_mails where message_id = '<twice@guest.example>'`,
    );
    expect(kept[0]!.n).toBe(1);
  });
});

describe('received mail: the doors', () => {
  it('answers 552 to a message over the limit over SMTP, counting the bytes itself, and stores nothing', async () => {
    const before = await count();
    const huge = Buffer.concat([message({ subject: '大きすぎる', body: 'x' }), Buffer.alloc(MAX_BYTES + 1024, 'a')]);
    const replies = await rawSmtp(huge);
    expect(replies.at(-1)).toMatch(/^552 /);
    expect(await count()).toBe(before);
    // A client that declares the size is refused before it sends it.
    await expect(sendSmtp(huge)).rejects.toMatchObject({ responseCode: 552 });
    expect(await count()).toBe(before);
  });

  it('refuses POST mail/inbound without the secret (401), too large (413), malformed (400), another type (415)', async () => {
    const before = await count();
    const raw = message({ subject: '認証なし' });
    expect((await inbound(raw, null)).status).toBe(401);
    expect((await inbound(raw, 'wrong-secret-wrong-secret')).status).toBe(401);
    expect((await inbound(raw, admin)).status).toBe(401);
    const tooLarge = await inbound(Buffer.alloc(MAX_BYTES + 1, 'a'));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toMatch(/大きすぎます/);
    const malformed = await inbound('this is not a mail');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('メールの形式が正しくありません。');
    expect((await inbound(raw, SECRET, 'application/json')).status).toBe(415);
    expect((await inbound('', SECRET)).status).toBe(400);
    expect(await count()).toBe(before);
    // Just under the limit is kept.
    const near = message({ subject: '上限ちょうど', body: 'あ'.repeat(Math.floor((MAX_BYTES - 2048) / 3)) });
    expect(near.length).toBeLessThan(MAX_BYTES);
    expect((await inbound(near)).status).toBe(201);
    expect(await count()).toBe(before + 1);
  });
});

describe('received mail: who sees it, reading and associating', () => {
  it("hides another facility's mail from staff (not listed, 404), and mail of no company from everyone", async () => {
    const other = await guestBooking(accommodations[1]!.id, 'other.facility@example.jp');
    await rows(sql`insert into mail_messages (company_id, accommodation_id, book_id, message_id, to_address, from_address, title, body, status)
      select a.company_id, a.id, ${other.id}, '<other-facility@inn.example>', 'other.facility@example.jp', ${MAILBOX}, 't', 'b', 'sent'
      from accommodations a where a.id = ${other.accommodation_id}`);
    const theirs = (
      await inbound(
        message({
          subject: '別施設の件',
          from: 'other.facility@example.jp',
          inReplyTo: '<other-facility@inn.example>',
        }),
      )
    ).body.id as number;
    // Mail to no address of ours: with one company in the database it is that company's.
    const forwarded = (await inbound(message({ subject: '宛先不明', to: 'unknown@nowhere.example' }))).body
      .id as number;
    const [row] = await rows<{ company_id: number | null; ours: number }>(
      sql`select company_id, (select company_id from accommodations where id = ${other.accommodation_id}) as ours
        from received_mails where id = ${forwarded}`,
    );
    expect(row!.company_id).toBe(row!.ours);

    const staffList = (await list(staff)).body;
    expect(staffList.mails.map((m) => m.id)).not.toContain(theirs);
    expect((await open(theirs, staff)).status).toBe(404);
    const adminList = (await list()).body;
    expect(adminList.mails.map((m) => m.id)).toEqual(expect.arrayContaining([theirs, forwarded]));
    expect(staffList.count).toBeLessThan(adminList.count);

    // With a second company in the database, such mail is nobody's: no administrator sees it.
    await rows(sql`insert into companies (name) values ('別の宿の会社')`);
    const nobodys = (await inbound(message({ subject: '宛先不明2', to: 'unknown@nowhere.example' }))).body.id as number;
    const [none] = await rows<{ company_id: number | null }>(
      sql`select company_id from received_mails where id = ${nobodys}`,
    );
    expect(none!.company_id).toBeNull();
    expect((await list()).body.mails.map((m) => m.id)).not.toContain(nobodys);
    expect((await open(nobodys)).status).toBe(404);
    await rows(sql`delete from companies where name = '別の宿の会社'`);
    // Staff never see candidates of a facility they may not reach.
    const own = (await inbound(message({ subject: '候補', from: 'other.facility@example.jp' }))).body.id as number;
    expect((await open(own, staff)).body.candidates).toEqual([]);
    expect((await open(own)).body.candidates.map((c) => c.id)).toContain(other.id);
  });

  it('lists newest first, paged, and counts unread mail until it is opened', async () => {
    const first = (await http.get<ReceivedMailList>('/api/admin/mail/receive?limit=2', admin)).body;
    expect(first.mails).toHaveLength(2);
    const second = (await http.get<ReceivedMailList>('/api/admin/mail/receive?offset=2&limit=2', admin)).body;
    expect(second.mails[0]!.id).not.toBe(first.mails[0]!.id);
    const all = (await list()).body.mails;
    const times = all.map((m) => m.created_at);
    expect([...times].sort().reverse()).toEqual(times);

    const fresh = (await inbound(message({ subject: '未読' }))).body.id as number;
    const unread = (await list()).body.unread_mail;
    expect((await list()).body.mails.find((m) => m.id === fresh)?.read).toBe(false);
    await open(fresh);
    expect((await list()).body.unread_mail).toBe(unread - 1);
    expect((await list()).body.mails.find((m) => m.id === fresh)?.read).toBe(true);
  });

  it('associates a mail with a reachable booking: book_id and accommodation saved, audit row; refuses an unreachable one', async () => {
    const booking = await guestBooking(accommodations[0]!.id, 'associate@example.jp', 2);
    const other = await guestBooking(accommodations[1]!.id, 'associate@example.jp', 1);
    const id = (await inbound(message({ subject: '関連付け', from: 'associate@example.jp' }))).body.id as number;

    const refused = await http.send<any>('PATCH', `/api/admin/mail/receive/${id}`, {
      token: staff,
      json: { book_id: other.id },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ book_id: '関連付ける予約が見つかりません。' });
    expect((await http.send<any>('PATCH', `/api/admin/mail/receive/${id}`, { token: staff, json: {} })).status).toBe(
      400,
    );

    const done = await http.send<ReceivedMail>('PATCH', `/api/admin/mail/receive/${id}`, {
      token: staff,
      json: { book_id: booking.id },
    });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ book_id: booking.id, accommodation_id: booking.accommodation_id });
    const [saved] = await rows<{ book_id: number; accommodation_id: number }>(
      sql`select book_id, accommodation_id from received_mails where id = ${id}`,
    );
    expect(saved).toEqual({ book_id: booking.id, accommodation_id: booking.accommodation_id });
    const trail = await rows<{ book_id: number; changes: any }>(
      sql`select book_id, changes from audit_log where target_type = 'received_mail' and target_id = ${id}`,
    );
    expect(trail).toEqual([
      { book_id: booking.id, changes: expect.objectContaining({ book_id: { from: null, to: booking.id } }) },
    ]);
  });
});

/** A connection to the listener that has read its greeting: the greeting, and the socket. */
function greeted(): Promise<{ greeting: string; socket: Socket; closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.inboundSmtp!.port, '127.0.0.1');
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.once('data', (chunk) => resolve({ greeting: chunk.toString(), socket, closed }));
    socket.once('error', reject);
  });
}

describe("received mail: the SMTP listener's boundaries", () => {
  it('takes mail only for the verified sender addresses: any other recipient is 550 and nothing is kept', async () => {
    const before = await count();
    for (const to of ['someone@gmail.example', 'info@yadoban-inbound.example.evil.example']) {
      await expect(sendSmtp(message({ subject: '宛先違い', to }), to)).rejects.toMatchObject({ responseCode: 550 });
    }
    // An address a company added but has not verified is not a mailbox either.
    await rows(sql`insert into sender_addresses (company_id, from_address) values (1, 'pending@unverified.example')`);
    await expect(
      sendSmtp(message({ subject: '未確認', to: 'pending@unverified.example' }), 'pending@unverified.example'),
    ).rejects.toMatchObject({ responseCode: 550 });
    expect(await count()).toBe(before);
    const delivered = await sendSmtp(message({ subject: '正しい宛先' }));
    expect(delivered.response).toMatch(/^250 /);
    expect(await count()).toBe(before + 1);
  });

  it('holds three connections of one client at most and closes idle ones, so real mail still gets in', async () => {
    const idle = await Promise.all([greeted(), greeted(), greeted()]);
    for (const c of idle) expect(c.greeting).toMatch(/^220 /);
    const fourth = await greeted();
    expect(fourth.greeting).toMatch(/^421 /);
    fourth.socket.destroy();
    // The idle ones are closed by the server (INBOUND_SMTP_IDLE_SECONDS=2) without a word from them.
    await Promise.all(idle.map((c) => c.closed));
    const delivered = await sendSmtp(message({ subject: 'アイドル接続の後' }));
    expect(delivered.response).toMatch(/^250 /);
  });

  it("shows whether the sender was authenticated: SPF and DMARC pass, a forged bank's From fails, no records is unknown", async () => {
    const cases = [
      { from: 'guest@spf-pass.example', verdict: 'pass', spf: 'pass', dmarc: 'pass' },
      { from: 'billing@bank.example', verdict: 'fail', spf: 'fail', dmarc: 'fail' },
      { from: 'someone@no-records.example', verdict: 'none', spf: 'none', dmarc: 'none' },
    ] as const;
    for (const c of cases) {
      await sendSmtp(message({ subject: `認証 ${c.from}`, from: c.from }), MAILBOX, c.from);
      const item = (await list()).body.mails.find((m) => m.title === `認証 ${c.from}`)!;
      const mail = (await open(item.id)).body;
      expect(mail.sender_auth, c.from).toEqual({ verdict: c.verdict, spf: c.spf, dkim: 'none', dmarc: c.dmarc });
    }
    expect(lookups).toContain('TXT _dmarc.bank.example');
    expect(Object.keys(senderAuthLabels)).toEqual(['pass', 'fail', 'none', 'unchecked']);
    // Mail handed over by a gateway over HTTP is not checked here: null, shown as 未確認.
    const handed = (await inbound(message({ subject: 'ゲートウェイ経由' }))).body.id as number;
    expect((await open(handed)).body.sender_auth).toBeNull();
  });
});
