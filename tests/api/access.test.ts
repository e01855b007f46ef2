import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accommodations, companies } from '../../server/db/schema';
import { httpClient } from '../support/http';
import { ADMIN, STAFF, startTestServer, type TestServer } from '../support/testServer';

let server: TestServer;
let http: ReturnType<typeof httpClient>;
let admin: string;
let staff: string;
let otherCompanyAccommodationId: number;

beforeAll(async () => {
  server = await startTestServer();
  http = httpClient(server.baseUrl);
  admin = (await http.login(ADMIN)).access_token;
  staff = (await http.login(STAFF)).access_token;
  const [company] = await server.database.db.insert(companies).values({ name: '別会社' }).returning();
  const [other] = await server.database.db
    .insert(accommodations)
    .values({ companyId: company!.id, uid: 'ffffffffffffffff', name: '別の宿', shortName: '別', color: '000000' })
    .returning();
  otherCompanyAccommodationId = other!.id;
});
afterAll(() => server.close());

describe('accommodations list', () => {
  it.each(['/api/accommodations', '/api/admin/accommodations'])(
    '%s: an administrator sees the three of the company',
    async (path) => {
      const res = await http.get(path, admin);
      expect(res.status).toBe(200);
      expect(res.body.company).toEqual({ name: '株式会社やどばん' });
      expect(res.body.accommodations).toHaveLength(3);
      for (const a of res.body.accommodations) {
        expect(Object.keys(a).sort()).toEqual([
          'color',
          'detail_url',
          'id',
          'name',
          'room_number',
          'short_name',
          'uid',
        ]);
        expect(a.color).toMatch(/^[0-9a-fA-F]{6}$/);
      }
      expect(res.body.accommodations.map((a: { id: number }) => a.id)).not.toContain(otherCompanyAccommodationId);
    },
  );

  it('staff see only the accommodation granted to them', async () => {
    const all = (await http.get('/api/accommodations', admin)).body.accommodations;
    const res = await http.get('/api/accommodations', staff);
    expect(res.body.accommodations).toEqual([all[0]]);
    expect((await http.get('/api/me', staff)).body.accommodations).toEqual([all[0].id]);
  });
});

describe('one accommodation', () => {
  it('answers the reachable one and 404 for one the user may not reach, as if it did not exist', async () => {
    const all = (await http.get('/api/accommodations', admin)).body.accommodations;
    const first = await http.get(`/api/admin/accommodations/${all[0].id}`, staff);
    expect(first.status).toBe(200);
    expect(first.body).toEqual(all[0]);
    const notGranted = await http.get(`/api/admin/accommodations/${all[1].id}`, staff);
    const missing = await http.get('/api/admin/accommodations/999999', staff);
    const otherCompany = await http.get(`/api/admin/accommodations/${otherCompanyAccommodationId}`, admin);
    for (const res of [notGranted, missing, otherCompany]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual(missing.body);
    }
    expect(missing.body).toMatchObject({ code: 'not_found', message: expect.any(String) });
  });

  it('refuses an id that is not a number with a 400 in Japanese', async () => {
    const res = await http.get('/api/admin/accommodations/abc', admin);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation');
    expect(res.body.errors.id).toMatch(/[ぁ-んァ-ン一-龥]/);
  });
});

describe('administrator-only routes', () => {
  it('answer 403 to staff and 200 to an administrator', async () => {
    const res = await http.get('/api/user', staff);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'forbidden', message: expect.any(String) });
    const ok = await http.get('/api/user', admin);
    expect(ok.status).toBe(200);
    expect(ok.body.users.map((u: { mail: string }) => u.mail)).toEqual(
      expect.arrayContaining([ADMIN.username, STAFF.username]),
    );
    expect(JSON.stringify(ok.body)).not.toMatch(/password|argon2/);
  });
});
