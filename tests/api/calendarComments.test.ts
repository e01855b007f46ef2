import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Accommodation } from '../../contract/accommodation';
import { sqlRows } from '../../server/db/client';
import { startSignedIn, type SignedIn } from '../support/signedIn';
import type { TestServer } from '../support/testServer';

let server: TestServer;
let http: SignedIn['http'];
let admin: string;
let staff: string;
let acc: Accommodation[];
const path = (accommodationId: number, id?: number) =>
  `/api/admin/accommodations/${accommodationId}/calendar/comments${id ? `/${id}` : ''}`;
const count = async () =>
  (await sqlRows<{ n: number }>(server.database.db, sql`select count(*)::int as n from calendar_comments`))[0]!.n;

beforeAll(async () => {
  ({ server, http, admin, staff, accommodations: acc } = await startSignedIn());
});
afterAll(() => server.close());

describe('calendar comments', () => {
  it('are created, listed by range, changed and deleted', async () => {
    const created = await http.send<any>('POST', path(acc[0]!.id), {
      token: staff,
      json: { target_date: '2027-01-02', comment: '団体様 到着 15時' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      accommodation_id: acc[0]!.id,
      target_date: '2027-01-02',
      comment: '団体様 到着 15時',
    });
    const id = created.body.id;
    // The demo data has comments of its own around today: only this test's comment is looked for.
    const listed = async (from: string, to: string) =>
      ((await http.get(`${path(acc[0]!.id)}?start_date=${from}&end_date=${to}`, staff)).body.comments as any[]).filter(
        (c) => c.id === id,
      );
    expect(await listed('2027-01-01', '2027-01-31')).toEqual([created.body]);
    expect(await listed('2027-01-02', '2027-01-02')).toEqual([created.body]);
    expect(await listed('2027-02-01', '2027-02-28')).toEqual([]);
    expect(await listed('2026-12-01', '2027-01-01')).toEqual([]);
    const changed = await http.send<any>('PATCH', path(acc[0]!.id, id), {
      token: staff,
      json: { comment: '到着 16時に変更' },
    });
    expect(changed.body.comment).toBe('到着 16時に変更');
    expect((await http.send('DELETE', path(acc[0]!.id, id), { token: staff })).status).toBe(204);
    expect((await http.send('DELETE', path(acc[0]!.id, id), { token: staff })).status).toBe(404);
  });

  it('refuses bad input in Japanese and another facility, writing nothing', async () => {
    const before = await count();
    const tooLong = await http.send<any>('POST', path(acc[0]!.id), {
      token: admin,
      json: { target_date: '2027-01-02', comment: 'あ'.repeat(1001) },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors.comment).toBe('コメントは1000文字以内で入力してください');
    const badDate = await http.send<any>('POST', path(acc[0]!.id), {
      token: admin,
      json: { target_date: '2027-02-30', comment: 'x' },
    });
    expect(badDate.body.errors.target_date).toBe('日付を正しく入力してください');
    expect(
      (await http.send('POST', path(acc[1]!.id), { token: staff, json: { target_date: '2027-01-02', comment: 'x' } }))
        .status,
    ).toBe(404);
    expect((await http.get(path(acc[1]!.id), staff)).status).toBe(404);
    expect(await count()).toBe(before);
    // A comment of one accommodation is not reachable through another's path.
    const mine = (
      await http.send<any>('POST', path(acc[1]!.id), {
        token: admin,
        json: { target_date: '2027-01-03', comment: 'x' },
      })
    ).body;
    expect((await http.send('PATCH', path(acc[0]!.id, mine.id), { token: admin, json: { comment: 'y' } })).status).toBe(
      404,
    );
  });
});

describe('room and plan lists', () => {
  it('answer the room types with their plans, and the plans, of a reachable accommodation only', async () => {
    const rooms = (await http.get(`/api/accommodations/${acc[0]!.id}/rooms`, staff)).body.rooms;
    expect(rooms.length).toBeGreaterThan(1);
    expect(rooms[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      max_num: expect.any(Number),
      plans: expect.any(Array),
    });
    const plans = (await http.get(`/api/accommodations/${acc[0]!.id}/plans`, staff)).body.plans;
    expect(plans.length).toBeGreaterThan(0);
    expect(
      rooms
        .flatMap((r: any) => r.plans.map((p: any) => p.id))
        .every((id: number) => plans.some((p: any) => p.id === id)),
    ).toBe(true);
    expect((await http.get(`/api/accommodations/${acc[1]!.id}/rooms`, staff)).status).toBe(404);
  });
});
