import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { controlCharacterMessage } from '../../contract/fieldRules';
import { senderAddressMessages, type SenderAddress } from '../../contract/senderAddress';
import { signedInSuite } from '../support/fixtures';

const api = signedInSuite();
const PATH = '/api/admin/mail/addresses';
const post = (json: unknown, token = api.admin) => api.http.send<any>('POST', PATH, { token, json });
const remove = (id: number, token = api.admin) => api.http.send<any>('DELETE', `${PATH}/${id}`, { token });
const stored = () =>
  api.rows<{ id: number; company_id: number; from_address: string }>(
    sql`select id, company_id, from_address from sender_addresses order by id`,
  );

describe('sender addresses (GET/POST admin/mail/addresses, DELETE admin/mail/addresses/{id})', () => {
  it('adds an address, lists it as a bare array of id and from_address for every signed-in user, removes it', async () => {
    const created = await post({ from_address: ' Info@Yukemuri.Example.jp ' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(Number), from_address: 'info@yukemuri.example.jp' });
    const [row] = (await stored()).filter((r) => r.id === created.body.id);
    expect(row).toMatchObject({ from_address: 'info@yukemuri.example.jp' });

    for (const token of [api.admin, api.staff]) {
      const list = await api.http.get<SenderAddress[]>(PATH, token);
      expect(list.status).toBe(200);
      expect(Array.isArray(list.body)).toBe(true);
      expect(list.body).toContainEqual({ id: created.body.id, from_address: 'info@yukemuri.example.jp' });
      expect(Object.keys(list.body[0]!).sort()).toEqual(['from_address', 'id']);
    }

    expect((await remove(created.body.id)).status).toBe(204);
    expect((await stored()).some((r) => r.id === created.body.id)).toBe(false);
    expect((await api.http.get<SenderAddress[]>(PATH, api.admin)).body.some((a) => a.id === created.body.id)).toBe(
      false,
    );
  });

  it('answers 409 in Japanese for an address the company has already, and keeps one row', async () => {
    expect((await post({ from_address: 'dup@example.jp' })).status).toBe(201);
    const again = await post({ from_address: 'DUP@example.jp' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(senderAddressMessages.taken);
    expect((await stored()).filter((r) => r.from_address === 'dup@example.jp')).toHaveLength(1);
  });

  it('refuses a missing, malformed or multi-line address with its field message and writes nothing', async () => {
    const before = (await stored()).length;
    const cases: [unknown, string][] = [
      [{}, senderAddressMessages.fromAddress],
      [{ from_address: '  ' }, senderAddressMessages.fromAddress],
      [{ from_address: 'no-at-sign' }, senderAddressMessages.fromAddressFormat],
      [{ from_address: 'a@b.jp\r\nBcc: victim@example.jp' }, controlCharacterMessage],
      [{ from_address: 'Name <a@b.jp>' }, senderAddressMessages.fromAddressFormat],
    ];
    for (const [body, message] of cases) {
      const answer = await post(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.errors?.from_address, JSON.stringify(body)).toBe(message);
    }
    expect((await stored()).length).toBe(before);
  });

  it('is for administrators: staff get 403 on add and remove and nothing changes', async () => {
    const created = await post({ from_address: 'staff-cannot@example.jp' });
    const byStaff = await post({ from_address: 'staff@example.jp' }, api.staff);
    expect(byStaff.status).toBe(403);
    expect((await remove(created.body.id, api.staff)).status).toBe(403);
    const rows = await stored();
    expect(rows.some((r) => r.id === created.body.id)).toBe(true);
    expect(rows.some((r) => r.from_address === 'staff@example.jp')).toBe(false);
  });

  it("keeps to the caller's company: another company's address is neither listed nor removed", async () => {
    const [other] = await api.rows<{ id: number }>(sql`insert into companies (name) values ('他社') returning id`);
    const [foreign] = await api.rows<{ id: number }>(
      sql`insert into sender_addresses (company_id, from_address) values (${other!.id}, 'x@other.example') returning id`,
    );
    expect((await api.http.get<SenderAddress[]>(PATH, api.admin)).body.some((a) => a.id === foreign!.id)).toBe(false);
    expect((await remove(foreign!.id)).status).toBe(404);
    expect((await stored()).some((r) => r.id === foreign!.id)).toBe(true);
    // The same address in another company is not a duplicate.
    expect((await post({ from_address: 'x@other.example' })).status).toBe(201);
  });

  it('leaves an audit row for each add and remove', async () => {
    const created = await post({ from_address: 'audited@example.jp' });
    await remove(created.body.id);
    const trail = await api.rows<{ action: string }>(
      sql`select action from audit_log where target_type = 'mail_addresses' and target_id = ${created.body.id} order by id`,
    );
    expect(trail.map((t) => t.action)).toEqual(['create', 'delete']);
  });
});
