import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { controlCharacterMessage } from '../../contract/fieldRules';
import { errorMessages } from '../../contract/messages';
import { passwordMessages } from '../../contract/password';
import { userMessages, type User } from '../../contract/user';
import { hashPassword } from '../../server/auth/passwords';
import { signedInSuite } from '../support/fixtures';
import { ADMIN, CLIENT, STAFF } from '../support/testServer';

const api = signedInSuite();
const PASSWORD = 'correct horse battery';
const japanese = /[ぁ-んァ-ン一-龥]/;

const list = (token = api.admin) => api.http.get<{ users: User[] }>('/api/user', token);
const get = (id: number | string, token = api.admin) => api.http.get<any>(`/api/user/${id}`, token);
const post = (json: unknown, token = api.admin) => api.http.send<any>('POST', '/api/user', { token, json });
const patch = (id: number | string, json: unknown, token = api.admin) =>
  api.http.send<any>('PATCH', `/api/user/${id}`, { token, json });
const remove = (id: number | string, token = api.admin) => api.http.send<any>('DELETE', `/api/user/${id}`, { token });
const signIn = (username: string, password = PASSWORD) => api.http.login({ username, password });
const refresh = (refreshToken: string) =>
  api.http.postForm('/oauth/auth', { grant_type: 'refresh_token', refresh_token: refreshToken, ...CLIENT });
const reachable = async (token: string) => {
  const answer = await api.http.get('/api/accommodations', token);
  expect(answer.status).toBe(200);
  return (answer.body.accommodations as { id: number }[]).map((a) => a.id);
};

const userCount = async () => (await api.rows<{ n: number }>(sql`select count(*)::int as n from users`))[0]!.n;
const grantsOf = async (id: number) =>
  (
    await api.rows<{ id: number }>(
      sql`select accommodation_id as id from user_accommodations where user_id = ${id} order by accommodation_id`,
    )
  ).map((r) => r.id);
const storedUser = async (id: number) =>
  (
    await api.rows<{ name: string; mail: string; user_type: number; password_hash: string }>(
      sql`select name, mail, user_type::int as user_type, password_hash from users where id = ${id}`,
    )
  )[0];
/** The id of the account of the demo company (the oldest) with this address. */
const adminIdOf = async (mail: string) =>
  (await api.rows<{ id: number }>(sql`select id from users where mail = ${mail} order by id limit 1`))[0]!.id;

let mailNumber = 0;
/** A new address for each user a test makes. */
const newMail = () => `user${++mailNumber}@example.jp`;

/** Creates a user through the API and answers it. */
async function createUser(fields: Partial<Record<string, unknown>> = {}): Promise<User> {
  const answer = await post({ name: '新人 一郎', mail: newMail(), password: PASSWORD, user_type: 2, ...fields });
  expect(answer.status).toBe(201);
  return answer.body as User;
}

let acc: number[];
beforeAll(() => {
  acc = api.accommodations.map((a) => a.id);
});

describe('GET user', () => {
  it('lists the company users by id: administrators with every accommodation, staff with their grants', async () => {
    const answer = await list();
    expect(answer.status).toBe(200);
    const stored = await api.rows<{ id: number; mail: string }>(sql`select id, mail from users order by id`);
    expect(answer.body.users.map((u) => u.id)).toEqual(stored.map((u) => u.id));
    const admin = answer.body.users.find((u) => u.mail === ADMIN.username)!;
    const staff = answer.body.users.find((u) => u.mail === STAFF.username)!;
    expect(admin).toMatchObject({ user_type: 1, accommodations: acc });
    expect(staff).toMatchObject({ user_type: 2, accommodations: [acc[0]] });
    for (const user of answer.body.users) {
      expect(Object.keys(user).sort()).toEqual(['accommodations', 'id', 'mail', 'name', 'user_type']);
    }
    expect(JSON.stringify(answer.body)).not.toMatch(/password|argon2/);
  });

  it('answers one user; 404 for none, 400 in Japanese for an id that is not one', async () => {
    const staffId = await adminIdOf(STAFF.username);
    const one = await get(staffId);
    expect(one.status).toBe(200);
    expect(one.body).toEqual({
      id: staffId,
      name: 'スタッフ 花子',
      mail: STAFF.username,
      user_type: 2,
      accommodations: [acc[0]],
    });
    // A number no row can have is not found, like one that does not exist; what is not one is 400.
    for (const id of [999999, '0', '99999999999']) expect((await get(id)).status, String(id)).toBe(404);
    for (const id of ['abc', '-1', '1.5']) {
      const answer = await get(id);
      expect(answer.status, id).toBe(400);
      expect(answer.body.errors.itemId, id).toMatch(japanese);
    }
  });
});

