import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { controlCharacterMessage } from '../../contract/fieldRules';
import { mailPublicationMessages } from '../../contract/mailPublication';
import { senderAddressMessages as msg, type SenderAddress } from '../../contract/senderAddress';
import { hashPassword } from '../../server/auth/passwords';
import { sqlRows } from '../../server/db/client';
import { SENDER_ADDRESSES } from '../../server/db/seed/fixtures';
import { enqueueMail } from '../../server/mail/outbox';
import { UNVERIFIED_SENDER_REASON } from '../../server/mail/smtpErrors';
import { httpClient } from '../support/http';
import { startSmtpSink, type SmtpSink } from '../../tools/smtpSink';
import { ADMIN, STAFF, startTestServer, type TestServer } from '../support/testServer';

const PATH = '/api/admin/mail/addresses';
const OWN_DOMAIN = 'own-domain.example';
const INBOUND_SECRET = 'inbound-secret-for-tests-0123456789';
const OTHER_ADMIN = { username: 'admin@second-inn.example', password: 'second-admin-pass-1234' };

let server: TestServer;
let sink: SmtpSink;
let http: ReturnType<typeof httpClient>;
let admin: string;
let staff: string;
/** The administrator of a second company on the same deployment. */
let otherAdmin: string;
let otherCompanyId: number;
const rows = <T>(query: SQL) => sqlRows<T>(server.database.db, query);

const post = (json: unknown, token = admin) => http.send<any>('POST', PATH, { token, json });
const remove = (id: number, token = admin) => http.send<any>('DELETE', `${PATH}/${id}`, { token });
const verify = (id: number, code: string, token = admin) =>
  http.send<any>('POST', `${PATH}/${id}/verify`, { token, json: { code } });
const resend = (id: number, token = admin) => http.send<any>('POST', `${PATH}/${id}/verification`, { token });
const stored = () =>
  rows<{ id: number; company_id: number; from_address: string; verified: boolean }>(
    sql`select id, company_id, from_address, verified_at is not null as verified from sender_addresses order by id`,
  );
/** A test send of bulk mail: the one mail an administrator addresses freely. */
const testSend = (from_address: string, token = admin) =>
  http.send<any>('POST', '/api/admin/mail/publishes/test', {
    token,
    json: { to: 'me@example.jp', from_address, title: 'テスト', body: '<p>本文</p>' },
  });

/** The code of the last verification mail delivered to `address` (the SMTP server's copy). */
async function mailedCode(address: string, count = 1): Promise<string> {
  const toIt = () => sink.messages.filter((m) => m.to.includes(address));
  await expect.poll(() => toIt().length, { timeout: 10_000 }).toBeGreaterThanOrEqual(count);
  const mail = toIt().at(-1)!;
  const parsed = await (await import('../../tools/smtpSink')).parseRaw(mail.raw);
  expect(parsed.from?.address).toBe(address);
  expect(parsed.subject).toBe(msg.verificationTitle);
  return /確認コード：(\d{6})/.exec(parsed.text ?? '')![1]!;
}

beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startTestServer({
    SMTP_URL: sink.url,
    MAIL_VERIFIED_DOMAINS: `${OWN_DOMAIN}, mail.${OWN_DOMAIN}`,
    INBOUND_MAIL_SECRET: INBOUND_SECRET,
  });
  http = httpClient(server.baseUrl);
  admin = (await http.login(ADMIN)).access_token;
  staff = (await http.login(STAFF)).access_token;
  const [company] = await rows<{ id: number }>(sql`insert into companies (name) values ('第二の宿') returning id`);
  otherCompanyId = company!.id;
  const hash = await hashPassword(OTHER_ADMIN.password);
  await rows(sql`insert into users (company_id, name, mail, password_hash, user_type)
    values (${otherCompanyId}, '第二の管理者', ${OTHER_ADMIN.username}, ${hash}, 1)`);
  otherAdmin = (await http.login(OTHER_ADMIN)).access_token;
});
afterAll(async () => {
  await server?.close();
  await sink?.close();
});
beforeEach(() => sink.clear());

