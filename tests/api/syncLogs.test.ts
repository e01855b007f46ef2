import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { SyncLog } from '../../contract/syncLog';
import { signedInSuite } from '../support/fixtures';

const api = signedInSuite();
const LIST = '/api/admin/logs/sync';
const list = (query = '', token = api.admin) =>
  api.http.get<{ logs: SyncLog[]; count: number }>(`${LIST}${query}`, token);

describe('sync logs (GET admin/logs/sync, PATCH admin/logs/sync/{id})', () => {
  it('answers the logs newest first with the facility name, 50 a page by offset', async () => {
    const [first, second] = api.accommodations;
    // 60 more rows on the second facility, a minute apart, the newest of all (the demo's rows of
    // today may be as late as the moment it was seeded).
    await api.rows(sql`insert into sync_logs (accommodation_id, success, read, message, created_at)
      select ${second!.id}, (g % 2), 0, '在庫を同期しました。' || g, now() + interval '1 day' - (g || ' minutes')::interval
      from generate_series(1, 60) g`);
    const page1 = await list();
    expect(page1.status).toBe(200);
    expect(page1.body.logs).toHaveLength(50);
    expect(page1.body.count).toBeGreaterThanOrEqual(64);
    const times = page1.body.logs.map((l) => Date.parse(l.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(page1.body.logs[0]).toMatchObject({ accommodation_name: second!.name, success: 1, read: 0 });
    expect(Object.keys(page1.body.logs[0]!).sort()).toEqual(
      ['accommodation_id', 'accommodation_name', 'book_id', 'created_at', 'id', 'message', 'read', 'success'].sort(),
    );
    const page2 = await list('?offset=50');
    expect(page2.body.logs.length).toBe(page1.body.count - 50);
    expect(page2.body.logs.some((l) => page1.body.logs.some((p) => p.id === l.id))).toBe(false);
    // The demo's overbooking row of the first facility is there, with its booking.
    const all = [...page1.body.logs, ...page2.body.logs];
    expect(all.some((l) => l.accommodation_id === first!.id && l.book_id !== null && l.success === 0)).toBe(true);
  });

  it('filters by success and read', async () => {
    const failed = await list('?success=0&offset=0');
    expect(failed.body.logs.length).toBeGreaterThan(0);
    expect(failed.body.logs.every((l) => l.success === 0)).toBe(true);
    const unread = await list('?read=0&success=1');
    expect(unread.body.logs.every((l) => l.read === 0 && l.success === 1)).toBe(true);
    const bad = await list('?success=2');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'validation' });
  });

  it('marks a row read and unread and answers it', async () => {
    const [row] = (await list('?read=0')).body.logs;
    const read = await api.http.send<any>('PATCH', `${LIST}/${row!.id}`, { token: api.staff, json: { read: 1 } });
    // The demo staff user reaches the first facility only.
    if (row!.accommodation_id === api.accommodations[0]!.id) expect(read.status).toBe(200);
    else expect(read.status).toBe(404);
    const byAdmin = await api.http.send<any>('PATCH', `${LIST}/${row!.id}`, { token: api.admin, json: { read: 1 } });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toMatchObject({ id: row!.id, read: 1, accommodation_name: row!.accommodation_name });
    const unread = await api.http.send<any>('PATCH', `${LIST}/${row!.id}`, { token: api.admin, json: { read: 0 } });
    expect(unread.body.read).toBe(0);
    const bad = await api.http.send<any>('PATCH', `${LIST}/${row!.id}`, { token: api.admin, json: { read: 5 } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.read).toMatch(/[ぁ-んァ-ヶ一-龠]/);
    expect((await api.http.send<any>('PATCH', `${LIST}/999999`, { token: api.admin, json: { read: 1 } })).status).toBe(
      404,
    );
  });

  it("shows staff only their facilities' logs", async () => {
    const staff = await list('', api.staff);
    expect(staff.status).toBe(200);
    expect(staff.body.logs.length).toBeGreaterThan(0);
    expect(staff.body.logs.every((l) => l.accommodation_id === api.accommodations[0]!.id)).toBe(true);
  });
});
