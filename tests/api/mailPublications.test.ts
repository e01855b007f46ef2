import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Accommodation } from '../../contract/accommodation';
import { mailPublicationMessages as msg } from '../../contract/mailPublication';
import { sqlRows } from '../../server/db/client';
import { EXPANSION_BATCH, expandPublication, resumeExpansions } from '../../server/mail/publicationExpansion';
import { startSignedIn, type SignedIn } from '../support/signedIn';
import type { TestServer } from '../support/testServer';
import { PNG_1X1 } from '../support/files';
import { EMPTY_PUBLICATION_ERRORS } from '../support/mailPublication';

let server: TestServer;
let http: SignedIn['http'];
let admin: string;
let staff: string;
let acc: Accommodation[];

const PATH = '/api/admin/mail/publishes';
const FROM = 'info@yadoban.example.com';
const SEND_AT = '2030-01-02T09:30:00+09:00';

const rows = <T>(query: ReturnType<typeof sql>) => sqlRows<T>(server.database.db, query);
const messagesOf = (id: number) =>
  rows<{
    to_address: string;
    to_name: string | null;
    title: string;
    body: string;
    html: string | null;
    status: string;
    dedupe_key: string;
    due: string;
  }>(
    sql`select to_address, to_name, title, body, html, status, dedupe_key,
               to_char(next_attempt_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') as due
        from mail_messages where publication_id = ${id} order by id`,
  );
const countAll = async () =>
  (
    await rows<{ p: number; m: number }>(
      sql`select (select count(*)::int from mail_publications) as p, (select count(*)::int from mail_messages) as m`,
    )
  )[0]!;

const publish = (setting: Record<string, unknown>, token = staff, sendAt: unknown = SEND_AT) =>
  http.send<any>('POST', PATH, {
    token,
    json: { send_at: sendAt, setting: { title: 'お知らせ', from_address: FROM, body: '<p>本文</p>', ...setting } },
  });
const dataUrl = (bytes: Uint8Array, declared = 'application/pdf') =>
  `data:${declared};base64,${Buffer.from(bytes).toString('base64')}`;

// Magic bytes: a 1x1 PNG (PNG_1X1), the start of a PDF, and a Windows executable (MZ ... PE).
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(58), Buffer.from([0x40, 0, 0, 0]), Buffer.from('PE\0\0')]);

beforeAll(async () => {
  ({ server, http, admin, staff, accommodations: acc } = await startSignedIn());
});
afterAll(() => server.close());

