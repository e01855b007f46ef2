import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { BENCH_FAMILY_NAMES, BENCH_GIVEN_NAMES, BENCH_MAIL_DOMAINS } from './guestNames';

/**
 * Bulk bookings for the bookings benchmark, written by PostgreSQL itself (generate_series, a few
 * INSERT ... SELECT) into a database the server has already migrated and seeded with the demo
 * company. The capacity rule is the API's business, not the table's: rooms are overbooked freely.
 */

export interface FillOptions {
  bookings: number;
  /** First possible check-in day (yyyy-MM-dd). */
  from: string;
  /** Number of possible check-in days from `from`. */
  spanDays: number;
  /** setseed() value in [-1, 1]: the same value gives the same rows. */
  seed?: number;
  /**
   * Bookings written by earlier calls into the same database (0 by default): this call's rows are
   * numbered after them, so their uid and external_id stay unique, and their guests are new ones
   * (GUESTS_PER_BOOKING of them per booking), so that a guest's stays do not pile up with history;
   * their phones start 080- where the first call's start 090- (the first call's rows are unchanged).
   */
  offset?: number;
  /**
   * Stays long over: a live booking is paid in full, a cancelled one holds its cancellation fee at
   * most (nothing left to refund). Without it half the bookings are unpaid, as in the bookings benchmark.
   */
  settled?: boolean;
  /**
   * The guests' names, mails and phones. 'numbered' (the default, the bookings benchmark's rows):
   * 12 family names × 12 given names in kanji, `guest<n>@example.jp`, `090-<i>-<i×7>`. 'varied'
   * (the scale benchmark, issue 19's search box): every guest number is one person whose stays
   * share a name, a mail and a phone (see `variedGuest`).
   */
  guests?: 'numbered' | 'varied';
}

/** Guest numbers per booking generated: 40,000 for 100,000 bookings (85% of them drawn). */
export const GUESTS_PER_BOOKING = 0.4;

export interface FillReport {
  bookings: number;
  live: number;
  cancelled: number;
  payments: number;
  bookingOptions: number;
  /** Per accommodation id: its bookings (live and cancelled). */
  perAccommodation: { accommodationId: number; name: string; rooms: number; capacity: number; bookings: number }[];
  firstStart: string;
  lastStart: string;
  /** Wall time of the INSERT statements and of ANALYZE. */
  insertMs: number;
  analyzeMs: number;
  tableSizes: { table: string; rows: number; totalBytes: number }[];
}

const FAMILY = ['佐藤', '鈴木', '高橋', '田中', '伊藤', '渡辺', '山本', '中村', '小林', '加藤', '吉田', '山田'];
const GIVEN = ['太郎', '花子', '一郎', '美咲', '健太', '陽菜', '翔', 'さくら', '大輔', '結衣', '直樹', '愛'];
const PREFS = ['東京都新宿区', '大阪府大阪市', '京都府京都市', '神奈川県横浜市', '愛知県名古屋市', '福岡県福岡市'];
const MEMOS = ['夕食18時', '到着遅め', 'アレルギー：えび', '記念日', '駐車場あり', 'ベビーベッド希望'];

const pgArray = (items: readonly string[]) => `array[${items.map((s) => `'${s.replace(/'/g, "''")}'`).join(', ')}]`;
const pick = (items: readonly string[], r: string) => `(${pgArray(items)})[1 + floor(${r} * ${items.length})::int]`;

/** Each item repeated in proportion to 1 / rank^exponent: an array drawn uniformly draws by that weight. */
function weighted(count: number, scale: number, exponent: number): number[] {
  return Array.from({ length: count }, (_, i) =>
    Array<number>(Math.max(1, Math.round(scale / (i + 1) ** exponent))).fill(i + 1),
  ).flat();
}

const pgIntArray = (items: readonly number[]) => `array[${items.join(',')}]::int[]`;

/**
 * The varied guest of guest number `gn` (a SQL expression), as columns of a lateral subquery:
 * name, mail (without the 15 % that have none), tel. Every draw is a slice of md5 of the number,
 * so a guest's stays agree and the same number gives the same person at every run.
 *
 * - Name: a family name of BENCH_FAMILY_NAMES drawn by 1 / sqrt(rank) (佐藤 about 3.5 %), a given
 *   name of BENCH_GIVEN_NAMES (uniform); 65 % in kanji, 30 % in katakana (as a travel site sends
 *   it), 5 % in capital romaji; separated by a space (70 %), a full-width space (15 %) or nothing.
 * - Mail: romaji of the name in one of five shapes (`hanako.sato.<n>`, `sato<n>`, `hanako_<n>`,
 *   `h.sato<n>`, `satohanako<n>`) with a number unique to the guest (a bijection of the guest
 *   number, 1 to 7 digits), so no two guests share a mail; at one of 20 domains by 1 / rank.
 * - Phone: a mobile (090, 080, 070: 85 %) or a landline of ten area codes, 8 random digits.
 */
