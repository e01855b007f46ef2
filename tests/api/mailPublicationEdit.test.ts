import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { mailPublicationMessages as msg, SEND_AT_GRACE_MS } from '../../contract/mailPublication';
import { sqlRows } from '../../server/db/client';
import { claimDueMail } from '../../server/db/queries/mailOutbox';
import { keepPublication, publicationToExpand, removeQueuedMessages } from '../../server/db/queries/mailPublications';
import { PNG_1X1 } from '../support/files';
import { EMPTY_PUBLICATION_ERRORS } from '../support/mailPublication';
import { startSignedIn, type SignedIn } from '../support/signedIn';
import { startWithSmtpSink, type WithSmtpSink } from '../support/smtpSinkServer';
import { until } from '../support/until';

/**
 * A scheduled bulk mail stays editable (issue 32): PUT /api/admin/mail/publishes/{id} replaces its
 * text, sender name, time, attachment and recipients (its queued rows with them) by the create's
 * rules, while nothing of it went out; what then goes out over SMTP is the new content. Once the
 * delivery has taken a mail of it: 409. Another company's: 404. On PostgreSQL, a claim by the
 * delivery and a change cannot interleave (the row locks of the claim and of the change's delete).
 */

const PATH = '/api/admin/mail/publishes';
const FROM = 'info@yadoban.example.com';
const PNG = `data:image/png;base64,${Buffer.from(PNG_1X1).toString('base64')}`;
const inHours = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString();

type Api = Pick<SignedIn, 'server' | 'http' | 'staff'>;

const publishOn = (api: Api, setting: Record<string, unknown>, sendAt = inHours(1)) =>
  api.http.send<any>('POST', PATH, {
    token: api.staff,
    json: { send_at: sendAt, setting: { title: 'お知らせ', from_address: FROM, body: '<p>本文</p>', ...setting } },
  });
const replaceOn = (api: Api, id: number | string, body: Record<string, unknown>) =>
  api.http.send<any>('PUT', `${PATH}/${id}`, { token: api.staff, json: body });
const rowsOf = (api: Api, id: number) =>
  sqlRows<{ to_address: string; to_name: string | null; title: string; body: string; status: string; due: number }>(
    api.server.database.db,
    sql`select to_address, to_name, title, body, status,
               (extract(epoch from next_attempt_at) * 1000)::float8 as due
        from mail_messages where publication_id = ${id} order by id`,
  );