describe('POST user', () => {
  it('creates a staff user limited to one facility, who signs in and sees only that one', async () => {
    const before = await userCount();
    const answer = await post({
      name: ' 受付 三郎 ',
      mail: ' Saburo.Uketsuke@Example.JP ',
      password: PASSWORD,
      user_type: 2,
      accommodations: [acc[1], acc[1]],
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id: expect.any(Number),
      name: '受付 三郎',
      mail: 'saburo.uketsuke@example.jp',
      user_type: 2,
      accommodations: [acc[1]],
    });
    expect(await userCount()).toBe(before + 1);
    expect((await storedUser(answer.body.id))!.password_hash).toMatch(/^\$argon2id\$/);

    const token = (await signIn('saburo.uketsuke@example.jp')).access_token;
    expect(await reachable(token)).toEqual([acc[1]]);
    expect((await api.http.get(`/api/accommodations/${acc[1]}/rooms`, token)).status).toBe(200);
    expect((await api.http.get(`/api/accommodations/${acc[0]}/rooms`, token)).status).toBe(404);
    expect((await api.http.get(`/api/accommodation/${acc[0]}/faq`, token)).status).toBe(404);
  });

  it('creates an administrator, who reaches every accommodation whatever was ticked', async () => {
    const admin = await createUser({ user_type: 1, accommodations: [acc[0]] });
    expect(admin.accommodations).toEqual(acc);
    expect(await grantsOf(admin.id)).toEqual([]);
    const token = (await signIn(admin.mail)).access_token;
    expect(await reachable(token)).toEqual(acc);
    expect((await list(token)).status).toBe(200);
  });

  it('refuses an address in use (any case) on the field, and writes nothing', async () => {
    const before = await userCount();
    for (const mail of [ADMIN.username, 'STAFF@Example.com']) {
      const answer = await post({ name: '重複', mail, password: PASSWORD, user_type: 2 });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        code: 'validation',
        message: userMessages.mailTaken,
        errors: { mail: userMessages.mailTaken },
      });
    }
    expect(await userCount()).toBe(before);
  });

  it('of parallel creations with one address, one wins and the others get the same 400', async () => {
    const mail = newMail();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => post({ name: `同時 ${i}`, mail, password: PASSWORD, user_type: 2 })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400, 400, 400, 400, 400]);
    for (const a of answers.filter((x) => x.status === 400))
      expect(a.body.errors).toEqual({ mail: userMessages.mailTaken });
    expect((await api.rows(sql`select id from users where mail = ${mail}`)).length).toBe(1);
  });

  it('refuses an accommodation of another company, or none, and writes nothing', async () => {
    const [company] = await api.rows<{ id: number }>(sql`insert into companies (name) values ('別会社A') returning id`);
    const [foreign] = await api.rows<{ id: number }>(
      sql`insert into accommodations (company_id, uid, name, short_name, color)
        values (${company!.id}, 'u-users-foreign', '別の宿', '別', '000000') returning id`,
    );
    const before = await userCount();
    for (const accommodations of [[acc[0], foreign!.id], [999999]]) {
      const answer = await post({ name: '越権', mail: newMail(), password: PASSWORD, user_type: 2, accommodations });
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toEqual({ accommodations: userMessages.accommodation });
    }
    // An administrator's ticks are checked too, though they reach everything anyway.
    const admin = await post({
      name: '越権',
      mail: newMail(),
      password: PASSWORD,
      user_type: 1,
      accommodations: [foreign!.id],
    });
    expect(admin.status).toBe(400);
    expect(await userCount()).toBe(before);
  });

  const valid = { name: '検証 花子', mail: 'valid@example.jp', password: PASSWORD, user_type: 2, accommodations: [] };
  const without = (field: keyof typeof valid) => Object.fromEntries(Object.entries(valid).filter(([k]) => k !== field));
  it.each([
    ['no name', without('name'), 'name', userMessages.name],
    ['a blank name', { ...valid, name: '   ' }, 'name', userMessages.name],
    ['a name too long', { ...valid, name: 'あ'.repeat(101) }, 'name', userMessages.nameTooLong],
    ['a name with a line break', { ...valid, name: '花子\n管理者' }, 'name', controlCharacterMessage],
    ['a name with NUL', { ...valid, name: '花子\u0000' }, 'name', controlCharacterMessage],
    ['a name that is a number', { ...valid, name: 12 }, 'name', undefined],
    ['no mail', without('mail'), 'mail', userMessages.mail],
    ['a mail without @', { ...valid, mail: 'valid.example.jp' }, 'mail', userMessages.mailFormat],
    ['a mail too long', { ...valid, mail: `${'a'.repeat(250)}@x.jp` }, 'mail', userMessages.mailTooLong],
    ['a mail with NUL', { ...valid, mail: 'va\u0000lid@example.jp' }, 'mail', controlCharacterMessage],
    ['a mail that is a list', { ...valid, mail: ['a@example.jp'] }, 'mail', undefined],
    ['no password', without('password'), 'password', passwordMessages.required],
    ['an empty password', { ...valid, password: '' }, 'password', passwordMessages.required],
    ['a password of 11 characters', { ...valid, password: 'abcdefghij1' }, 'password', passwordMessages.tooShort],
    ['a password of 129 characters', { ...valid, password: 'ab1'.repeat(43) }, 'password', passwordMessages.tooLong],
    ['a common password', { ...valid, password: 'password1234' }, 'password', passwordMessages.common],
    ['a common password in capitals', { ...valid, password: 'Password1234' }, 'password', passwordMessages.common],
    ['a run of digits', { ...valid, password: '0123456789012' }, 'password', passwordMessages.common],
    [
      'a password with a control character',
      { ...valid, password: 'correct\u0007horse' },
      'password',
      passwordMessages.controlCharacters,
    ],
    ['a password that is a number', { ...valid, password: 123456789012 }, 'password', undefined],
    ['no type', without('user_type'), 'user_type', userMessages.userType],
    ['type 3', { ...valid, user_type: 3 }, 'user_type', userMessages.userType],
    ['type as text', { ...valid, user_type: '1' }, 'user_type', userMessages.userType],
    ['accommodations not a list', { ...valid, accommodations: 1 }, 'accommodations', userMessages.accommodation],
    ['an accommodation as text', { ...valid, accommodations: ['1'] }, 'accommodations', userMessages.accommodation],
    ['an accommodation id of 1.5', { ...valid, accommodations: [1.5] }, 'accommodations', userMessages.accommodation],
    [
      'an accommodation id too large',
      { ...valid, accommodations: [99999999999] },
      'accommodations',
      userMessages.accommodation,
    ],
  ])('refuses %s with a Japanese message on the field, writing nothing', async (_, body, field, message) => {
    const before = await userCount();
    const answer = await post(body);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('validation');
    expect(answer.body.message).toMatch(japanese);
    expect(Object.keys(answer.body.errors)[0]!.split('.')[0]).toBe(field);
    const got = Object.values(answer.body.errors as Record<string, string>)[0]!;
    if (message) expect(got).toBe(message);
    else expect(got).toMatch(japanese);
    expect(await userCount()).toBe(before);
  });

  it('refuses a body that is not an object, or no body, with 4xx in Japanese', async () => {
    const before = await userCount();
    for (const body of [
      { json: null },
      { json: [] },
      { json: 'text' },
      { body: '{"name":', headers: { 'content-type': 'application/json' } },
      { body: undefined },
    ]) {
      const answer = await api.http.send<any>('POST', '/api/user', { token: api.admin, ...body });
      expect(answer.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(answer.status, JSON.stringify(body)).toBeLessThan(500);
      expect(answer.body.message).toMatch(japanese);
    }
    expect(await userCount()).toBe(before);
  });
});

