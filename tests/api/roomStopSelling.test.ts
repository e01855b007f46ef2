import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { tokyoToday } from '../../contract/dates';
import { signedInSuite } from '../support/fixtures';

/**
 * Issue 19, item 1: a room type that live or future bookings use cannot be deleted, and room types
 * have no publish flag; the refusal's way out (このタイプのプランをすべて非公開にする) unpublishes
 * each plan the room type sells through the plans' own update, as the console sends it: each plan
 * stops selling with its own audit row, and the room type, its plan links and its bookings stay.
 */
const api = signedInSuite();

describe('a room type in use: its plans unpublished instead of a delete', () => {
  it('refuses the delete (409), then unpublishes each published plan with an audit row each, rewriting no booking', async () => {
    const today = tokyoToday();
    const [used] = await api.rows<{ accommodation_id: number; room_id: number }>(
      sql`select b.accommodation_id, b.room_id from bookings b
        where b.delete_flg = 0 and b.end_date >= ${today}::date
          and (select count(*) from room_plans rp where rp.room_id = b.room_id) >= 2
        group by 1, 2 order by count(*) desc, 2 limit 1`,
    );
    expect(used).toBeDefined();
    const a = used!.accommodation_id;
    const roomUrl = `/api/accommodations/${a}/rooms/${used!.room_id}`;
    const plansUrl = `/api/accommodations/${a}/plans`;
    const bookings = () =>
      api.rows<{ id: number; room_id: number; plan_id: number | null; updated_at: string }>(
        sql`select id, room_id, plan_id, updated_at::text as updated_at from bookings
          where room_id = ${used!.room_id} order by id`,
      );
    const before = await bookings();

    const refused = await api.http.send<any>('DELETE', roomUrl, { token: api.admin });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^この部屋タイプは本日以降の予約\d+件で使われているため削除できません。/);

    // One plan already unpublished: it is left alone (no update, no audit row).
    const room = (await api.http.get(roomUrl, api.admin)).body as { plans: { id: number; name: string }[] };
    const linked = room.plans.map((p) => p.id);
    expect(linked.length).toBeGreaterThanOrEqual(2);
    await api.rows(sql`update plans set is_active = 0 where id = ${linked[0]!}`);
    const trailBefore = await api.rows<{ id: number }>(sql`select id from audit_log order by id desc limit 1`);

    // What the console sends: the plans' list, then PATCH { is_active: 0 } for each published one of the room type.
    const listed = (await api.http.get(plansUrl, api.admin)).body.plans as { id: number; is_active: number }[];
    const published = listed.filter((p) => linked.includes(p.id) && p.is_active === 1).map((p) => p.id);
    const [{ ids: activeInDb }] = (await api.rows<{ ids: number[] }>(
      sql`select coalesce(array_agg(id order by id), '{}') as ids from plans where is_active = 1 and id in (${sql.join(
        linked.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    )) as [{ ids: number[] }];
    expect([...published].sort((x, y) => x - y)).toEqual(activeInDb);
    expect(published).not.toContain(linked[0]);
    expect(published.length).toBeGreaterThan(0);
    for (const id of published) {
      const res = await api.http.send<any>('PATCH', `${plansUrl}/${id}`, { token: api.admin, json: { is_active: 0 } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.is_active).toBe(0);
    }

    const stored = await api.rows<{ id: number; is_active: number }>(
      sql`select id, is_active from plans where id in (${sql.join(
        linked.map((id) => sql`${id}`),
        sql`, `,
      )}) order by id`,
    );
    expect(stored.every((p) => p.is_active === 0)).toBe(true);
    const trail = await api.rows<{ target_type: string; target_id: number; changes: unknown }>(
      sql`select target_type, target_id, changes from audit_log where id > ${trailBefore[0]?.id ?? 0} order by id`,
    );
    expect(trail).toEqual(
      published.map((id) => ({ target_type: 'plan', target_id: id, changes: { is_active: { from: 1, to: 0 } } })),
    );
    // The room type keeps its plans and its bookings, untouched.
    expect((await api.http.get(roomUrl, api.admin)).body.plans.map((p: { id: number }) => p.id)).toEqual(linked);
    expect(await bookings()).toEqual(before);
  });
});