function variedGuest(gn: string, seedText: string): string {
  const families = weighted(BENCH_FAMILY_NAMES.length, 100, 0.5);
  const domains = weighted(BENCH_MAIL_DOMAINS.length, 60, 1);
  const col = (k: number) => pgArray(BENCH_FAMILY_NAMES.map((f) => f[k]!));
  const given = (k: number) => pgArray(BENCH_GIVEN_NAMES.map((f) => f[k]!));
  // Eight random numbers in [0, 1): 28 bits each, 4 from each of two md5s.
  const h = (k: number) => `(('x' || substr(m.h${k < 4 ? 1 : 2}, ${1 + (k % 4) * 8}, 7))::bit(28)::int / 268435456.0)`;
  const areas = ['03', '06', '052', '011', '092', '045', '075', '078', '022', '082'];
  return `
    (select
      case when ${h(2)} < 0.65 then p.fk || p.sep || p.gk
        when ${h(2)} < 0.95 then p.fr || p.sep || p.gr
        else upper(p.fe) || ' ' || upper(p.ge) end as name,
      (array[p.ge || '.' || p.fe || '.' || p.n, p.fe || p.n, p.ge || '_' || p.n,
        left(p.ge, 1) || '.' || p.fe || p.n, p.fe || p.ge || p.n])[1 + floor(${h(3)} * 5)::int]
        || '@' || (${pgArray(BENCH_MAIL_DOMAINS)})[(${pgIntArray(domains)})[1 + floor(${h(4)} * ${domains.length})::int]] as mail,
      case when ${h(5)} < 0.85 then (array['090', '080', '070'])[1 + floor(${h(5)} / 0.85 * 3)::int]
          || '-' || lpad(floor(${h(6)} * 10000)::int::text, 4, '0') || '-' || lpad((floor(${h(6)} * 100000000)::bigint % 10000)::text, 4, '0')
        else (${pgArray(areas)})[1 + floor((${h(5)} - 0.85) / 0.15 * ${areas.length})::int]
          || '-' || lpad(floor(${h(6)} * 10000)::int::text, 4, '0') || '-' || lpad((floor(${h(6)} * 100000000)::bigint % 10000)::text, 4, '0') end as tel
    from (select md5('${seedText}' || ${gn}) as h1, md5('${seedText}-2:' || ${gn}) as h2) m
    cross join lateral (select
      (${col(0)})[f.i] as fk, (${col(1)})[f.i] as fr, (${col(2)})[f.i] as fe,
      (${given(0)})[g.i] as gk, (${given(1)})[g.i] as gr, (${given(2)})[g.i] as ge,
      case when ${h(1)} < 0.7 then ' ' when ${h(1)} < 0.85 then chr(12288) else '' end as sep,
      ((${gn})::bigint * 7919 % 1000003)::text as n
      from (select (${pgIntArray(families)})[1 + floor(${h(0)} * ${families.length})::int] as i) f,
        (select 1 + floor(${h(7)} * ${BENCH_GIVEN_NAMES.length})::int as i) g) p)`;
}

/**
 * The three statements, in order. Room types are drawn in proportion to their capacity (max_num),
 * so a bigger room type, and a bigger accommodation, holds more bookings; the plan is one sold with
 * that room type (room_plans) for 90%, none for the rest. Every random draw is a column of `g`, so
 * each is drawn once per row.
 */