describe('PATCH user/{id}', () => {
  it('changes any subset and answers the user; an empty body changes nothing', async () => {
    const user = await createUser({ accommodations: [acc[0]] });
    const renamed = await patch(user.id, { name: '改名 太郎', mail: ' Renamed@Example.JP ' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ ...user, name: '改名 太郎', mail: 'renamed@example.jp' });
    // Its own address again (in capitals) is not "in use".
    expect((await patch(user.id, { mail: 'RENAMED@example.jp' })).status).toBe(200);
    expect((await patch(user.id, {})).body).toEqual(renamed.body);
    const taken = await patch(user.id, { mail: STAFF.username });
    expect(taken.status).toBe(400);
    expect(taken.body.errors).toEqual({ mail: userMessages.mailTaken });
    expect((await storedUser(user.id))!.mail).toBe('renamed@example.jp');
  });

  it('a change of grants applies on the very next request of that user', async () => {
    const user = await createUser({ accommodations: [acc[0]] });
    const token = (await signIn(user.mail)).access_token;
    expect(await reachable(token)).toEqual([acc[0]]);
    const changed = await patch(user.id, { accommodations: [acc[2], acc[1]] });
    expect(changed.body.accommodations).toEqual([acc[1], acc[2]]);
    expect(await reachable(token)).toEqual([acc[1], acc[2]]);
    expect((await api.http.get(`/api/accommodations/${acc[0]}/rooms`, token)).status).toBe(404);
    expect((await api.http.get(`/api/accommodations/${acc[1]}/rooms`, token)).status).toBe(200);
    expect((await patch(user.id, { accommodations: [] })).body.accommodations).toEqual([]);
    expect(await reachable(token)).toEqual([]);
  });

  it('a change of type applies on the very next request; demoting starts from what is sent, or nothing', async () => {
    const user = await createUser({ accommodations: [acc[0]] });
    const token = (await signIn(user.mail)).access_token;
    expect((await list(token)).status).toBe(403);

    const promoted = await patch(user.id, { user_type: 1 });
    expect(promoted.body).toMatchObject({ user_type: 1, accommodations: acc });
    expect(await grantsOf(user.id)).toEqual([]);
    expect((await list(token)).status).toBe(200);
    expect(await reachable(token)).toEqual(acc);

    const demoted = await patch(user.id, { user_type: 2 });
    expect(demoted.body).toMatchObject({ user_type: 2, accommodations: [] });
    expect((await list(token)).status).toBe(403);
    expect(await reachable(token)).toEqual([]);

    await patch(user.id, { user_type: 1 });
    const withGrants = await patch(user.id, { user_type: 2, accommodations: [acc[2]] });
    expect(withGrants.body).toMatchObject({ user_type: 2, accommodations: [acc[2]] });
    expect(await reachable(token)).toEqual([acc[2]]);
  });

  it('a new password ends every session of the user at once; the new one signs in, the old one no more', async () => {
    const user = await createUser({ accommodations: [acc[0]] });
    const first = await signIn(user.mail);
    const second = await signIn(user.mail);
    expect((await api.http.get('/api/me', first.access_token)).status).toBe(200);

    const changed = await patch(user.id, { password: 'a brand new passphrase' });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual(user);
    for (const session of [first, second]) {
      expect((await api.http.get('/api/me', session.access_token)).status).toBe(401);
      expect((await refresh(session.refresh_token)).status).toBe(401);
    }
    await expect(signIn(user.mail)).rejects.toThrow(/401/);
    const fresh = await signIn(user.mail, 'a brand new passphrase');
    expect((await api.http.get('/api/me', fresh.access_token)).status).toBe(200);
    // The administrator who changed it is not signed out.
    expect((await list()).status).toBe(200);
  });

  it("a new password of one's own keeps the session that set it and ends the others", async () => {
    const admin = await createUser({ user_type: 1 });
    const here = await signIn(admin.mail);
    const elsewhere = await signIn(admin.mail);
    const answer = await patch(admin.id, { password: 'my own new passphrase' }, here.access_token);
    expect(answer.status).toBe(200);
    expect((await list(here.access_token)).status).toBe(200);
    expect((await refresh(here.refresh_token)).status).toBe(200);
    expect((await api.http.get('/api/me', elsewhere.access_token)).status).toBe(401);
    expect((await refresh(elsewhere.refresh_token)).status).toBe(401);
    expect((await signIn(admin.mail, 'my own new passphrase')).access_token).toBeTruthy();
  });

  it('a new password also lifts a sign-in lock', async () => {
    const user = await createUser();
    await api.rows(
      sql`insert into login_throttles (user_id, client, failures, locked_until)
          values (${user.id}, '127.0.0.1', 0, now() + interval '1 hour')`,
    );
    await expect(signIn(user.mail)).rejects.toThrow(/401/);
    await patch(user.id, { password: 'unlocked passphrase' });
    expect((await signIn(user.mail, 'unlocked passphrase')).access_token).toBeTruthy();
  });

  it.each([
    [{ password: 'abcdefghij1' }, 'password', passwordMessages.tooShort],
    [{ password: 'x1y2'.repeat(32) + 'z' }, 'password', passwordMessages.tooLong],
    [{ password: 'password1234' }, 'password', passwordMessages.common],
    [{ password: null }, 'password', passwordMessages.required],
    [{ name: '' }, 'name', userMessages.name],
    [{ name: '名前\u001b[31m' }, 'name', controlCharacterMessage],
    [{ mail: 'no-at-sign' }, 'mail', userMessages.mailFormat],
    [{ user_type: 0 }, 'user_type', userMessages.userType],
    [{ user_type: null }, 'user_type', userMessages.userType],
    [{ accommodations: [0] }, 'accommodations', userMessages.accommodation],
    [{ accommodations: null }, 'accommodations', userMessages.accommodation],
  ])('refuses %j with the field message and changes nothing', async (body, field, message) => {
    const staffId = await adminIdOf(STAFF.username);
    const before = await storedUser(staffId);
    const grants = await grantsOf(staffId);
    const answer = await patch(staffId, body);
    expect(answer.status).toBe(400);
    // An item of a list is named by its place (accommodations.0).
    const [key, got] = Object.entries(answer.body.errors as Record<string, string>)[0]!;
    expect(key.split('.')[0]).toBe(field);
    expect(got).toBe(message);
    expect(await storedUser(staffId)).toEqual(before);
    expect(await grantsOf(staffId)).toEqual(grants);
  });

  it('refuses grants of another company and changes nothing', async () => {
    const user = await createUser({ accommodations: [acc[0]] });
    const [company] = await api.rows<{ id: number }>(sql`insert into companies (name) values ('別会社B') returning id`);
    const [foreign] = await api.rows<{ id: number }>(
      sql`insert into accommodations (company_id, uid, name, short_name, color)
        values (${company!.id}, 'u-users-foreign-b', '別の宿', '別', '000000') returning id`,
    );
    const answer = await patch(user.id, { name: '変えない', accommodations: [foreign!.id] });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ accommodations: userMessages.accommodation });
    expect(await grantsOf(user.id)).toEqual([acc[0]]);
    expect((await storedUser(user.id))!.name).toBe('新人 一郎');
  });

  it('refuses demoting the last administrator (409) and changes nothing', async () => {
    const [company] = await api.rows<{ id: number }>(
      sql`insert into companies (name) values ('一人会社') returning id`,
    );
    const hash = await hashPassword(PASSWORD);
    const [solo] = await api.rows<{ id: number }>(
      sql`insert into users (company_id, name, mail, password_hash, user_type)
        values (${company!.id}, '唯一の管理者', 'solo@example.jp', ${hash}, 1) returning id`,
    );
    const token = (await signIn('solo@example.jp')).access_token;
    const answer = await patch(solo!.id, { user_type: 2, name: '変えない' }, token);
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({
      code: 'conflict',
      message: userMessages.lastAdmin,
      errors: { user_type: userMessages.lastAdmin },
    });
    expect(await storedUser(solo!.id)).toMatchObject({ user_type: 1, name: '唯一の管理者' });
    // With a second administrator, one may step down.
    const second = await post({ name: '二人目', mail: newMail(), password: PASSWORD, user_type: 1 }, token);
    expect(second.status).toBe(201);
    expect((await patch(solo!.id, { user_type: 2 }, token)).status).toBe(200);
    expect((await list(token)).status).toBe(403);
  });
});