describe('sender addresses (GET/POST admin/mail/addresses, DELETE admin/mail/addresses/{id})', () => {
  it('adds an address on a domain of the deployment verified at once, lists it for every signed-in user, removes it', async () => {
    const created = await post({ from_address: ` Info@Mail.${OWN_DOMAIN.toUpperCase()} ` });
    expect(created.status).toBe(201);
    const address = `info@mail.${OWN_DOMAIN}`;
    expect(created.body).toEqual({ id: expect.any(Number), from_address: address, verified: true });

    for (const token of [admin, staff]) {
      const list = await http.get<SenderAddress[]>(PATH, token);
      expect(list.status).toBe(200);
      expect(list.body).toContainEqual({ id: created.body.id, from_address: address, verified: true });
      expect(Object.keys(list.body[0]!).sort()).toEqual(['from_address', 'id', 'verified']);
    }
    expect((await testSend(address)).status).toBe(202);
    await sink.waitForCount(1);
    // No code was mailed: the only mail is the test.
    expect(sink.messages.map((m) => m.to)).toEqual([['me@example.jp']]);

    expect((await remove(created.body.id)).status).toBe(204);
    expect((await stored()).some((r) => r.id === created.body.id)).toBe(false);
  });

  it('mails a code to any other address, sends nothing from it until an administrator enters that code', async () => {
    const address = 'front@ryokan-own.example';
    const created = await post({ from_address: address });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ from_address: address, verified: false });

    // The code went to the address itself, over the product's SMTP.
    const code = await mailedCode(address);
    const refused = await testSend(address);
    expect(refused.status).toBe(400);
    expect(refused.body.errors['from_address']).toBe(mailPublicationMessages.fromAddressUnknown);

    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const bad = await verify(created.body.id, wrong);
    expect(bad.status).toBe(400);
    expect(bad.body.errors.code).toBe(msg.wrongCode);
    for (const [code, message] of [
      ['', msg.code],
      ['12345', msg.codeFormat],
      ['12345a', msg.codeFormat],
    ] as const) {
      expect((await verify(created.body.id, code)).body.errors.code).toBe(message);
    }
    expect((await verify(created.body.id, code, staff)).status).toBe(403);
    expect((await verify(created.body.id, code, otherAdmin)).status).toBe(404);

    const ok = await verify(created.body.id, code);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ id: created.body.id, from_address: address, verified: true });
    sink.clear();
    const test = await testSend(address);
    expect(test.status).toBe(202);
    // This server has an SMTP server: the test mail does not wait (issue 32).
    expect(test.body.waiting).toBe(false);
    await sink.waitForCount(1);
    expect((await sink.parsed(0)).from?.address).toBe(address);

    const trail = await rows<{ action: string; changes: any }>(
      sql`select action, changes from audit_log where target_type = 'mail_addresses' and target_id = ${created.body.id} order by id`,
    );
    expect(trail.map((t) => t.action)).toEqual(['create', 'update']);
    expect(trail[1]!.changes.verified).toEqual({ from: false, to: true });
    // Nothing of the code is kept once it is used.
    const [row] = await rows<{ verification_code_hash: string | null }>(
      sql`select verification_code_hash from sender_addresses where id = ${created.body.id}`,
    );
    expect(row!.verification_code_hash).toBeNull();
  });

  it("refuses a second company's claim of an address another company verified, without saying whose, and the mail to it stays the owner's", async () => {
    const before = await stored();
    const claim = await post({ from_address: SENDER_ADDRESSES[0] }, otherAdmin);
    expect(claim.status).toBe(409);
    expect(claim.body.message).toBe(msg.unavailable);
    expect(JSON.stringify(claim.body)).not.toMatch(/やどばん|株式会社/);
    expect(await stored()).toEqual(before);
    // Nor can its administrator send as that address.
    expect((await testSend(SENDER_ADDRESSES[0], otherAdmin)).status).toBe(400);
    const queued = await rows(
      sql`select id from mail_messages where company_id = ${otherCompanyId} and from_address = ${SENDER_ADDRESSES[0]}`,
    );
    expect(queued).toEqual([]);

    // A guest's mail to the address is the first company's.
    const raw = `From: guest@example.jp\r\nTo: ${SENDER_ADDRESSES[0]}\r\nSubject: 到着時刻の件\r\nMessage-ID: <claim-test@example.jp>\r\n\r\n18時に着きます。\r\n`;
    const received = await http.send<any>('POST', '/api/mail/inbound', {
      token: INBOUND_SECRET,
      body: raw,
      headers: { 'content-type': 'message/rfc822' },
    });
    expect(received.status).toBe(201);
    expect((await http.get(`/api/admin/mail/receive/${received.body.id}`, admin)).status).toBe(200);
    expect((await http.get(`/api/admin/mail/receive/${received.body.id}`, otherAdmin)).status).toBe(404);
  });

  it('lets two companies claim an address that nobody verified: the first to enter its code has it, the other is refused', async () => {
    const address = 'shared@contested.example';
    const mine = await post({ from_address: address });
    const mineCode = await mailedCode(address, 1);
    const theirs = await post({ from_address: address }, otherAdmin);
    expect(theirs.status).toBe(201);
    const theirCode = await mailedCode(address, 2);
    expect((await verify(mine.body.id, mineCode)).status).toBe(200);
    const late = await verify(theirs.body.id, theirCode, otherAdmin);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(msg.unavailable);
    const claims = (await stored()).filter((r) => r.from_address === address);
    expect(claims.map((c) => [c.company_id === otherCompanyId, c.verified])).toEqual([
      [false, true],
      [true, false],
    ]);
  });

  it('takes five wrong codes at most, lets the code expire after 24 hours, and mails a new one once a minute', async () => {
    const address = 'guess@limits.example';
    const created = await post({ from_address: address });
    const code = await mailedCode(address);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) answers.push((await verify(created.body.id, wrong)).body.errors.code);
    expect(answers).toEqual([msg.wrongCode, msg.wrongCode, msg.wrongCode, msg.wrongCode, msg.tooManyAttempts]);
    // Even the right code is refused now.
    expect((await verify(created.body.id, code)).body.errors.code).toBe(msg.tooManyAttempts);

    const tooSoon = await resend(created.body.id);
    expect(tooSoon.status).toBe(409);
    expect(tooSoon.body.message).toBe(msg.resendTooSoon);
    await rows(sql`update sender_addresses set verification_sent_at = now() - interval '2 minutes'
      where id = ${created.body.id}`);
    expect((await resend(created.body.id)).status).toBe(200);
    const fresh = await mailedCode(address, 2);

    await rows(sql`update sender_addresses set verification_sent_at = now() - interval '25 hours'
      where id = ${created.body.id}`);
    expect((await verify(created.body.id, fresh)).body.errors.code).toBe(msg.codeExpired);
    await rows(sql`update sender_addresses set verification_sent_at = now() - interval '23 hours'
      where id = ${created.body.id}`);
    expect((await verify(created.body.id, fresh)).status).toBe(200);
    const again = await resend(created.body.id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(msg.alreadyVerified);
  });

  it('delivers nothing whose sender is not a verified address of its company, whatever queued it', async () => {
    const [pending] = await rows<{ id: number }>(sql`insert into sender_addresses (company_id, from_address)
      values (1, 'queued-before@unverified.example') returning id`);
    expect(pending).toBeDefined();
    const ids = await server.database.db.transaction((tx) =>
      enqueueMail(tx, [
        { companyId: 1, to: 'guest@example.jp', from: 'queued-before@unverified.example', title: 'a', body: 'b' },
        { companyId: otherCompanyId, to: 'guest@example.jp', from: SENDER_ADDRESSES[0], title: 'a', body: 'b' },
        { companyId: 1, to: 'guest@example.jp', from: 'billing@bank.example', title: 'a', body: 'b' },
        { companyId: 1, to: 'guest@example.jp', from: SENDER_ADDRESSES[1], title: '届く', body: 'b' },
      ]),
    );
    const states = () =>
      rows<{ status: string; error: string | null }>(
        sql`select status, error from mail_messages where id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) order by id`,
      );
    await expect
      .poll(async () => (await states()).map((s) => s.status), { timeout: 10_000 })
      .toEqual(['failed', 'failed', 'failed', 'sent']);
    expect((await states()).slice(0, 3).map((s) => s.error)).toEqual([
      UNVERIFIED_SENDER_REASON,
      UNVERIFIED_SENDER_REASON,
      UNVERIFIED_SENDER_REASON,
    ]);
    expect(sink.messages.map((m) => (m.raw.match(/^Subject: (.*)$/m) ?? [])[1])).toEqual(['=?UTF-8?B?5bGK44GP?=']);
  });

  it('answers 409 in Japanese for an address the company has already, and keeps one row', async () => {
    expect((await post({ from_address: `dup@${OWN_DOMAIN}` })).status).toBe(201);
    const again = await post({ from_address: `DUP@${OWN_DOMAIN}` });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(msg.taken);
    expect((await stored()).filter((r) => r.from_address === `dup@${OWN_DOMAIN}`)).toHaveLength(1);
  });

  it('refuses a missing, malformed or multi-line address with its field message and writes nothing', async () => {
    const before = (await stored()).length;
    const cases: [unknown, string][] = [
      [{}, msg.fromAddress],
      [{ from_address: '  ' }, msg.fromAddress],
      [{ from_address: 'no-at-sign' }, msg.fromAddressFormat],
      [{ from_address: 'a@b.jp\r\nBcc: victim@example.jp' }, controlCharacterMessage],
      [{ from_address: 'Name <a@b.jp>' }, msg.fromAddressFormat],
    ];
    for (const [body, message] of cases) {
      const answer = await post(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.errors?.from_address, JSON.stringify(body)).toBe(message);
    }
    expect((await stored()).length).toBe(before);
  });

  it('is for administrators: staff get 403 on add, resend and remove and nothing changes', async () => {
    const created = await post({ from_address: `staff-cannot@${OWN_DOMAIN}` });
    const byStaff = await post({ from_address: `staff@${OWN_DOMAIN}` }, staff);
    expect(byStaff.status).toBe(403);
    expect((await remove(created.body.id, staff)).status).toBe(403);
    expect((await resend(created.body.id, staff)).status).toBe(403);
    const rowsNow = await stored();
    expect(rowsNow.some((r) => r.id === created.body.id)).toBe(true);
    expect(rowsNow.some((r) => r.from_address === `staff@${OWN_DOMAIN}`)).toBe(false);
  });

  it("keeps to the caller's company: another company's address is neither listed, verified nor removed", async () => {
    const theirs = await post({ from_address: `theirs@${OWN_DOMAIN}` }, otherAdmin);
    expect(theirs.status).toBe(201);
    expect((await http.get<SenderAddress[]>(PATH, admin)).body.some((a) => a.id === theirs.body.id)).toBe(false);
    expect((await http.get(`${PATH}/${theirs.body.id}`, admin)).status).toBe(404);
    expect((await remove(theirs.body.id)).status).toBe(404);
    expect((await resend(theirs.body.id)).status).toBe(404);
    expect((await stored()).some((r) => r.id === theirs.body.id)).toBe(true);
  });

  it('leaves an audit row for each add and remove', async () => {
    const created = await post({ from_address: `audited@${OWN_DOMAIN}` });
    await remove(created.body.id);
    const trail = await rows<{ action: string }>(
      sql`select action from audit_log where target_type = 'mail_addresses' and target_id = ${created.body.id} order by id`,
    );
    expect(trail.map((t) => t.action)).toEqual(['create', 'delete']);
  });
});