function statements(o: FillOptions, firstNewId: number): string[] {
  const offset = o.offset ?? 0;
  const guestBase = Math.round(offset * GUESTS_PER_BOOKING);
  const guests = Math.round(o.bookings * GUESTS_PER_BOOKING);
  const varied = o.guests === 'varied';
  // A mail for r_mail < 0.85, numbered r_mail × guests (so 85% of the numbers are drawn), as the
  // first version drew it: the bookings benchmark's rows stay the same.
  const paid = o.settled
    ? `case when c.r_deleted < 0.1 then coalesce(case when c.r_fee < 0.5 then c.price_sub / 2 end, 0) else c.price_sub end`
    : `case when c.r_paid < 0.5 then c.price_sub else 0 end`;
  const bookings = `
    with slots as (
      select row_number() over (order by r.id, n) - 1 as k, r.id as room_id, r.accommodation_id,
        (select array_agg(rp.plan_id order by rp.plan_id) from room_plans rp where rp.room_id = r.id) as plans
      from rooms r cross join generate_series(1, r.max_num) n
    ),
    g as (
      select i, random() as r_slot, random() as r_day, random() as r_days, random() as r_person,
        random() as r_plan, random() as r_family, random() as r_given, random() as r_mail, random() as r_pref,
        random() as r_memo, random() as r_via, random() as r_sync, random() as r_deleted, random() as r_lead,
        random() as r_paid, random() as r_rate, random() as r_fee, random() as r_job
      from generate_series(${offset + 1}, ${offset + o.bookings}) i
    ),
    b as (
      select g.*, s.room_id, s.accommodation_id, s.plans,
        ('${o.from}'::date + floor(g.r_day * ${o.spanDays})::int) as start_date,
        case when g.r_days < 0.45 then 1 when g.r_days < 0.75 then 2 when g.r_days < 0.9 then 3 else 4 end as days,
        1 + floor(g.r_person * 4)::int as person_number,
        case when g.r_via < 0.35 then 0 when g.r_via < 0.75 then 1 when g.r_via < 0.8 then 100 else 101 end as via
      from g join slots s on s.k = floor(g.r_slot * (select count(*) from slots))::int
    ),
    c as (
      select b.*, (6000 + floor(b.r_rate * 15) * 1000)::int * b.days * b.person_number as price_sub,
        least(now(), ((b.start_date - (1 + floor(b.r_lead * 120))::int)::timestamp + interval '10 hours'
          + (b.i % 600) * interval '1 minute') at time zone 'Asia/Tokyo') as created_at
      from b
    )
    insert into bookings (accommodation_id, room_id, plan_id, name, mail, address, tel, job, mini_memo,
      start_date, end_date, days, person_number, price, price_sub, uid, via, external_id, sync,
      delete_flg, deleted_at, cancel_fee, status, created_at, updated_at)
    select c.accommodation_id, c.room_id,
      case when c.r_plan < 0.9 and c.plans is not null
        then c.plans[1 + floor(c.r_plan / 0.9 * array_length(c.plans, 1))::int] end,
      ${varied ? 'v.name' : `${pick(FAMILY, 'c.r_family')} || ' ' || ${pick(GIVEN, 'c.r_given')}`},
      case when c.r_mail < 0.85 then ${varied ? 'v.mail' : `'guest' || (${guestBase} + 1 + floor(c.r_mail * ${guests}))::int || '@example.jp'`} end,
      case when c.r_pref < 0.7 then ${pick(PREFS, 'c.r_pref / 0.7')} || (1 + c.i % 30) || '-' || (1 + c.i % 9) end,
      ${
        varied
          ? // As staff typed it: with hyphens (75 %), digits only (20 %) or spaces (5 %).
            `case when c.i % 20 < 15 then v.tel when c.i % 20 < 19 then replace(v.tel, '-', '') else replace(v.tel, '-', ' ') end`
          : `'${offset > 0 ? '080' : '090'}-' || lpad((c.i % 10000)::text, 4, '0') || '-' || lpad(((c.i * 7) % 10000)::text, 4, '0')`
      },
      floor(c.r_job * 9)::int,
      case when c.r_memo < 0.2 then ${pick(MEMOS, 'c.r_memo / 0.2')} end,
      c.start_date, c.start_date + c.days, c.days, c.person_number,
      ${paid}, c.price_sub,
      substr(md5('yadoban-bench-' || c.i), 1, 16), c.via,
      -- A site's reservation number as the site writes them (IK and 10 digits), unique: 7919 is prime to 10^10.
      case when c.via = 1 then 'IK' || lpad(((c.i::bigint * 7919) % 10000000000)::text, 10, '0') end,
      case when c.via = 1 or c.r_sync < 0.5 then 1 else 0 end,
      case when c.r_deleted < 0.1 then 1 else 0 end,
      case when c.r_deleted < 0.1 then least(now(), c.created_at + c.r_deleted * 10 * interval '1 day') end,
      case when c.r_deleted < 0.1 and c.r_fee < 0.5 then c.price_sub / 2 end,
      0, c.created_at,
      case when c.r_deleted < 0.1 then least(now(), c.created_at + c.r_deleted * 10 * interval '1 day') else c.created_at end
    from c${varied ? ` cross join lateral ${variedGuest(`(${guestBase} + 1 + floor(c.r_mail * ${guests}))::int`, 'yadoban-guest-')} v` : ''}
    order by c.i`;
  // A payment for each paid booking (about half): in full, executed on or before the check-in
  // (dated: the paid amount counts dated payments only, as recomputePaid does).
  const payments = `
    insert into payments (payment_exe_date, book_id, amount, pay_type, mail, created_by, created_at, updated_at)
    select b.start_date - (random() * 30)::int, b.id, b.price,
      case when b.via = 1 then 3 else (array[1, 2, 4])[1 + floor(random() * 3)::int] end, 0,
      (select min(id) from users), b.created_at, b.created_at
    from bookings b where b.id >= ${firstNewId} and b.price > 0 order by b.id`;
  // An option of the booking's accommodation for about a fifth of the bookings.
  const options = `
    with o as (
      select ao.accommodation_id, array_agg(ao.id order by ao.id) as ids from accommodation_options ao
      group by ao.accommodation_id
    ),
    pickd as (
      select b.id as book_id, b.days, b.created_at,
        o.ids[1 + floor(random() * array_length(o.ids, 1))::int] as option_id, random() as r
      from bookings b join o on o.accommodation_id = b.accommodation_id
      where b.id >= ${firstNewId} and random() < 0.2
    )
    insert into booking_options (book_id, option_id, unit, days, comment, paid_at, name, price, supplier_id,
      supplier_name, created_at, updated_at)
    select p.book_id, ao.id, 1 + floor(p.r * 2)::int, p.days, case when p.r < 0.1 then '到着時に用意' end,
      case when p.r < 0.4 then p.created_at end, ao.name, ao.price, ao.supplier_id, s.name, p.created_at, p.created_at
    from pickd p join accommodation_options ao on ao.id = p.option_id left join suppliers s on s.id = ao.supplier_id
    order by p.book_id`;
  return [bookings, payments, options];
}

