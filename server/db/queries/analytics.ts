import { sql, type SQL } from 'drizzle-orm';
import { sqlRows, type Tx } from '../client';
import { idList } from './ids';

/**
 * The guest analysis of a range (contract/analytics.ts says what each figure is) as one statement
 * answering one row, `answer`: the JSON text `{ rows, total }`. Nothing is loaded into the process:
 * the bookings are read once (the `stays` CTE, materialised as it is used twice) through
 * bookings_accommodation_window_idx (accommodation_id, end_date, start_date), bounded by end_date >
 * the range's start, so a long history before the range is never read; each stay's options are
 * summed through booking_options_book_idx. The per-day series comes from generate_series over each
 * stay's nights inside the range, grouped by facility and night.
 *
 * The facility's rooms: `cap` (occupancy's denominator) is accommodations.room_number, or the sum
 * of its room types' max_num when room_number is 0; `rooms` (room nights available per day) is always
 * that sum.
 */
export function analyticsSql(accommodationIds: readonly number[], start: string, end: string): SQL {
  const ids = accommodationIds.length ? idList(accommodationIds) : sql`null`;
  return sql`
    with range as (
      select ${start}::date as rs, ${end}::date as re, (${end}::date - ${start}::date + 1) as n
    ),
    acc as (
      select a.id, a.name, a.short_name, a.color,
        coalesce((select sum(r.max_num) from rooms r where r.accommodation_id = a.id), 0)::bigint as rooms,
        a.room_number
      from accommodations a
      where a.id in (${ids})
    ),
    fac as (
      select acc.*, (case when acc.room_number > 0 then acc.room_number else acc.rooms end)::bigint as cap
      from acc
    ),
    stays as (
      select b.accommodation_id, b.start_date, b.end_date, b.days, b.price, b.price_sub, b.tax_due,
        (least(b.end_date, range.re + 1) - greatest(b.start_date, range.rs)) as nights,
        coalesce(
          (select sum(o.price::bigint * o.unit * o.days) from booking_options o where o.book_id = b.id), 0
        )::bigint as opt
      from bookings b, range
      where b.accommodation_id in (${ids}) and b.delete_flg = 0
        and b.end_date > range.rs and b.start_date <= range.re
    ),
    per as (
      select s.accommodation_id,
        count(*)::bigint as books,
        count(*) filter (where s.price >= s.price_sub + s.tax_due)::bigint as paid_books,
        sum(s.nights)::bigint as room_nights,
        round(sum(greatest(s.price_sub - s.opt, 0)::numeric * s.nights / s.days))::bigint as stay_amount,
        round(sum(s.opt::numeric * s.nights / s.days))::bigint as option_amount
      from stays s
      group by s.accommodation_id
    ),
    nightly as (
      select s.accommodation_id, (night.d)::date as night, count(*)::bigint as stays
      from stays s, range,
        generate_series(greatest(s.start_date, range.rs), least(s.end_date, range.re + 1) - 1, interval '1 day')
          as night(d)
      group by 1, 2
    ),
    series as (
      select f.id,
        json_agg(
          case when f.cap > 0 then round(100.0 * coalesce(nt.stays, 0) / f.cap)::int end order by day.d
        ) as days
      from fac f cross join range
        cross join generate_series(range.rs, range.re, interval '1 day') as day(d)
        left join nightly nt on nt.accommodation_id = f.id and nt.night = (day.d)::date
      group by f.id
    ),
    facility as (
      select f.id, f.name, f.short_name, f.color, f.cap, f.rooms, range.n,
        coalesce(p.books, 0) as books,
        coalesce(p.paid_books, 0) as paid_books,
        coalesce(p.room_nights, 0) as room_nights,
        coalesce(p.stay_amount, 0) as stay_amount,
        coalesce(p.option_amount, 0) as option_amount,
        sr.days
      from fac f cross join range
        left join per p on p.accommodation_id = f.id
        left join series sr on sr.id = f.id
    ),
    answer_rows as (
      select fy.*,
        case when fy.cap > 0 then round(100.0 * fy.books / (fy.cap * fy.n))::int end as occupancy,
        case when fy.rooms > 0 then round(1000.0 * fy.room_nights / (fy.rooms * fy.n)) / 10 end
          as room_night_occupancy,
        case when fy.room_nights > 0 then round(fy.stay_amount::numeric / fy.room_nights)::bigint end as adr,
        case when fy.rooms > 0 then round(fy.stay_amount::numeric / (fy.rooms * fy.n))::bigint end as revpar
      from facility fy
    ),
    sums as (
      select coalesce(sum(books), 0) as books, coalesce(sum(paid_books), 0) as paid_books,
        coalesce(sum(room_nights), 0) as room_nights, coalesce(sum(stay_amount), 0) as stay_amount,
        coalesce(sum(option_amount), 0) as option_amount,
        coalesce(sum(cap * n) filter (where cap > 0), 0) as cap_days,
        coalesce(sum(books) filter (where cap > 0), 0) as cap_books,
        coalesce(sum(rooms * n), 0) as room_days
      from answer_rows
    )
    select json_build_object(
      'start_date', ${start}::text, 'end_date', ${end}::text,
      'rows', coalesce(
        (select json_agg(json_build_object(
          'accommodation_id', r.id, 'name', r.name, 'short_name', r.short_name, 'color', r.color,
          'books', r.books, 'paid_books', r.paid_books, 'occupancy', r.occupancy,
          'stay_amount', r.stay_amount, 'option_amount', r.option_amount,
          'room_night_occupancy', r.room_night_occupancy, 'adr', r.adr, 'revpar', r.revpar,
          'room_nights', r.room_nights, 'days', r.days
        ) order by r.id) from answer_rows r),
        '[]'::json
      ),
      'total', json_build_object(
        'books', t.books, 'paid_books', t.paid_books,
        'occupancy', case when t.cap_days > 0 then round(100.0 * t.cap_books / t.cap_days)::int end,
        'stay_amount', t.stay_amount, 'option_amount', t.option_amount,
        'room_night_occupancy', case when t.room_days > 0 then round(1000.0 * t.room_nights / t.room_days) / 10 end,
        'adr', case when t.room_nights > 0 then round(t.stay_amount::numeric / t.room_nights)::bigint end,
        'revpar', case when t.room_days > 0 then round(t.stay_amount::numeric / t.room_days)::bigint end,
        'room_nights', t.room_nights
      )
    )::text as answer
    from sums t`;
}

/** The analysis as the JSON text the statement builds. */
export async function analyticsJson(
  tx: Tx,
  accommodationIds: readonly number[],
  start: string,
  end: string,
): Promise<string> {
  const rows = await sqlRows<{ answer: string }>(tx, analyticsSql(accommodationIds, start, end));
  return rows[0]!.answer;
}
