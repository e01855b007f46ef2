import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { errorMessages } from '../../contract/messages';
import { supplierMessages, type Supplier } from '../../contract/supplier';
import { signedInSuite } from '../support/fixtures';

const api = signedInSuite();
const post = (json: unknown, token = api.admin) => api.http.send<any>('POST', '/api/supplier', { token, json });
const patch = (id: number, json: unknown, token = api.admin) =>
  api.http.send<any>('PATCH', `/api/supplier/${id}`, { token, json });
const remove = (id: number, token = api.admin) => api.http.send<any>('DELETE', `/api/supplier/${id}`, { token });
const stored = async (id: number) =>
  (await api.rows<{ name: string; mail: string }>(sql`select name, mail from suppliers where id = ${id}`))[0];
const count = async () => (await api.rows<{ n: number }>(sql`select count(*)::int as n from suppliers`))[0]!.n;

describe('partners (GET/POST supplier, PATCH/DELETE supplier/{id})', () => {
  it('lists the company partners by id under suppliers', async () => {
    const answer = await api.http.get<{ suppliers: Supplier[] }>('/api/supplier', api.admin);
    expect(answer.status).toBe(200);
    const names = await api.rows<{ id: number; name: string }>(sql`select id, name from suppliers order by id`);
    expect(answer.body.suppliers.map((s) => s.id)).toEqual(names.map((s) => s.id));
  });

  it('creates a partner with name and e-mail, changes it and deletes it', async () => {
    const created = await post({ name: ' 湯けむり観光 ', mail: 'info@yukemuri.example.jp' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: '湯けむり観光', mail: 'info@yukemuri.example.jp' });
    const id = created.body.id as number;

    const changed = await patch(id, { id, name: '湯けむり観光株式会社' });
    expect(changed.status).toBe(200);
    expect(await stored(id)).toEqual({ name: '湯けむり観光株式会社', mail: 'info@yukemuri.example.jp' });

    expect((await remove(id)).status).toBe(204);
    expect(await stored(id)).toBeUndefined();
  });

  it('refuses a missing name or e-mail with the spec messages and writes nothing', async () => {
    const before = await count();
    const noName = await post({ name: '   ', mail: 'a@example.jp' });
    expect(noName.status).toBe(400);
    expect(noName.body.errors).toEqual({ name: supplierMessages.name });
    const noMail = await post({ name: '業者' });
    expect(noMail.status).toBe(400);
    expect(noMail.body.errors).toEqual({ mail: supplierMessages.mail });
    // Spec 5: no format check on the e-mail.
    expect((await post({ name: '業者', mail: 'fax only' })).status).toBe(201);
    expect(await count()).toBe(before + 1);
  });

  it('refuses text too long, a wrong type and control of another company', async () => {
    expect((await post({ name: 'あ'.repeat(101), mail: 'a@example.jp' })).body.errors).toEqual({
      name: supplierMessages.nameTooLong,
    });
    expect((await post({ name: 1, mail: 'a@example.jp' })).status).toBe(400);
    const [other] = await api.rows<{ id: number }>(sql`insert into companies (name) values ('他社') returning id`);
    const [foreign] = await api.rows<{ id: number }>(
      sql`insert into suppliers (company_id, name, mail) values (${other!.id}, '他社の業者', 'x@other.example') returning id`,
    );
    expect((await patch(foreign!.id, { name: '乗っ取り' })).status).toBe(404);
    expect((await remove(foreign!.id)).status).toBe(404);
    expect(await stored(foreign!.id)).toEqual({ name: '他社の業者', mail: 'x@other.example' });
  });

  it('refuses to delete a partner that options name (409, with how many) and keeps it', async () => {
    const [used] = await api.rows<{ id: number; n: number }>(
      sql`select supplier_id as id, count(*)::int as n from accommodation_options where supplier_id is not null
        group by supplier_id order by supplier_id limit 1`,
    );
    const answer = await remove(used!.id);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(supplierMessages.inUse(used!.n));
    expect(await stored(used!.id)).toBeDefined();
  });

  it('never answers 500 when a partner is deleted while an option naming it is created (run on PostgreSQL)', async () => {
    const accommodationId = api.accommodations[0]!.id;
    for (let round = 0; round < 10; round++) {
      const partner = (await post({ name: `競合${round}`, mail: 'race@example.jp' })).body as Supplier;
      const [option, removal] = await Promise.all([
        api.http.send<any>('POST', `/api/accommodations/${accommodationId}/options`, {
          token: api.admin,
          json: { name: `競合オプション${round}`, price: 100, unit: '個', supplier_id: partner.id },
        }),
        remove(partner.id),
      ]);
      // Either the option was made first (the partner stays, 409) or the partner went first (400 on the option).
      expect([option.status, removal.status].sort()).toSatisfy(
        (pair: number[]) => JSON.stringify(pair) === '[201,409]' || JSON.stringify(pair) === '[204,400]',
      );
      expect((await stored(partner.id)) === undefined).toBe(removal.status === 204);
    }
  });

  it('is for administrators: staff get 403 on every call, the option overlay list stays open to them', async () => {
    expect((await api.http.get('/api/supplier', api.staff)).status).toBe(403);
    const denied = await post({ name: '業者', mail: 'a@example.jp' }, api.staff);
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe(errorMessages.forbidden);
    expect((await api.http.get('/api/admin/suppliers', api.staff)).status).toBe(200);
    expect((await api.http.get('/api/supplier')).status).toBe(401);
  });
});
