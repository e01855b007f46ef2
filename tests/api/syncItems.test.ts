import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { controlCharacterMessage } from '../../contract/fieldRules';
import { syncItemMessages, type SyncItem } from '../../contract/syncItem';
import { signedInSuite } from '../support/fixtures';

const api = signedInSuite();
const LIST = '/api/admin/sync/items';
const list = (query: string, token = api.admin) => api.http.get<{ items: SyncItem[] }>(`${LIST}${query}`, token);
const post = (json: unknown, token = api.admin) => api.http.send<any>('POST', LIST, { token, json });
const patch = (id: number, json: unknown, token = api.admin) =>
  api.http.send<any>('PATCH', `/api/sync-item/${id}`, { token, json });
const remove = (id: number, token = api.admin) => api.http.send<any>('DELETE', `/api/sync-item/${id}`, { token });
const count = async () => (await api.rows<{ n: number }>(sql`select count(*)::int as n from sync_items`))[0]!.n;
/** A room type and a plan of an accommodation. */
const targets = async (accommodationId: number) => {
  const [room] = await api.rows<{ id: number }>(
    sql`select id from rooms where accommodation_id = ${accommodationId} order by id limit 1`,
  );
  const [plan] = await api.rows<{ id: number }>(
    sql`select id from plans where accommodation_id = ${accommodationId} order by id limit 1`,
  );
  return { room: room!.id, plan: plan!.id };
};

