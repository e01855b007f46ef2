import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/auth/passwords';
import { createAdministrator } from '../../server/services/users';
import { httpClient } from '../support/http';
import { startTestServer, type TestServer } from '../support/testServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('create-admin', () => {
  it('creates an administrator of the one company, who can sign in and reaches every accommodation', async () => {
    const user = await createAdministrator(server.database.db, {
      mail: ' Owner@Example.JP ',
      name: '山田 太郎',
      passwordHash: await hashPassword('a-long-password-1'),
    });
    expect(user.mail).toBe('owner@example.jp');
    const http = httpClient(server.baseUrl);
    const token = (await http.login({ username: 'owner@example.jp', password: 'a-long-password-1' })).access_token;
    const me = (await http.get('/api/me', token)).body;
    expect(me).toMatchObject({ name: '山田 太郎', user_type: 1 });
    expect(me.accommodations).toHaveLength(3);
  });

  it('refuses an address in use and a malformed one, writing nothing', async () => {
    const passwordHash = await hashPassword('a-long-password-2');
    await expect(
      createAdministrator(server.database.db, { mail: 'admin@example.com', name: 'x', passwordHash }),
    ).rejects.toThrow(/exists/);
    await expect(
      createAdministrator(server.database.db, { mail: 'not-a-mail', name: 'x', passwordHash }),
    ).rejects.toThrow(/e-mail/);
    const users = (
      await httpClient(server.baseUrl).get(
        '/api/user',
        (await httpClient(server.baseUrl).login({ username: 'admin@example.com', password: 'admin-pass-1234' }))
          .access_token,
      )
    ).body.users;
    expect(users.filter((u: { mail: string }) => u.mail === 'not-a-mail')).toEqual([]);
  });

  it("creates an administrator of a new company with an address that is another company's account", async () => {
    const user = await createAdministrator(server.database.db, {
      mail: 'admin@example.com',
      name: '新会社 管理者',
      companyName: '新しい宿の会社',
      passwordHash: await hashPassword('new-company-pass-1'),
    });
    const http = httpClient(server.baseUrl);
    const newOne = (await http.login({ username: 'admin@example.com', password: 'new-company-pass-1' })).access_token;
    expect((await http.get('/api/me', newOne)).body).toMatchObject({
      id: user.id,
      name: '新会社 管理者',
      accommodations: [],
    });
    const demo = (await http.login({ username: 'admin@example.com', password: 'admin-pass-1234' })).access_token;
    expect((await http.get('/api/me', demo)).body.id).not.toBe(user.id);
  });
});