describe('DELETE user/{id}', () => {
  it('deletes a user (204); their token is refused on the very next request', async () => {
    const user = await createUser({ accommodations: [acc[0]] });
    const session = await signIn(user.mail);
    expect((await api.http.get('/api/me', session.access_token)).status).toBe(200);
    const answer = await remove(user.id);
    expect(answer.status).toBe(204);
    expect(answer.body).toBe('');
    expect((await api.http.get('/api/me', session.access_token)).status).toBe(401);
    expect((await api.http.get(`/api/accommodations/${acc[0]}/rooms`, session.access_token)).status).toBe(401);
    expect((await refresh(session.refresh_token)).status).toBe(401);
    expect(await storedUser(user.id)).toBeUndefined();
    expect(await api.rows(sql`select id from auth_sessions where user_id = ${user.id}`)).toEqual([]);
    expect((await get(user.id)).status).toBe(404);
    expect((await remove(user.id)).status).toBe(404);
  });

  it('deletes a user who recorded petty cash: the entry stays, without its author', async () => {
    const user = await createUser({ accommodations: [acc[0]] });
    await api.rows(sql`insert into petty_cash_entries (accommodation_id, user_id, paid_date, amount)
      values (${acc[0]}, ${user.id}, '2026-01-01', 1000)`);
    expect((await remove(user.id)).status).toBe(204);
    expect(
      await api.rows(sql`select user_id from petty_cash_entries where amount = 1000 and paid_date = '2026-01-01'`),
    ).toEqual([{ user_id: null }]);
  });

  it('refuses deleting oneself (409) and keeps the user', async () => {
    const adminId = await adminIdOf(ADMIN.username);
    const answer = await remove(adminId);
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'conflict', message: userMessages.deleteSelf });
    expect(await storedUser(adminId)).toBeDefined();
    expect((await list()).status).toBe(200);
  });

  it('two administrators demoting or deleting each other at once leave the company one administrator', async () => {
    const [company] = await api.rows<{ id: number }>(
      sql`insert into companies (name) values ('二人会社') returning id`,
    );
    const hash = await hashPassword(PASSWORD);
    const admins = await api.rows<{ id: number; mail: string }>(
      sql`insert into users (company_id, name, mail, password_hash, user_type)
        values (${company!.id}, '甲', 'ko@example.jp', ${hash}, 1), (${company!.id}, '乙', 'otsu@example.jp', ${hash}, 1)
        returning id, mail`,
    );
    const [x, y] = admins as [{ id: number; mail: string }, { id: number; mail: string }];
    const adminCount = async () =>
      (
        await api.rows<{ n: number }>(
          sql`select count(*)::int as n from users where company_id = ${company!.id} and user_type = 1`,
        )
      )[0]!.n;

    let [tx, ty] = await Promise.all([signIn(x.mail), signIn(y.mail)]);
    const demotions = await Promise.all([
      patch(y.id, { user_type: 2 }, tx.access_token),
      patch(x.id, { user_type: 2 }, ty.access_token),
    ]);
    const demotionStatuses = demotions.map((a) => a.status).sort();
    expect(demotionStatuses[0]).toBe(200);
    // The loser is refused as the last administrator, or, demoted before it was read, no longer one.
    expect([403, 409]).toContain(demotionStatuses[1]);
    const lastOne = demotions.find((a) => a.status === 409);
    if (lastOne) expect(lastOne.body.message).toBe(userMessages.lastAdmin);
    expect(await adminCount()).toBe(1);

    // Both administrators again, then each deletes the other.
    const survivor = demotions[0]!.status === 200 ? tx : ty;
    const demotedId = demotions[0]!.status === 200 ? y.id : x.id;
    expect((await patch(demotedId, { user_type: 1 }, survivor.access_token)).status).toBe(200);
    [tx, ty] = await Promise.all([signIn(x.mail), signIn(y.mail)]);
    const deletions = await Promise.all([remove(y.id, tx.access_token), remove(x.id, ty.access_token)]);
    const statuses = deletions.map((a) => a.status).sort();
    expect(statuses[0]).toBe(204);
    // The loser is refused as the last administrator, or, deleted before it was read, signed out.
    expect([401, 409]).toContain(statuses[1]);
    const refused = deletions.find((a) => a.status === 409);
    if (refused) expect(refused.body.message).toBe(userMessages.lastAdmin);
    expect(await adminCount()).toBe(1);
  });
});