describe('sync items (GET/POST admin/sync/items, PATCH/DELETE sync-item/{id})', () => {
  it('lists the demo items of a room type and of a plan', async () => {
    const { room } = await targets(api.accommodations[0]!.id);
    const answer = await list(`?target_type=1&target_id=${room}`);
    expect(answer.status).toBe(200);
    expect(answer.body.items).toEqual([
      {
        id: expect.any(Number),
        accommodation_id: api.accommodations[0]!.id,
        service: 1,
        target_type: 1,
        target_id: room,
        target_name: `R${room}`,
      },
    ]);
    const all = await list('');
    // Every demo room type has its item, every plan with an ikyu_id too.
    const [expected] = await api.rows<{ n: number }>(sql`select
      (select count(*) from rooms)::int + (select count(*) from plans where ikyu_id is not null)::int as n`);
    expect(all.body.items.length).toBe(expected!.n);
  });

  it('adds, renames and removes the item of a room type; the accommodation comes from the target', async () => {
    const accommodationId = api.accommodations[1]!.id;
    const { room } = await targets(accommodationId);
    await api.rows(sql`delete from sync_items where target_type = 1 and target_id = ${room}`);
    const created = await post({ service: 1, target_type: 1, target_id: room, target_name: '  LAKE-TWIN  ' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ accommodation_id: accommodationId, target_type: 1, target_name: 'LAKE-TWIN' });
    const again = await post({ service: 1, target_type: 1, target_id: room, target_name: 'OTHER' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(syncItemMessages.exists);

    const renamed = await patch(created.body.id, { target_name: 'LAKE-TWIN-2' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.target_name).toBe('LAKE-TWIN-2');
    expect((await list(`?target_type=1&target_id=${room}`)).body.items.map((i) => i.target_name)).toEqual([
      'LAKE-TWIN-2',
    ]);

    expect((await remove(created.body.id)).status).toBe(204);
    expect((await list(`?target_type=1&target_id=${room}`)).body.items).toEqual([]);
    const trail = await api.rows<{ action: string }>(
      sql`select action from audit_log where target_type = 'sync_item' and target_id = ${created.body.id} order by id`,
    );
    expect(trail.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
  });

  it('refuses a missing, long or control-character name and an unknown target type, writing nothing', async () => {
    const { plan } = await targets(api.accommodations[0]!.id);
    const before = await count();
    const cases: [unknown, string, string][] = [
      [{ service: 1, target_type: 2, target_id: plan }, 'target_name', syncItemMessages.targetName],
      [{ service: 1, target_type: 2, target_id: plan, target_name: '   ' }, 'target_name', syncItemMessages.targetName],
      [
        { service: 1, target_type: 2, target_id: plan, target_name: 'x'.repeat(101) },
        'target_name',
        syncItemMessages.targetNameTooLong,
      ],
      [
        { service: 1, target_type: 2, target_id: plan, target_name: 'a\u202eb' },
        'target_name',
        controlCharacterMessage,
      ],
      [{ service: 1, target_type: 3, target_id: plan, target_name: 'A' }, 'target_type', syncItemMessages.targetType],
      [{ service: 2, target_type: 2, target_id: plan, target_name: 'A' }, 'service', syncItemMessages.service],
    ];
    for (const [body, field, message] of cases) {
      const answer = await post(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.errors?.[field], JSON.stringify(body)).toBe(message);
    }
    const [item] = (await list('')).body.items;
    const bad = await patch(item!.id, { target_name: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.target_name).toBe(syncItemMessages.targetName);
    expect(await count()).toBe(before);
  });

  it("keeps staff to their facilities: another facility's items are not listed, and its targets and items are 404", async () => {
    // The demo staff user reaches the first accommodation only.
    // The third facility: the test above took the second's first room type's item away.
    const [first, , third] = api.accommodations;
    const own = await targets(first!.id);
    const other = await targets(third!.id);
    const listed = (await list('', api.staff)).body.items;
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((i) => i.accommodation_id === first!.id)).toBe(true);

    await api.rows(sql`delete from sync_items where target_type = 2 and target_id = ${own.plan}`);
    const mine = await post({ service: 1, target_type: 2, target_id: own.plan, target_name: 'STAFF-PLAN' }, api.staff);
    expect(mine.status).toBe(201);
    expect((await patch(mine.body.id, { target_name: 'STAFF-PLAN-2' }, api.staff)).status).toBe(200);
    expect((await remove(mine.body.id, api.staff)).status).toBe(204);

    const before = await count();
    const foreign = await post({ service: 1, target_type: 1, target_id: other.room, target_name: 'X' }, api.staff);
    expect(foreign.status).toBe(404);
    const [otherItem] = (await list(`?target_type=1&target_id=${other.room}`)).body.items;
    expect((await patch(otherItem!.id, { target_name: 'X' }, api.staff)).status).toBe(404);
    expect((await remove(otherItem!.id, api.staff)).status).toBe(404);
    expect((await post({ service: 1, target_type: 1, target_id: 999_999, target_name: 'X' })).status).toBe(404);
    expect(await count()).toBe(before);
    expect((await list(`?target_type=1&target_id=${other.room}`)).body.items[0]!.target_name).toBe(
      otherItem!.target_name,
    );
  });
});

describe('what a sync item sends to the site', () => {
  const queued = async (accommodationId: number) =>
    (
      await api.rows<{ n: number }>(
        sql`select count(*)::int as n from channel_changes where accommodation_id = ${accommodationId}`,
      )
    )[0]!.n;

  it("a room type's item (its room_code) queues the facility's stock again; a plan's item (a name only) queues nothing", async () => {
    const accommodationId = api.accommodations[2]!.id;
    const { room, plan } = await targets(accommodationId);
    await api.rows(sql`delete from sync_items where target_id in (${room}, ${plan})`);

    const before = await queued(accommodationId);
    const planItem = await post({
      service: 1,
      target_type: 2,
      target_id: plan,
      target_name: '朝食付きプラン（サイト名）',
    });
    expect(planItem.status).toBe(201);
    expect((await patch(planItem.body.id, { target_name: '朝食付き（改）' })).status).toBe(200);
    expect(await queued(accommodationId)).toBe(before);

    const roomItem = await post({ service: 1, target_type: 1, target_id: room, target_name: 'KYO-ROOM' });
    expect(roomItem.status).toBe(201);
    const afterCreate = await queued(accommodationId);
    expect(afterCreate).toBeGreaterThan(before);
    expect((await patch(roomItem.body.id, { target_name: 'KYO-ROOM-2' })).status).toBe(200);
    expect(await queued(accommodationId)).toBeGreaterThan(afterCreate);
  });
});
