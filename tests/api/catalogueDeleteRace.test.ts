import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, tokyoToday } from '../../contract/dates';
import { sqlRows } from '../../server/db/client';
import { startSignedIn, type SignedIn } from '../support/signedIn';

/**
 * Issue 19, item 1: a plan (or room type) delete and a booking change that makes a booking use it
 * for a live or future stay, sent at the same moment, run one after the other: either the delete
 * sees the booking and is refused (409), or the change finds the plan gone and says so, never a
 * live booking whose plan the delete took away behind the change. PostgreSQL only: PGlite serves
 * one connection, so its transactions never overlap.
 */
const ATTEMPTS = 30;

describe.skipIf(!process.env.DATABASE_URL)('a plan or room type delete racing a booking change (PostgreSQL)', () => {
  let api: SignedIn;
  const rows = <T>(query: ReturnType<typeof sql>) => sqlRows<T>(api.server.database.db, query);

  beforeAll(async () => {
    api = await startSignedIn();
  });
  afterAll(async () => {
    await api?.server.close();
  });

  it('a past booking moved into the future while its plan is deleted: the delete is refused or the move sees no plan', async () => {
    const a = api.accommodations[0]!.id;
    const today = tokyoToday();
    const candidates = await rows<{ id: number; room_id: number }>(
      sql`select id, room_id from bookings where accommodation_id = ${a} and delete_flg = 0 and end_date < ${today}::date
        order by id limit ${ATTEMPTS}`,
    );
    expect(candidates.length).toBe(ATTEMPTS);
    const outcomes: string[] = [];
    for (const [i, booking] of candidates.entries()) {
      const created = await api.http.send<any>('POST', `/api/accommodations/${a}/plans`, {
        token: api.admin,
        json: { name: `競合プラン${i}`, max_num: 10, price: 0 },
      });
      expect(created.status).toBe(201);
      const planId = created.body.id as number;
      await rows(sql`update bookings set plan_id = ${planId}, person_number = 1 where id = ${booking.id}`);
      // A night of its own per attempt, far ahead: the move never meets a full room type.
      const start = addDays(today, 400 + i);
      const [del, move] = await Promise.all([
        api.http.send<any>('DELETE', `/api/accommodations/${a}/plans/${planId}`, { token: api.admin }),
        api.http.send<any>('PATCH', `/api/admin/books/${booking.id}`, {
          token: api.admin,
          json: { start_date: start, days: 1, price_sub: 10000 },
        }),
      ]);
      const [after] = await rows<{ plan_id: number | null; start_date: string }>(
        sql`select plan_id, start_date::text as start_date from bookings where id = ${booking.id}`,
      );
      outcomes.push(`${del.status}/${move.status}`);
      expect([204, 409], `delete ${JSON.stringify(del.body)}`).toContain(del.status);
      expect([200], `move ${JSON.stringify(move.body)}`).toContain(move.status);
      expect(after!.start_date).toBe(start);
      if (del.status === 409) {
        // The delete saw the moved stay: the booking keeps its plan.
        expect(after!.plan_id).toBe(planId);
        expect(move.body.plan_id).toBe(planId);
      } else {
        // The delete came first, while the stay was past (its history says so); the move then found
        // the booking without a plan and said so in its answer.
        expect(move.body.plan_id, `attempt ${i}: the move saw plan ${planId} that the delete then took`).toBeNull();
        expect(after!.plan_id).toBeNull();
        const history = await rows<{ changes: Record<string, { from: unknown; to: unknown }> }>(
          sql`select changes from audit_log where book_id = ${booking.id} and target_type = 'booking'
            and action = 'update' order by id desc limit 2`,
        );
        // Newest first: the move (dates), then the delete's row (the plan taken from a past stay).
        expect(history[0]!.changes.start_date?.to).toBe(start);
        expect(history[1]!.changes.plan_id).toEqual({ from: planId, to: null });
      }
    }
    // Both orders are allowed; what is never seen is a delete done behind a move that kept the plan.
    expect(outcomes.every((o) => o === '409/200' || o === '204/200')).toBe(true);
  });

  it('a booking moved to a new room type while that room type is deleted: one of the two is refused', async () => {
    const a = api.accommodations[0]!.id;
    const today = tokyoToday();
    const candidates = await rows<{ id: number }>(
      sql`select id from bookings where accommodation_id = ${a} and delete_flg = 0 and start_date > ${today}::date + 30
        order by id limit ${ATTEMPTS}`,
    );
    expect(candidates.length).toBe(ATTEMPTS);
    for (const [i, booking] of candidates.entries()) {
      const room = await api.http.send<any>('POST', `/api/accommodations/${a}/rooms`, {
        token: api.admin,
        json: { name: `競合タイプ${i}`, max_num: 3 },
      });
      expect(room.status).toBe(201);
      const roomId = room.body.id as number;
      const [del, move] = await Promise.all([
        api.http.send<any>('DELETE', `/api/accommodations/${a}/rooms/${roomId}`, { token: api.admin }),
        api.http.send<any>('PATCH', `/api/admin/books/${booking.id}`, {
          token: api.admin,
          json: { room_id: roomId, price_sub: 10000 },
        }),
      ]);
      const [after] = await rows<{ room_id: number }>(sql`select room_id from bookings where id = ${booking.id}`);
      const [left] = await rows<{ n: number }>(sql`select count(*)::int as n from rooms where id = ${roomId}`);
      if (del.status === 204) {
        // Refused: the room type is gone (400), or the two met head-on and the move lost (409,
        // 画面を更新してから再度お試しください); either way nothing points at the deleted type.
        expect([400, 409], JSON.stringify(move.body)).toContain(move.status);
        expect(after!.room_id).not.toBe(roomId);
        expect(left!.n).toBe(0);
      } else {
        expect(del.status, JSON.stringify(del.body)).toBe(409);
        expect(move.status, JSON.stringify(move.body)).toBe(200);
        expect(after!.room_id).toBe(roomId);
        expect(left!.n).toBe(1);
      }
    }
  });
});