describe('an address in several companies (docs/decisions.md "Accounts belong to one company")', () => {
  const OTHER_ADMIN = { username: 'admin-d@example.jp', password: 'company d admin pass' };
  const OTHER_PASSWORD = 'company d staff pass';
  let otherAdmin: string;
  const meOf = async (token: string) => (await api.http.get<User>('/api/me', token)).body;

  beforeAll(async () => {
    const [company] = await api.rows<{ id: number }>(sql`insert into companies (name) values ('別会社D') returning id`);
    await api.rows(sql`insert into users (company_id, name, mail, password_hash, user_type)
      values (${company!.id}, '別会社Dの管理者', ${OTHER_ADMIN.username}, ${await hashPassword(OTHER_ADMIN.password)}, 1)`);
    otherAdmin = (await api.http.login(OTHER_ADMIN)).access_token;
  });

  it("is created by another company's administrator as any new address is, and each password signs in to its own company", async () => {
    const fresh = await post(
      { name: '新規 一郎', mail: newMail(), password: OTHER_PASSWORD, user_type: 2 },
      otherAdmin,
    );
    const taken = await post(
      { name: '兼務 花子', mail: STAFF.username.toUpperCase(), password: OTHER_PASSWORD, user_type: 2 },
      otherAdmin,
    );
    // Nothing in the answer tells that the address has an account in another company.
    expect(fresh.status).toBe(201);
    expect(taken.status).toBe(201);
    expect(taken.body).toEqual({ ...fresh.body, id: expect.any(Number), name: '兼務 花子', mail: STAFF.username });
    // Within one company an address is still one account.
    const again = await post(
      { name: '兼務 二郎', mail: STAFF.username, password: OTHER_PASSWORD, user_type: 2 },
      otherAdmin,
    );
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual({ mail: userMessages.mailTaken });

    const here = await api.http.login(STAFF);
    const there = await signIn(STAFF.username, OTHER_PASSWORD);
    expect((await meOf(here.access_token)).id).toBe(await adminIdOf(STAFF.username));
    expect((await meOf(there.access_token)).id).toBe(taken.body.id);
    // Each company sees its own account only.
    expect((await list()).body.users.map((u) => u.id)).not.toContain(taken.body.id);
    expect((await list(otherAdmin)).body.users.map((u) => u.id)).toContain(taken.body.id);
    // An address of another company's user is free here too, on a change as on a creation.
    const moved = await createUser();
    expect((await patch(moved.id, { mail: OTHER_ADMIN.username })).status).toBe(200);
    expect((await meOf((await signIn(OTHER_ADMIN.username)).access_token)).id).toBe(moved.id);
    expect((await meOf((await api.http.login(OTHER_ADMIN)).access_token)).name).toBe('別会社Dの管理者');
  });

  it('a password that two accounts of an address share signs in to neither, says what to do, and counts as a failure', async () => {
    const mail = newMail();
    const mine = await createUser({ mail });
    const theirs = await post({ name: '兼務 三郎', mail, password: PASSWORD, user_type: 2 }, otherAdmin);
    expect(theirs.status).toBe(201);
    const refused = await api.http.postForm('/oauth/auth', {
      grant_type: 'password',
      username: mail,
      password: PASSWORD,
      ...CLIENT,
    });
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ error: 'invalid_grant', message: errorMessages.loginAmbiguous });
    const [throttle] = await api.rows<{ user_id: number; failures: number }>(
      sql`select user_id, failures from login_throttles where user_id in (${mine.id}, ${theirs.body.id})`,
    );
    expect(throttle).toEqual({ user_id: mine.id, failures: 1 });
    // A wrong password for that address says only that it does not match.
    const wrong = await api.http.postForm('/oauth/auth', {
      grant_type: 'password',
      username: mail,
      password: 'not the password 123',
      ...CLIENT,
    });
    expect(wrong.body).toMatchObject({ message: errorMessages.loginMismatch });
    // Once one administrator changes it, each password signs in to its own account.
    expect((await patch(theirs.body.id, { password: OTHER_PASSWORD }, otherAdmin)).status).toBe(200);
    expect((await meOf((await signIn(mail)).access_token)).id).toBe(mine.id);
    expect((await meOf((await signIn(mail, OTHER_PASSWORD)).access_token)).id).toBe(theirs.body.id);
    expect(await api.rows(sql`select 1 from login_throttles where user_id = ${mine.id}`)).toEqual([]);
  });
});

