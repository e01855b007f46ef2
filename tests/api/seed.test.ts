import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../server/db/client';
import { seedDemo } from '../../server/db/seed';
import { testChannelKey } from '../support/testKeys';
import { generateBookings, type CatalogAccommodation } from '../../server/db/seed/bookings';
import { Rng } from '../../server/db/seed/util';
import { verifyPassword } from '../../server/auth/passwords';
import { accommodations, bookings, companies, payments } from '../../server/db/schema';

let database: Database;
const today = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
}).format(new Date());

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  // Both drivers answer { rows }; the shared Db type leaves the result untyped.
  const result = (await database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

async function count(table: string): Promise<number> {
  const [row] = await rows<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`));
  return row!.n;
}

beforeAll(async () => {
  const { newPglite } = await import('../../server/db/pglite');
  database = await openDatabase({ pglite: newPglite() });
  // The day the checks below count from, even when the run passes midnight in between.
  expect(await seedDemo(database.db, { today, channelKey: testChannelKey() })).toBe(true);
}, 60_000);

afterAll(async () => {
  await database?.close();
});

describe('seedDemo', () => {
  // How long the seed takes is measured by `npm run bench -- foundation` (a fresh start with the
  // demo data), not asserted with a timer here: a loaded CI machine is not a measurement.

  it('creates the company and three accommodations', async () => {
    const list = await database.db.select().from(companies);
    expect(list.map((c) => c.name)).toEqual(['株式会社やどばん']);
    const accs = await database.db.select().from(accommodations).orderBy(accommodations.id);
    expect(accs).toHaveLength(3);
    for (const a of accs) {
      expect(a.uid).toMatch(/^[0-9a-f]{16}$/);
      expect(a.color).toMatch(/^[0-9a-f]{6}$/i);
      expect(a.shortName.length).toBeGreaterThanOrEqual(1);
      expect(a.shortName.length).toBeLessThanOrEqual(2);
    }
    expect(new Set(accs.map((a) => a.color)).size).toBe(3);
    const sums = await rows<{ id: number; room_number: number; total: number }>(sql`
      select a.id, a.room_number, coalesce(sum(r.max_num), 0)::int as total
      from accommodations a left join rooms r on r.accommodation_id = a.id group by a.id`);
    for (const s of sums) expect(s.room_number).toBe(s.total);
  });

  it('creates admin and staff accounts with argon2 hashes that verify', async () => {
    const users = await rows<{ id: number; mail: string; password_hash: string; user_type: number; name: string }>(
      sql`select id, mail, password_hash, user_type, name from users order by id`,
    );
    const admin = users.find((u) => u.mail === 'admin@example.com')!;
    const staff = users.find((u) => u.mail === 'staff@example.com')!;
    expect(admin.user_type).toBe(1);
    expect(staff.user_type).toBe(2);
    expect(admin.name).toBe('管理者 太郎');
    expect(staff.name).toBe('スタッフ 花子');
    expect(admin.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(admin.password_hash, 'admin-pass-1234')).toBe(true);
    expect(await verifyPassword(staff.password_hash, 'staff-pass-1234')).toBe(true);
    expect(await verifyPassword(staff.password_hash, 'admin-pass-1234')).toBe(false);
    expect(users.filter((u) => u.user_type === 2).length).toBeGreaterThanOrEqual(3);

    const [first] = await database.db
      .select({ id: accommodations.id })
      .from(accommodations)
      .orderBy(accommodations.id)
      .limit(1);
    const grants = await rows<{ accommodation_id: number }>(
      sql`select accommodation_id from user_accommodations where user_id = ${staff.id}`,
    );
    expect(grants.map((g) => g.accommodation_id)).toEqual([first!.id]);
  });

  it('creates 250 to 350 consistent bookings', async () => {
    const n = await count('bookings');
    expect(n).toBeGreaterThanOrEqual(250);
    expect(n).toBeLessThanOrEqual(350);
    // price is the amount paid: the sum of the booking's dated payments (a 仮決済 is not received).
    const [mismatch] = await rows<{ n: number; provisional: number }>(sql`
      select count(*) filter (where b.price <> coalesce((select sum(p.amount) from payments p
          where p.book_id = b.id and p.payment_exe_date is not null), 0))::int as n,
        count(*) filter (where exists (select 1 from payments p
          where p.book_id = b.id and p.payment_exe_date is null))::int as provisional
      from bookings b`);
    expect(mismatch!.n).toBe(0);
    expect(mismatch!.provisional).toBeGreaterThan(0);
    const [kinds] = await rows<{
      cancelled_paid: number;
      unpaid: number;
      unsynced: number;
      with_options: number;
      shared_mail: number;
    }>(sql`
      select
        count(*) filter (where delete_flg = 1 and price > coalesce(cancel_fee, 0))::int as cancelled_paid,
        count(*) filter (where delete_flg = 0 and price = 0)::int as unpaid,
        count(*) filter (where sync = 0)::int as unsynced,
        count(*) filter (where exists (select 1 from booking_options o where o.book_id = b.id))::int as with_options,
        (select count(*) from (select mail from bookings where mail is not null group by mail having count(*) > 1) m)::int as shared_mail
      from bookings b`);
    expect(kinds!.cancelled_paid).toBeGreaterThanOrEqual(1);
    expect(kinds!.unpaid).toBeGreaterThan(0);
    expect(kinds!.unsynced).toBeGreaterThan(0);
    expect(kinds!.with_options).toBeGreaterThan(0);
    expect(kinds!.shared_mail).toBeGreaterThan(0);
    const [refunds] = await rows<{ n: number }>(sql`select count(*)::int as n from refunds`);
    expect(refunds!.n).toBe(0);
  });

  it('never overbooks a room type except on the one deliberate night', async () => {
    const over = await rows<{
      room_id: number;
      accommodation_id: number;
      night: string;
      n: number;
      max_num: number;
      channel: number;
    }>(sql`
      select b.room_id, r.accommodation_id, to_char(n.night, 'YYYY-MM-DD') as night, count(*)::int as n, r.max_num,
             count(*) filter (where b.via = 1)::int as channel
      from bookings b
      join rooms r on r.id = b.room_id
      cross join lateral generate_series(b.start_date, b.end_date - 1, interval '1 day') as n(night)
      where b.delete_flg = 0
      group by b.room_id, r.accommodation_id, n.night, r.max_num
      having count(*) > r.max_num`);
    expect(over).toHaveLength(1);
    const [first] = await database.db
      .select({ id: accommodations.id })
      .from(accommodations)
      .orderBy(accommodations.id)
      .limit(1);
    const night = over[0]!;
    expect(night.accommodation_id).toBe(first!.id);
    expect(night.n).toBe(night.max_num + 1);
    expect(night.channel).toBeGreaterThanOrEqual(1);
    expect(night.night > today).toBe(true);
    const [limit] = await rows<{ d: string }>(
      sql`select to_char(${today}::date + interval '1 month', 'YYYY-MM-DD') as d`,
    );
    expect(night.night <= limit!.d).toBe(true);
  });

  it('has guests arriving today at the first accommodation, their registers begun', async () => {
    const [first] = await database.db
      .select({ id: accommodations.id })
      .from(accommodations)
      .orderBy(accommodations.id)
      .limit(1);
    const arrivals = await rows<{ id: number; guests: number; stay_status: string }>(sql`
      select b.id, b.stay_status, (select count(*) from booking_guests g where g.booking_id = b.id)::int as guests
      from bookings b
      where b.accommodation_id = ${first!.id} and b.start_date = ${today}::date and b.delete_flg = 0
      order by b.id`);
    expect(arrivals.length).toBeGreaterThanOrEqual(2);
    expect(arrivals.every((a) => a.stay_status === 'reserved')).toBe(true);
    expect(arrivals.filter((a) => a.guests > 0).length).toBeGreaterThanOrEqual(2);
  });

  it('has prices for every plan, every night of the next 6 months and every headcount', async () => {
    const gaps = await rows<{ plan_id: number; found: number; expected: number }>(sql`
      with nights as (
        select generate_series(${today}::date, (${today}::date + interval '6 months')::date, interval '1 day')::date as d
      )
      select p.id as plan_id,
             (select count(*) from plan_prices pp where pp.plan_id = p.id and pp.target_date between ${today}::date and (${today}::date + interval '6 months')::date)::int as found,
             ((select count(*) from nights) * p.max_num)::int as expected
      from plans p`);
    expect(gaps.length).toBeGreaterThanOrEqual(6);
    for (const g of gaps) expect(g.found).toBe(g.expected);
  });

  it('refuses to seed a second time and adds nothing', async () => {
    const tables = ['companies', 'users', 'accommodations', 'bookings', 'payments', 'plan_prices', 'mail_templates'];
    const before = await Promise.all(tables.map(count));
    expect(await seedDemo(database.db)).toBe(false);
    expect(await Promise.all(tables.map(count))).toEqual(before);
  });

  it('refuses bad rows through its constraints', async () => {
    const db = database.db;
    const [company] = await db.select({ id: companies.id }).from(companies).limit(1);
    const [booking] = await db.select().from(bookings).limit(1);
    await expect(
      db
        .insert(accommodations)
        .values({ companyId: company!.id, uid: 'bad-colour', name: 'x', shortName: 'x', color: 'zzzzzz' }),
    ).rejects.toThrow();
    const good = {
      accommodationId: booking!.accommodationId,
      roomId: booking!.roomId,
      name: '試験 太郎',
      startDate: '2030-01-01',
      endDate: '2030-01-02',
      days: 1,
      personNumber: 1,
      uid: 'constraint-test-1',
    };
    await expect(db.insert(bookings).values({ ...good, days: 0, endDate: '2030-01-01' })).rejects.toThrow();
    await expect(db.insert(bookings).values({ ...good, endDate: '2030-01-05' })).rejects.toThrow();
    await expect(db.insert(bookings).values({ ...good, via: 7 })).rejects.toThrow();
    await expect(db.insert(bookings).values({ ...good, deleteFlg: 1 })).rejects.toThrow();
    await expect(db.insert(bookings).values({ ...good, uid: booking!.uid })).rejects.toThrow();
    await expect(db.insert(payments).values({ bookId: booking!.id, amount: 1000, payType: 9 })).rejects.toThrow();
    await expect(db.insert(payments).values({ bookId: booking!.id, amount: 0, payType: 1 })).rejects.toThrow();
    await expect(
      db.execute(sql`insert into refunds (book_id, amount, idempotency_key) values (${booking!.id}, 0, 'k0')`),
    ).rejects.toThrow();
    await expect(
      db.execute(
        sql`insert into plan_prices (plan_id, target_date, unit, price) select id, '2030-01-01', 0, 1000 from plans limit 1`,
      ),
    ).rejects.toThrow();
    await expect(db.execute(sql`delete from bookings where id in (select book_id from payments)`)).rejects.toThrow();
    // The good row itself is accepted (the rejections above are the constraints, not the shape).
    await db.insert(bookings).values(good);
    await db.execute(sql`delete from bookings where uid = 'constraint-test-1'`);
  });

  it('is deterministic for the same today', () => {
    const catalog: CatalogAccommodation[] = [
      {
        id: 1,
        name: '宿',
        companyId: 1,
        templates: new Map(
          [1, 2].map((t) => [t, { title: 't', body: '{{book.name}} 様', fromAddress: 'a@example.com', fromName: 'a' }]),
        ),
        rooms: [
          {
            id: 1,
            name: '和室',
            maxNum: 2,
            plans: [
              {
                id: 1,
                name: '素泊まり',
                maxNum: 2,
                isActive: 1,
                rule: { base: 1000, perPerson: 500, week: [0, 0, 0, 0, 0, 0, 0], holiday: [0, 0] },
              },
            ],
            options: [],
          },
          { id: 2, name: '洋室', maxNum: 1, plans: [], options: [] },
        ],
      },
    ];
    const a = generateBookings(catalog, '2025-06-15', new Rng(42));
    const b = generateBookings(catalog, '2025-06-15', new Rng(42));
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(a.overbooked.roomId).toBe(2);
  });
});