describe('POST /api/admin/mail/publishes', () => {
  it('queues one mail per recipient, deduplicated, names filled in, HTML made safe, for send_at', async () => {
    const created = await publish({
      title: '年末のご案内',
      body: '<p>{{name}}様</p><p onclick="x()">ご利用<strong>ありがとう</strong></p><script>alert(1)</script><a href="javascript:alert(1)">リンク</a>',
      users: [
        'guest1@example.jp',
        'GUEST1@Example.JP',
        { mail: 'guest2@example.jp', name: '山田 <太郎>' },
        ' guest3@example.jp ',
      ],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      recipient_count: 3,
      sent_at: null,
      send_at: '2030-01-02T09:30:00.000+09:00',
      progress: { sent: 0, failed: 0, total: 3 },
      setting: { title: '年末のご案内', from_address: FROM },
    });
    const mails = await messagesOf(created.body.id);
    expect(mails.map((m) => m.to_address)).toEqual(['guest1@example.jp', 'guest2@example.jp', 'guest3@example.jp']);
    expect(mails.every((m) => m.status === 'queued' && m.due === '2030-01-02T00:30:00')).toBe(true);
    expect(mails[0]!.dedupe_key).toBe(`publication:${created.body.id}:guest1@example.jp`);
    const yamada = mails[1]!;
    expect(yamada.to_name).toBe('山田 <太郎>');
    expect(yamada.html).toContain('<p>山田 &lt;太郎&gt;様</p>');
    expect(yamada.html).not.toMatch(/script|onclick|javascript/);
    expect(yamada.body).toContain('山田 <太郎>様');
    expect(yamada.body).toContain('ご利用ありがとう');
    expect(yamada.body).not.toMatch(/<(p|strong|script|a)\b/);
    expect(mails[0]!.body).toMatch(/^様/);
    const [trail] = await rows<{ action: string; changes: any }>(
      sql`select action, changes from audit_log where target_type = 'mail_publication' and target_id = ${created.body.id}`,
    );
    expect(trail).toMatchObject({ action: 'create', changes: { recipient_count: { to: 3 } } });
  });

  it('takes CSV-shaped recipients with names and queues 10,000 of them', async () => {
    const users = Array.from({ length: 10_000 }, (_, i) => ({ mail: `bulk${i}@example.jp`, name: `お客様${i}` }));
    // `{{ name }}` with spaces fills as booking mail's `{{ book.name }}` does (one filler).
    const created = await publish({ body: '<p>{{ name }}様へ</p>', users }, admin);
    expect(created.status).toBe(201);
    expect(created.body.recipient_count).toBe(10_000);
    const [n] = await rows<{ n: number; named: number }>(
      sql`select count(*)::int as n, count(*) filter (where body = 'お客様9999様へ' and to_name = 'お客様9999')::int as named
          from mail_messages where publication_id = ${created.body.id}`,
    );
    expect(n).toEqual({ n: 10_000, named: 1 });
    // How long it takes is measured by `npm run bench -- bulk-create` (two of 50,000;
    // docs/benchmarks.md), not here: a timer in a test fails on a busy machine (it did, beside a
    // date run).
  });

  it('refuses missing fields and invalid addresses in Japanese, writing nothing', async () => {
    const before = await countAll();
    const empty = await http.send<any>('POST', PATH, { token: staff, json: { setting: {} } });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toMatchObject(EMPTY_PUBLICATION_ERRORS);
    const noUsers = await publish({ users: [] });
    expect(noUsers.body.errors['setting.users']).toBe(msg.users);
    const bad = await publish({ users: ['ok@example.jp', 'not-an-address', { mail: 'x@y', name: 'a' }] });
    expect(bad.status).toBe(400);
    expect(bad.body.errors['setting.users']).toBe('メールアドレスの形式が正しくありません：not-an-address、x@y');
    const noZone = await publish({ users: ['a@example.jp'] }, staff, '2030-01-02T09:30:00');
    expect(noZone.body.errors.send_at).toBe(msg.sendAtFormat);
    const otherSender = await publish({ from_address: 'someone@evil.example', users: ['a@example.jp'] });
    expect(otherSender.status).toBe(400);
    expect(otherSender.body.errors['setting.from_address']).toBe(msg.fromAddressUnknown);
    expect(await countAll()).toEqual(before);
  });

  it('refuses CR/LF in the title and in a name (no header injection)', async () => {
    const before = await countAll();
    const title = await publish({ title: 'お知らせ\r\nBcc: all@example.jp', users: ['a@example.jp'] });
    expect(title.status).toBe(400);
    expect(title.body.errors['setting.title']).toBe('使用できない文字（改行などの制御文字）が含まれています');
    const name = await publish({ users: [{ mail: 'a@example.jp', name: '山田\nBcc: x@example.jp' }] });
    expect(name.status).toBe(400);
    expect(name.body.errors['setting.users.0.name']).toBe('使用できない文字（改行などの制御文字）が含まれています');
    const address = await publish({ users: ['a@example.jp\r\nBcc: x@example.jp'] });
    expect(address.status).toBe(400);
    expect(await countAll()).toEqual(before);
  });

  it('judges the attachment by its content: a PNG named .pdf is a PNG, an EXE named .pdf is refused', async () => {
    const png = await publish({ users: ['a@example.jp'], file: dataUrl(PNG_1X1), file_name: 'ご案内.pdf' });
    expect(png.status).toBe(201);
    expect(png.body.setting.file_name).toBe('ご案内.png');
    expect(png.body.has_attachment).toBe(true);
    const [stored] = await rows<{ t: string; n: number }>(
      sql`select attachment_type as t, octet_length(attachment)::int as n from mail_publications where id = ${png.body.id}`,
    );
    expect(stored).toEqual({ t: 'image/png', n: PNG_1X1.length });

    const pdf = await publish({ users: ['a@example.jp'], file: dataUrl(PDF, 'image/png'), file_name: 'menu.pdf' });
    expect(pdf.status).toBe(201);
    const [pdfType] = await rows<{ t: string }>(
      sql`select attachment_type as t from mail_publications where id = ${pdf.body.id}`,
    );
    expect(pdfType!.t).toBe('application/pdf');

    const before = await countAll();
    const exe = await publish({ users: ['a@example.jp'], file: dataUrl(EXE), file_name: 'menu.pdf' });
    expect(exe.status).toBe(400);
    expect(exe.body.errors['setting.file']).toBe(msg.fileType);
    const text = await publish({ users: ['a@example.jp'], file: dataUrl(Buffer.from('hello')), file_name: 'a.pdf' });
    expect(text.body.errors['setting.file']).toBe(msg.fileType);
    const broken = await publish({
      users: ['a@example.jp'],
      file: 'data:application/pdf;base64,@@@',
      file_name: 'a.pdf',
    });
    expect(broken.body.errors['setting.file']).toBe(msg.fileFormat);
    expect(await countAll()).toEqual(before);
  });

  it('refuses an attachment over 5,000,000 bytes with the spec message, a huge body before reading it', async () => {
    const before = await countAll();
    const over = Buffer.concat([PDF, Buffer.alloc(5_000_001 - PDF.length)]);
    const large = await publish({ users: ['a@example.jp'], file: dataUrl(over), file_name: 'big.pdf' });
    expect(large.status).toBe(400);
    expect(large.body.errors['setting.file']).toBe('ファイルサイズは5M以内にしてください');
    const exactly = Buffer.concat([PDF, Buffer.alloc(5_000_000 - PDF.length)]);
    const ok = await publish({ users: ['a@example.jp'], file: dataUrl(exactly), file_name: 'ok.pdf' });
    expect(ok.status).toBe(201);
    await http.send('DELETE', `${PATH}/${ok.body.id}`, { token: staff });

    const huge = await publish({ users: ['a@example.jp'], file: dataUrl(Buffer.alloc(9_000_000)), file_name: 'x.pdf' });
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe('ファイルサイズは5M以内にしてください');
    expect(await countAll()).toEqual(before);
  });
});