describe('PUT /api/admin/mail/publishes/{id}', () => {
  let api: WithSmtpSink | undefined;
  let me: Api;
  const publish = (setting: Record<string, unknown>, sendAt?: string) => publishOn(me, setting, sendAt);
  const replace = (id: number | string, body: Record<string, unknown>) => replaceOn(me, id, body);
  const rows = (id: number) => rowsOf(me, id);

  beforeAll(async () => {
    api = await startWithSmtpSink();
    me = api;
  });
  afterAll(() => api?.close());

  it('replaces a scheduled one whole, its queued rows with it; what goes out is the new content', async () => {
    const { sink, http, admin } = api!;
    const created = await publish({
      title: '春のご案内',
      users: ['keep@example.jp', { mail: 'dropped@example.jp', name: '外れる 人' }],
      file: PNG,
      file_name: '案内.png',
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;

    // Its edit form reads the recipients too; its page does not.
    const form = await http.get<any>(`${PATH}/${id}?include=users`, admin);
    expect(form.body.setting.users).toEqual(['keep@example.jp', { mail: 'dropped@example.jp', name: '外れる 人' }]);
    expect((await http.get<any>(`${PATH}/${id}`, admin)).body.setting.users).toBeUndefined();
    expect((await http.get<any>(`${PATH}/${id}?include=everything`, admin)).status).toBe(400);

    const later = inHours(2);
    const changed = await replace(id, {
      send_at: later,
      keep_file: true,
      setting: {
        title: '夏のご案内',
        from_address: FROM,
        from_name: '温泉旅館 さくら荘',
        body: '<p>{{name}}様</p><p>夏の<strong>特別</strong>プランです。</p>',
        users: [{ mail: 'keep@example.jp', name: '残る 人' }, 'new@example.jp', 'NEW@example.jp'],
      },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      id,
      recipient_count: 2,
      sent_at: null,
      has_attachment: true,
      progress: { sent: 0, failed: 0, total: 2 },
      setting: { title: '夏のご案内', from_name: '温泉旅館 さくら荘', file_name: '案内.png' },
    });
    const written = await rows(id);
    expect(written.map((r) => [r.to_address, r.to_name, r.title, r.status])).toEqual([
      ['keep@example.jp', '残る 人', '夏のご案内', 'queued'],
      ['new@example.jp', null, '夏のご案内', 'queued'],
    ]);
    expect(written[0]!.body).toContain('残る 人様');
    expect(written.every((r) => r.due === Date.parse(later))).toBe(true);
    const [trail] = await sqlRows<{ changes: any }>(
      api!.server.database.db,
      sql`select changes from audit_log where target_type = 'mail_publication' and target_id = ${id}
          and action = 'update'`,
    );
    expect(trail!.changes).toMatchObject({
      title: { from: '春のご案内', to: '夏のご案内' },
      from_name: { from: null, to: '温泉旅館 さくら荘' },
      queued_removed: { from: 2, to: null },
    });
    // The same count of recipients is no change: only what differs is kept.
    expect(trail!.changes.recipient_count).toBeUndefined();

    // Now: it goes, as changed, with the attachment it kept; the dropped recipient gets nothing.
    const now = await replace(id, { ...changedBody(changed.body), send_at: new Date().toISOString(), keep_file: true });
    expect(now.status).toBe(200);
    const done = await until(
      () => http.get<any>(`${PATH}/${id}`, admin),
      (r) => r.body.sent_at !== null,
    );
    expect(done.body).toMatchObject({
      progress: { sent: 2, failed: 0, total: 2 },
      attachment: { name: '案内.png', type: 'image/png', size: PNG_1X1.length },
    });
    const mine = sink.messages.filter((m) =>
      ['keep@example.jp', 'new@example.jp', 'dropped@example.jp'].some((a) => m.to.includes(a)),
    );
    expect(mine.map((m) => m.to).sort()).toEqual([['keep@example.jp'], ['new@example.jp']]);
    const mail = await sink.parsed(sink.messages.indexOf(mine.find((m) => m.to.includes('keep@example.jp'))!));
    expect(mail.subject).toBe('夏のご案内');
    expect(mail.from).toMatchObject({ name: '温泉旅館 さくら荘', address: FROM });
    expect(mail.text).toContain('残る 人様');
    expect(mail.text).toContain('夏の特別プランです。');
    expect(mail.attachments.map((a) => a.filename)).toEqual(['案内.png']);

    // Sent: no more changes, and nothing of it moves.
    const refused = await replace(id, { ...changedBody(changed.body), send_at: inHours(3) });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(msg.notEditable);
    expect((await rows(id)).map((r) => r.status)).toEqual(['sent', 'sent']);
  });

  it('takes the attachment off, or replaces it, as a creation would', async () => {
    const created = await publish({ users: ['file@example.jp'], file: PNG, file_name: 'a.png' });
    const id = created.body.id as number;
    const base = { send_at: inHours(1), setting: { title: 'お知らせ', from_address: FROM, body: '<p>本文</p>' } };
    const off = await replace(id, { ...base, setting: { ...base.setting, users: ['file@example.jp'] } });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ has_attachment: false, setting: { file_name: null } });
    // keep_file with nothing kept keeps nothing.
    const none = await replace(id, {
      ...base,
      keep_file: true,
      setting: { ...base.setting, users: ['file@example.jp'] },
    });
    expect(none.body.has_attachment).toBe(false);
    const again = await replace(id, {
      ...base,
      keep_file: true,
      setting: { ...base.setting, users: ['file@example.jp'], file: PNG, file_name: 'b.pdf' },
    });
    expect(again.body).toMatchObject({ has_attachment: true, setting: { file_name: 'b.png' } });
  });

  it('refuses bad input with the create’s Japanese messages (400), changing nothing', async () => {
    const created = await publish({ title: '変わらない', users: ['same@example.jp'] });
    const id = created.body.id as number;
    const before = await rows(id);

    const empty = await replace(id, { setting: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toMatchObject(EMPTY_PUBLICATION_ERRORS);
    const setting = { title: '変えたい', from_address: FROM, body: '<p>本文</p>', users: ['other@example.jp'] };
    const past = await replace(id, {
      send_at: new Date(Date.now() - SEND_AT_GRACE_MS - 60_000).toISOString(),
      setting,
    });
    expect(past.status).toBe(400);
    expect(past.body.errors.send_at).toBe(msg.sendAtPast);
    const badAddress = await replace(id, { send_at: inHours(1), setting: { ...setting, users: ['not-an-address'] } });
    expect(badAddress.body.errors['setting.users']).toBe('メールアドレスの形式が正しくありません：not-an-address');
    const sender = await replace(id, { send_at: inHours(1), setting: { ...setting, from_address: 'x@evil.example' } });
    expect(sender.status).toBe(400);
    expect(sender.body.errors['setting.from_address']).toBe(msg.fromAddressUnknown);
    const text = await replace(id, {
      send_at: inHours(1),
      setting: { ...setting, file: `data:application/pdf;base64,${Buffer.from('hello').toString('base64')}` },
    });
    expect(text.body.errors['setting.file']).toBe(msg.fileType);
    const keep = await replace(id, { send_at: inHours(1), keep_file: 'yes', setting });
    expect(keep.status).toBe(400);
    expect(keep.body.errors.keep_file).toEqual(expect.any(String));
    expect((await replace('abc', { send_at: inHours(1), setting })).status).toBe(400);

    expect(await rows(id)).toEqual(before);
    expect((await me.http.get<any>(`${PATH}/${id}`, me.staff)).body.setting.title).toBe('変わらない');
  });

  it('refuses (409) once the delivery took a mail of it, or while its rows are being written', async () => {
    const setting = { title: '変更', from_address: FROM, body: '<p>本文</p>', users: ['x@example.jp'] };
    const cases = [
      ['sending', sql`status = 'sending', attempts = 1, lease_until = now() + interval '1 hour'`],
      // Tried once and put back to wait (a temporary refusal): its sending has begun.
      ['retrying', sql`attempts = 1, error = '421 混雑しています'`],
      ['failed', sql`status = 'failed', attempts = 1, error = '550 宛先不明'`],
    ] as const;
    for (const [, change] of cases) {
      const created = await publish({ users: ['t1@example.jp', 't2@example.jp'] });
      const id = created.body.id as number;
      await me.server.database.db.execute(
        sql`update mail_messages set ${change} where publication_id = ${id} and to_address = 't1@example.jp'`,
      );
      const refused = await replace(id, { send_at: inHours(1), setting });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(msg.notEditable);
      // Rolled back: the untouched recipient's row stays too.
      expect((await rows(id)).map((r) => r.to_address)).toEqual(['t1@example.jp', 't2@example.jp']);
    }
    const writing = await publish({ users: ['w@example.jp'] });
    await me.server.database.db.execute(
      sql`update mail_publications set expanded_at = null where id = ${writing.body.id}`,
    );
    const notReady = await replace(writing.body.id, { send_at: inHours(1), setting });
    expect(notReady.status).toBe(409);
    expect(notReady.body.message).toBe(msg.notReady);
  });

  it('answers 404 for another company’s publication and for none', async () => {
    const created = await publish({ users: ['own@example.jp'] });
    const id = created.body.id as number;
    const db = me.server.database.db;
    await db.execute(
      sql`insert into companies (name) select 'ほかの会社' where not exists (select 1 from companies where name = 'ほかの会社')`,
    );
    await db.execute(
      sql`update mail_publications set company_id = (select id from companies where name = 'ほかの会社') where id = ${id}`,
    );
    const setting = { title: '乗っ取り', from_address: FROM, body: '<p>本文</p>', users: ['evil@example.jp'] };
    const other = await replace(id, { send_at: inHours(1), setting });
    expect(other.status).toBe(404);
    expect((await rows(id)).map((r) => r.to_address)).toEqual(['own@example.jp']);
    expect((await replace(999999, { send_at: inHours(1), setting })).status).toBe(404);
  });

  it('stops a batch still writing what it was: the old revision is no longer held', async () => {
    const created = await publish({ users: ['rev@example.jp'] });
    const id = created.body.id as number;
    const db = me.server.database.db;
    const old = (await publicationToExpand(db, id))!;
    expect(await keepPublication(db, id, old.revision)).toBe(true);
    const setting = { title: '改訂', from_address: FROM, body: '<p>本文</p>', users: ['rev@example.jp'] };
    expect((await replace(id, { send_at: inHours(1), setting })).status).toBe(200);
    const now = (await publicationToExpand(db, id))!;
    expect(now.revision).not.toBe(old.revision);
    expect(await keepPublication(db, id, old.revision)).toBe(false);
    expect(await keepPublication(db, id, now.revision)).toBe(true);
  });
});

/** The body of a PUT that keeps what an answer says (title, sender, text), with the recipients given. */
function changedBody(answer: any) {
  return {
    setting: {
      title: answer.setting.title,
      from_address: answer.setting.from_address,
      from_name: answer.setting.from_name,
      body: answer.setting.body,
      users: [{ mail: 'keep@example.jp', name: '残る 人' }, 'new@example.jp'],
    },
  };
}

// Two connections at once: PGlite runs one transaction at a time, so only PostgreSQL can show it.
describe.skipIf(!process.env.DATABASE_URL)('a change and the delivery’s claim on PostgreSQL', () => {
  // No SMTP_URL: no delivery runs by itself; the test claims as it would (claimDueMail).
  let api: SignedIn | undefined;
  beforeAll(async () => {
    api = await startSignedIn();
  });
  afterAll(() => api?.server.close());
  const setting = { title: '競合', from_address: FROM, body: '<p>本文</p>', users: ['late@example.jp'] };

  it('a change waits for a claim under way, then refuses (409) and leaves the claimed rows', async () => {
    const created = await publishOn(api!, { users: ['c1@example.jp', 'c2@example.jp'] }, new Date().toISOString());
    const id = created.body.id as number;
    let answered = false;
    let change: Promise<Awaited<ReturnType<typeof replaceOn>>> | undefined;
    await api!.server.database.db.transaction(async (tx) => {
      const claimed = await claimDueMail(tx, 10_000, 30);
      expect(claimed.filter((c) => c.publication_id === id)).toHaveLength(2);
      change = replaceOn(api!, id, { send_at: inHours(1), setting }).finally(() => (answered = true));
      // The change's delete waits on the rows this claim holds until it commits.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(answered).toBe(false);
    });
    const refused = await change!;
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(msg.notEditable);
    expect((await rowsOf(api!, id)).map((r) => [r.to_address, r.title, r.status])).toEqual([
      ['c1@example.jp', 'お知らせ', 'sending'],
      ['c2@example.jp', 'お知らせ', 'sending'],
    ]);
  });

  it('a claim skips the rows a change is deleting, without waiting; they are gone once it commits', async () => {
    const created = await publishOn(api!, { users: ['d1@example.jp'] }, new Date().toISOString());
    const id = created.body.id as number;
    const db = api!.server.database.db;
    await db.transaction(async (tx) => {
      const { removed, left } = await removeQueuedMessages(tx, id, { untried: true });
      expect({ removed, left }).toEqual({ removed: 1, left: 0 });
      // Another connection claims meanwhile: this publication's row is skipped, not waited for.
      const claimed = await db.transaction((other) => claimDueMail(other, 10_000, 30));
      expect(claimed.filter((c) => c.publication_id === id)).toEqual([]);
    });
    expect(await rowsOf(api!, id)).toEqual([]);
  });
});