describe('scope and access', () => {
  it("an administrator sees only the users of their company; another company's is not found", async () => {
    const [company] = await api.rows<{ id: number }>(sql`insert into companies (name) values ('別会社C') returning id`);
    const [other] = await api.rows<{ id: number }>(
      sql`insert into users (company_id, name, mail, password_hash, user_type)
        values (${company!.id}, '他社の人', 'other-company@example.jp', 'x', 2) returning id`,
    );
    expect((await list()).body.users.map((u) => u.id)).not.toContain(other!.id);
    expect((await get(other!.id)).status).toBe(404);
    expect((await patch(other!.id, { name: '乗っ取り' })).status).toBe(404);
    expect((await patch(other!.id, { password: 'take over this account' })).status).toBe(404);
    expect((await remove(other!.id)).status).toBe(404);
    expect(await storedUser(other!.id)).toMatchObject({ name: '他社の人', password_hash: 'x' });
  });

  it('is for administrators: staff get 403 on all five calls and change nothing; no token is 401', async () => {
    const staffId = await adminIdOf(STAFF.username);
    const adminId = await adminIdOf(ADMIN.username);
    const before = await userCount();
    const answers = [
      await list(api.staff),
      await get(adminId, api.staff),
      await post({ name: '侵入', mail: newMail(), password: PASSWORD, user_type: 1 }, api.staff),
      await patch(staffId, { user_type: 1 }, api.staff),
      await remove(adminId, api.staff),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ code: 'forbidden', message: errorMessages.forbidden });
    }
    expect(await userCount()).toBe(before);
    expect((await storedUser(staffId))!.user_type).toBe(2);
    expect((await list('')).status).toBe(401);
    expect((await api.http.send('DELETE', `/api/user/${staffId}`)).status).toBe(401);
  });

  it('the old path /api/admin/users is gone', async () => {
    expect((await api.http.get('/api/admin/users', api.admin)).status).toBe(404);
  });
});