describe('recipients written in batches', () => {
  it('writes the rows of a publication in several short batches, and the list says sent only once all are written', async () => {
    const users = Array.from({ length: EXPANSION_BATCH * 2 + 7 }, (_, i) => `batch${i}@example.jp`);
    const created = await publish({ users });
    expect(created.status).toBe(201);
    expect(created.body.recipient_count).toBe(users.length);
    const written = await messagesOf(created.body.id);
    expect(written).toHaveLength(users.length);
    expect(new Set(written.map((m) => m.dedupe_key)).size).toBe(users.length);
    const [row] = await rows<{ expanded: boolean }>(
      sql`select expanded_at is not null as expanded from mail_publications where id = ${created.body.id}`,
    );
    expect(row!.expanded).toBe(true);
  });

  it('finishes a publication a crash left half-written at the scheduled turn, each recipient once', async () => {
    const users = Array.from({ length: 1200 }, (_, i) => ({ mail: `crash${i}@example.jp`, name: `ゲスト${i}` }));
    const created = await publish({ users, body: '<p>{{name}}様</p>' });
    const id = created.body.id as number;
    // As if the process had died after the first batch: the rest of the rows never written.
    await rows(sql`delete from mail_messages where publication_id = ${id} and id > (
      select min(id) + ${EXPANSION_BATCH - 1} from mail_messages where publication_id = ${id})`);
    await rows(sql`update mail_publications set expanded_at = null, created_at = now() - interval '10 minutes',
      updated_at = now() - interval '10 minutes' where id = ${id}`);
    expect(await messagesOf(id)).toHaveLength(EXPANSION_BATCH);
    const listed = ((await http.get(`${PATH}?limit=500`, staff)).body.publish as any[]).find((p) => p.id === id);
    // Not "sent" while rows are missing, even when the written ones have all gone.
    await rows(sql`update mail_messages set status = 'sent', sent_at = now() where publication_id = ${id}`);
    expect(
      ((await http.get(`${PATH}?limit=500`, staff)).body.publish as any[]).find((p) => p.id === id).sent_at,
    ).toBeNull();
    expect(listed.progress.total).toBe(EXPANSION_BATCH);

    await server.jobs.runNow('publicationResume');
    const all = await messagesOf(id);
    expect(all).toHaveLength(users.length);
    expect(new Set(all.map((m) => m.to_address)).size).toBe(users.length);
    expect(all.find((m) => m.to_address === 'crash1199@example.jp')).toMatchObject({
      to_name: 'ゲスト1199',
      html: '<p>ゲスト1199様</p>',
      status: 'queued',
    });
    // A second run writes nothing more.
    expect(await resumeExpansions(server.database.db)).toBe(0);
    expect(await messagesOf(id)).toHaveLength(users.length);
  });

  it('stops writing the rows of a publication deleted meanwhile', async () => {
    const created = await publish({ users: ['gone1@example.jp'] });
    const id = created.body.id as number;
    await rows(sql`update mail_publications set expanded_at = null where id = ${id}`);
    expect((await http.send('DELETE', `${PATH}/${id}`, { token: staff })).status).toBe(204);
    expect(await expandPublication(server.database.db, id)).toBe(0);
    expect(await messagesOf(id)).toEqual([]);
  });
});

