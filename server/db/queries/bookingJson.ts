import { sql, type SQL } from 'drizzle-orm';

/**
 * A booking as the API answers it, built by PostgreSQL itself (json_build_object), with its room
 * and plan names, payments, options and refunds. The list and the detail share it; the server passes the
 * JSON text through without parsing it again, so a calendar of thousands of bookings costs little
 * more than the query. Expects `bookings b`, `rooms r` and `plans p` in the FROM clause.
 */
/** A timestamp column as ISO 8601 text in Tokyo time (2026-04-01T09:00:00.000+09:00). */
export const tokyoIso = (column: string) =>
  `to_char(${column} at time zone 'Asia/Tokyo', 'YYYY-MM-DD"T"HH24:MI:SS.MS"+09:00"')`;

export const bookingJson: SQL = sql.raw(`json_build_object(
  'id', b.id, 'accommodation_id', b.accommodation_id, 'room_id', b.room_id, 'plan_id', b.plan_id,
  'name', b.name, 'mail', b.mail, 'address', b.address, 'tel', b.tel, 'job', b.job,
  'mini_memo', b.mini_memo, 'memo', b.memo,
  'start_date', b.start_date::text, 'end_date', b.end_date::text, 'days', b.days,
  'person_number', b.person_number, 'price', b.price, 'price_sub', b.price_sub,
  'payment_limit_date', b.payment_limit_date::text, 'uid', b.uid, 'via', b.via, 'external_id', b.external_id, 'sync', b.sync, 'overbooked', b.overbooked,
  'minpaku_over', b.minpaku_over, 'children_under_12', b.children_under_12, 'school_trip', b.school_trip, 'tax_due', b.tax_due,
  'delete_flg', b.delete_flg, 'deleted_at', ${tokyoIso('b.deleted_at')}, 'cancel_fee', b.cancel_fee,
  'status', b.status, 'stay_status', b.stay_status, 'checked_in_at', ${tokyoIso('b.checked_in_at')},
  'checked_out_at', ${tokyoIso('b.checked_out_at')}, 'created_at', ${tokyoIso('b.created_at')}, 'updated_at', ${tokyoIso('b.updated_at')},
  'room_name', r.name, 'plan_name', p.name, 'plan_icon', p.icon,
  'payments', coalesce((select json_agg(json_build_object(
      'id', pm.id, 'payment_exe_date', pm.payment_exe_date::text, 'book_id', pm.book_id,
      'amount', pm.amount, 'pay_type', pm.pay_type, 'mail', pm.mail, 'transaction_id', pm.transaction_id
    ) order by pm.id) from payments pm where pm.book_id = b.id and pm.voided_at is null), '[]'::json),
  'options', coalesce((select json_agg(json_build_object(
      'id', bo.id, 'option_id', bo.option_id, 'unit', bo.unit, 'days', bo.days, 'comment', bo.comment,
      'paid_at', ${tokyoIso('bo.paid_at')}, 'name', bo.name, 'price', bo.price, 'supplier', bo.supplier_name
    ) order by bo.id) from booking_options bo where bo.book_id = b.id), '[]'::json),
  'refunds', coalesce((select json_agg(json_build_object(
      'id', rf.id, 'book_id', rf.book_id, 'payment_id', rf.payment_id, 'amount', rf.amount, 'created_at', ${tokyoIso('rf.created_at')}
    ) order by rf.id) from refunds rf where rf.book_id = b.id), '[]'::json)
)`);

export const bookingFrom: SQL = sql.raw(
  'from bookings b join rooms r on r.id = b.room_id left join plans p on p.id = b.plan_id',
);