/** Fills the database at `url` (already migrated and seeded) and runs ANALYZE. */
export async function fillBookings(url: string, o: FillOptions): Promise<FillReport> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000, query_timeout: 600_000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('set synchronous_commit = off');
    await client.query('select setseed($1)', [o.seed ?? 0.2026]);
    const next = await client.query<{ n: number }>('select coalesce(max(id), 0) + 1 as n from bookings');
    const firstNewId = Number(next.rows[0]?.n ?? 1);
    const t0 = performance.now();
    await client.query('begin');
    for (const statement of statements(o, firstNewId)) await client.query(statement);
    await client.query('commit');
    const insertMs = performance.now() - t0;
    const t1 = performance.now();
    await client.query('analyze');
    const analyzeMs = performance.now() - t1;

    const count = async (q: string) => Number((await client.query<{ n: string }>(q)).rows[0]?.n ?? 0);
    const where = `where id >= ${firstNewId}`;
    const per = await client.query<{ id: number; name: string; rooms: string; capacity: string; n: string }>(`
      select a.id, a.name, (select count(*) from rooms r where r.accommodation_id = a.id) as rooms,
        (select coalesce(sum(max_num), 0) from rooms r where r.accommodation_id = a.id) as capacity,
        (select count(*) from bookings b where b.accommodation_id = a.id and b.id >= ${firstNewId}) as n
      from accommodations a order by a.id`);
    const range = await client.query<{ first: string; last: string }>(
      `select min(start_date)::text as first, max(start_date)::text as last from bookings ${where}`,
    );
    const sizes = await client.query<{ t: string; rows: string; bytes: string }>(`
      select c.relname as t, c.reltuples::bigint as rows, pg_total_relation_size(c.oid) as bytes
      from pg_class c where c.relname in ('bookings', 'payments', 'booking_options') order by c.relname`);
    return {
      bookings: await count(`select count(*) as n from bookings ${where}`),
      live: await count(`select count(*) as n from bookings ${where} and delete_flg = 0`),
      cancelled: await count(`select count(*) as n from bookings ${where} and delete_flg = 1`),
      payments: await count(`select count(*) as n from payments where book_id >= ${firstNewId}`),
      bookingOptions: await count(`select count(*) as n from booking_options where book_id >= ${firstNewId}`),
      perAccommodation: per.rows.map((r) => ({
        accommodationId: r.id,
        name: r.name,
        rooms: Number(r.rooms),
        capacity: Number(r.capacity),
        bookings: Number(r.n),
      })),
      firstStart: range.rows[0]?.first ?? '',
      lastStart: range.rows[0]?.last ?? '',
      insertMs,
      analyzeMs,
      tableSizes: sizes.rows.map((r) => ({ table: r.t, rows: Number(r.rows), totalBytes: Number(r.bytes) })),
    };
  } catch (e) {
    await client.query('rollback').catch(() => undefined);
    throw e;
  } finally {
    await client.end().catch(() => undefined);
  }
}