describe('progress, failures and delete', () => {
  it('counts sent and failed per publication, marks it sent when none is left; its page lists the failures', async () => {
    const created = await publish({ users: ['p1@example.jp', 'p2@example.jp', 'p3@example.jp'] });
    const id = created.body.id;
    await server.database.db.execute(
      sql`update mail_messages set status = case to_address when 'p1@example.jp' then 'sent' else 'sending' end,
            sent_at = case to_address when 'p1@example.jp' then now() end
          where publication_id = ${id} and to_address in ('p1@example.jp', 'p2@example.jp')`,
    );
    const find = async () =>
      ((await http.get(`${PATH}?limit=500`, staff)).body.publish as any[]).find((p) => p.id === id);
    let listed = await find();
    expect(listed).toMatchObject({ recipient_count: 3, sent_at: null, progress: { sent: 1, failed: 0, total: 3 } });
    expect(listed.setting.users).toBeUndefined();

    await server.database.db.execute(
      sql`update mail_messages set status = 'failed', error = '550 宛先のメールボックスがありません'
          where publication_id = ${id} and to_address in ('p2@example.jp', 'p3@example.jp')`,
    );
    listed = await find();
    expect(listed.progress).toEqual({ sent: 1, failed: 2, total: 3 });
    expect(listed.sent_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // The failed recipients with the server's words: the detail page's filter (the list links to it).
    const failures = await http.get(`${PATH}/${id}/recipients?status=failed`, staff);
    expect(failures.body.count).toBe(2);
    expect(failures.body.recipients.map((f: any) => [f.to_address, f.status, f.error])).toEqual([
      ['p2@example.jp', 'failed', '550 宛先のメールボックスがありません'],
      ['p3@example.jp', 'failed', '550 宛先のメールボックスがありません'],
    ]);
    const answer = await http.get(PATH, staff);
    expect(answer.body.count).toBeGreaterThanOrEqual(1);

    const refused = await http.send<any>('DELETE', `${PATH}/${id}`, { token: staff });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(msg.alreadySent);
    expect((await messagesOf(id)).length).toBe(3);
  });

  it('deletes a publication not sent yet with its queued rows; refuses one partly sent', async () => {
    const queued = await publish({ users: ['d1@example.jp', 'd2@example.jp'] });
    const removed = await http.send('DELETE', `${PATH}/${queued.body.id}`, { token: staff });
    expect(removed.status).toBe(204);
    expect(await messagesOf(queued.body.id)).toEqual([]);
    expect(await rows(sql`select id from mail_publications where id = ${queued.body.id}`)).toEqual([]);
    expect((await http.send('DELETE', `${PATH}/${queued.body.id}`, { token: staff })).status).toBe(404);

    const partly = await publish({ users: ['d3@example.jp', 'd4@example.jp'] });
    await server.database.db.execute(
      sql`update mail_messages set status = 'sent', sent_at = now() where publication_id = ${partly.body.id} and to_address = 'd3@example.jp'`,
    );
    const refused = await http.send<any>('DELETE', `${PATH}/${partly.body.id}`, { token: staff });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(msg.alreadySent);
    expect((await messagesOf(partly.body.id)).map((m) => m.status)).toEqual(['sent', 'queued']);
  });

  it('keeps each company to its own publications', async () => {
    const created = await publish({ users: ['own@example.jp'] });
    await server.database.db.execute(
      sql`insert into companies (name) select 'ほかの会社' where not exists (select 1 from companies where name = 'ほかの会社')`,
    );
    await server.database.db.execute(
      sql`update mail_publications set company_id = (select id from companies where name = 'ほかの会社') where id = ${created.body.id}`,
    );
    expect((await http.get(`${PATH}/${created.body.id}/recipients?status=failed`, staff)).status).toBe(404);
    expect((await http.send('DELETE', `${PATH}/${created.body.id}`, { token: admin })).status).toBe(404);
    expect(((await http.get(`${PATH}?limit=500`, admin)).body.publish as any[]).map((p) => p.id)).not.toContain(
      created.body.id,
    );
  });
});

describe('POST /api/admin/mail/publishes/test', () => {
  it('queues one message without a publication; without a sender says so', async () => {
    const before = await countAll();
    const none = await http.send<any>('POST', `${PATH}/test`, {
      token: staff,
      json: { title: 'テスト', body: '<p>本文</p>', to: 'me@example.jp' },
    });
    expect(none.status).toBe(400);
    expect(none.body.errors.from_address).toBe('送信元アドレスを選択してください');
    expect(await countAll()).toEqual(before);
    const sent = await http.send<any>('POST', `${PATH}/test`, {
      token: staff,
      json: { title: 'テスト', body: '<p>{{name}}様</p>', to: 'me@example.jp', from_address: FROM },
    });
    expect(sent.status).toBe(202);
    // This server has no SMTP server: the answer says the mail waits (issue 32), the console says so.
    expect(sent.body.waiting).toBe(true);
    const [row] = await rows<{ to_address: string; publication_id: number | null; html: string }>(
      sql`select to_address, publication_id, html from mail_messages where id = ${sent.body.id}`,
    );
    expect(row).toMatchObject({ to_address: 'me@example.jp', publication_id: null });
    expect(row!.html).toMatch(/^<p>.+様<\/p>$/);
  });
});

describe('GET /api/admin/customers', () => {
  const expected = async (ids: readonly number[]) =>
    (
      await rows<{ mail: string }>(
        sql`select min(btrim(mail)) as mail from bookings
            where accommodation_id in (${sql.join(
              ids.map((i) => sql`${i}`),
              sql`, `,
            )}) and mail is not null and btrim(mail) <> ''
            group by lower(btrim(mail))`,
      )
    ).length;

  it('answers one row per address with the last visit, scoped to the user\u2019s facilities', async () => {
    const all = await http.get('/api/admin/customers', admin);
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(all.body.data.length);
    expect(all.body.count).toBe(await expected(acc.map((a) => a.id)));
    const mails = all.body.data.map((c: any) => c.mail.toLowerCase());
    expect(new Set(mails).size).toBe(mails.length);
    for (const { last_visited, ...customer } of all.body.data) {
      expect(customer).toEqual({ name: expect.any(String), mail: expect.stringContaining('@') });
      // null when every stay of the guest was cancelled (a cancelled stay is no visit).
      if (last_visited !== null) expect(last_visited).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(all.body.data.some((c: any) => c.last_visited !== null)).toBe(true);

    const staffSees = await http.get('/api/admin/customers', staff);
    const staffIds = (await http.get('/api/accommodations', staff)).body.accommodations.map((a: any) => a.id);
    expect(staffIds.length).toBeLessThan(acc.length);
    expect(staffSees.body.count).toBe(await expected(staffIds));
    expect(staffSees.body.count).toBeLessThan(all.body.count);

    const other = acc.find((a) => !staffIds.includes(a.id))!;
    expect((await http.get(`/api/admin/customers?accommodation_id=${other.id}`, staff)).status).toBe(404);
    const one = await http.get(`/api/admin/customers?accommodation_id=${other.id}`, admin);
    expect(one.body.count).toBe(await expected([other.id]));
  });

  it('filters by stay date and booking date', async () => {
    const [stay] = await rows<{ d: string }>(
      sql`select start_date::text as d from bookings where mail is not null and btrim(mail) <> '' order by start_date desc limit 1`,
    );
    const filtered = await http.get(`/api/admin/customers?stay_from=${stay!.d}&stay_to=${stay!.d}`, admin);
    expect(filtered.body.count).toBeGreaterThanOrEqual(1);
    expect(filtered.body.count).toBeLessThan((await http.get('/api/admin/customers', admin)).body.count);
    const none = await http.get('/api/admin/customers?book_from=2099-01-01&book_to=2099-01-31', admin);
    expect(none.body).toEqual({ data: [], count: 0 });
    const bad = await http.get('/api/admin/customers?stay_from=2026-13-40', admin);
    expect(bad.status).toBe(400);
  });
});
