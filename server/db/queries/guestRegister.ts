import { sql, type SQL } from 'drizzle-orm';
import type { Guest, GuestInput, RegisterSettings } from '../../../contract/guestRegister';
import { sqlRows, type Tx } from '../client';
import { idList } from './ids';
import { tokyoIso } from './bookingJson';
import type { StayStatus } from '../../../contract/stay';

/** The register settings of a facility, as stored (the extra items not set are off: the service fills them). */
export interface StoredRegisterSettings {
  licence: RegisterSettings['licence'];
  notification_number: string | null;
  extra_fields: Record<string, string>;
}

export async function findRegisterSettings(tx: Tx, accommodationId: number, lock = false) {
  const rows = await sqlRows<StoredRegisterSettings>(
    tx,
    sql`select licence, notification_number, register_extra_fields as extra_fields
    from accommodations where id = ${accommodationId} ${lock ? sql`for update` : sql``}`,
  );
  return rows[0];
}

export async function updateRegisterSettings(tx: Tx, accommodationId: number, v: StoredRegisterSettings) {
  await tx.execute(sql`update accommodations set licence = ${v.licence}, notification_number = ${v.notification_number},
    register_extra_fields = ${JSON.stringify(v.extra_fields)}::jsonb, updated_at = now()
    where id = ${accommodationId}`);
}

/** What the register needs of a booking: its headcount, its stay, whether it is cancelled. */
export interface RegisterBooking {
  id: number;
  accommodation_id: number;
  person_number: number;
  start_date: string;
  end_date: string;
  delete_flg: number;
  stay_status: StayStatus;
  checked_in_at: string | null;
  checked_out_at: string | null;
  /** The total, which an early departure keeps. */
  price_sub: number;
}

/** A booking of the caller's facilities; with `lock`, its row locked (one writer of its guests at a time). */
export async function findRegisterBooking(tx: Tx, id: number, accommodationIds: readonly number[], lock = false) {
  if (accommodationIds.length === 0) return undefined;
  const rows = await sqlRows<RegisterBooking>(
    tx,
    sql`select id, accommodation_id, person_number, start_date::text, end_date::text, delete_flg, stay_status, price_sub,
      ${sql.raw(tokyoIso('checked_in_at'))} as checked_in_at, ${sql.raw(tokyoIso('checked_out_at'))} as checked_out_at
    from bookings where id = ${id} and accommodation_id in (${idList(accommodationIds)})
    ${lock ? sql`for update` : sql``}`,
  );
  return rows[0];
}

/** A guest as the API answers it (guestSchema). */
const guestColumns = sql.raw(`id, representative, name, address, contact, occupation, nationality, residence_country,
  passport_number, exists (select 1 from booking_guest_passports p where p.guest_id = booking_guests.id)
    as has_passport_copy, same_as_representative, gender, age, previous_stay, next_destination,
  arrival_time, departure_time, room`);

/** The guests of a booking, the representative first, then in the order they were entered. */
export async function listGuests(tx: Tx, bookingId: number) {
  return sqlRows<Guest>(
    tx,
    sql`select ${guestColumns} from booking_guests where booking_id = ${bookingId}
    order by representative desc, id`,
  );
}

/** The stored column of each guest item that the API names. */
const COLUMNS: Record<keyof Omit<GuestInput, 'representative'>, string> = {
  name: 'name',
  address: 'address',
  contact: 'contact',
  occupation: 'occupation',
  nationality: 'nationality',
  residence_country: 'residence_country',
  passport_number: 'passport_number',
  same_as_representative: 'same_as_representative',
  gender: 'gender',
  age: 'age',
  previous_stay: 'previous_stay',
  next_destination: 'next_destination',
  arrival_time: 'arrival_time',
  departure_time: 'departure_time',
  room: 'room',
};

/** The item columns a write names, with their values (an item not named is left out). */
function itemValues(values: Partial<GuestInput>): [SQL, SQL][] {
  return (Object.keys(COLUMNS) as (keyof typeof COLUMNS)[])
    .filter((key) => values[key] !== undefined)
    .map((key) => [sql.raw(COLUMNS[key]), sql`${values[key]}`]);
}

export async function insertGuest(tx: Tx, bookingId: number, representative: boolean, values: GuestInput) {
  const items = itemValues(values);
  const rows = await sqlRows<Guest>(
    tx,
    sql`insert into booking_guests (booking_id, representative, ${sql.join(
      items.map(([c]) => c),
      sql`, `,
    )})
    values (${bookingId}, ${representative}, ${sql.join(
      items.map(([, v]) => v),
      sql`, `,
    )})
    returning ${guestColumns}`,
  );
  return rows[0]!;
}

export async function updateGuest(tx: Tx, id: number, values: Partial<GuestInput>) {
  const set = itemValues(values).map(([c, v]) => sql`${c} = ${v}`);
  if (values.representative !== undefined) set.push(sql`representative = ${values.representative}`);
  const rows = await sqlRows<Guest>(
    tx,
    sql`update booking_guests set ${sql.join([...set, sql`updated_at = now()`], sql`, `)}
    where id = ${id} returning ${guestColumns}`,
  );
  return rows[0]!;
}

export async function deleteGuest(tx: Tx, id: number) {
  await tx.execute(sql`delete from booking_guests where id = ${id}`);
}

/** No representative for the booking (before another guest becomes it). */
export async function clearRepresentative(tx: Tx, bookingId: number) {
  await tx.execute(sql`update booking_guests set representative = false, updated_at = now()
    where booking_id = ${bookingId} and representative`);
}

/** Makes the first guest entered the representative, when the booking has guests and none is. */
export async function electRepresentative(tx: Tx, bookingId: number) {
  await tx.execute(sql`update booking_guests set representative = true, updated_at = now()
    where id = (select id from booking_guests where booking_id = ${bookingId} order by id limit 1)
      and not exists (select 1 from booking_guests where booking_id = ${bookingId} and representative)`);
}

/** Moves a booking's stay to `status`, stamping the arrival or the departure now; answers the three. */
export async function setStayStatus(tx: Tx, id: number, status: StayStatus) {
  const stamp =
    status === 'checked_in'
      ? sql`, checked_in_at = now()`
      : status === 'checked_out'
        ? sql`, checked_out_at = now()`
        : sql``;
  const rows = await sqlRows<Pick<RegisterBooking, 'stay_status' | 'checked_in_at' | 'checked_out_at'>>(
    tx,
    sql`update bookings set stay_status = ${status}, updated_at = now() ${stamp} where id = ${id}
    returning stay_status, ${sql.raw(tokyoIso('checked_in_at'))} as checked_in_at,
      ${sql.raw(tokyoIso('checked_out_at'))} as checked_out_at`,
  );
  return rows[0]!;
}

/** Keeps the copy of a guest's passport, replacing the one before. */
export async function putPassport(tx: Tx, guestId: number, content: Uint8Array, mediaType: string) {
  await tx.execute(sql`insert into booking_guest_passports (guest_id, content, media_type)
    values (${guestId}, ${content}, ${mediaType})
    on conflict (guest_id) do update set content = excluded.content, media_type = excluded.media_type,
      uploaded_at = now()`);
}

export async function findPassport(tx: Tx, guestId: number) {
  const rows = await sqlRows<{ content: Uint8Array; media_type: string }>(
    tx,
    sql`select content, media_type from booking_guest_passports where guest_id = ${guestId}`,
  );
  return rows[0];
}

/** A guest row of a facility's register over dates, before the guests not entered are added. */
export interface StoredRegisterRow {
  book_id: number;
  uid: string;
  start_date: string;
  end_date: string;
  person_number: number;
  checked_in: string | null;
  checked_out: string | null;
  room_type: string | null;
  guest: (Guest & { room: string | null }) | null;
}

/**
 * The stays of a facility whose nights meet `from`..`to` (both included), live and not a no-show,
 * by arrival, each with its guests (the representative first); a stay with none has one row with
 * `guest` null.
 */
/** The statement of registerRows (the scale benchmark times it alone). */
export const registerRowsSql = (accommodationId: number, from: string, to: string) =>
  sql`select b.id as book_id, b.uid, b.start_date::text, b.end_date::text, b.person_number,
      to_char(b.checked_in_at at time zone 'Asia/Tokyo', 'HH24:MI') as checked_in,
      to_char(b.checked_out_at at time zone 'Asia/Tokyo', 'HH24:MI') as checked_out,
      r.name as room_type,
      case when g.id is null then null else json_build_object('id', g.id, 'representative', g.representative, 'name', g.name,
          'address', g.address, 'contact', g.contact, 'occupation', g.occupation, 'nationality', g.nationality,
          'residence_country', g.residence_country, 'passport_number', g.passport_number,
          'has_passport_copy', exists (select 1 from booking_guest_passports p where p.guest_id = g.id),
          'same_as_representative', g.same_as_representative, 'gender', g.gender, 'age', g.age,
          'previous_stay', g.previous_stay, 'next_destination', g.next_destination, 'arrival_time', g.arrival_time,
          'departure_time', g.departure_time, 'room', g.room) end as guest
    from bookings b
    left join rooms r on r.id = b.room_id
    left join booking_guests g on g.booking_id = b.id
    where b.accommodation_id = ${accommodationId} and b.delete_flg = 0 and b.stay_status <> 'no_show'
      and b.start_date <= ${to}::date and b.end_date > ${from}::date
    order by b.start_date, b.id, g.representative desc nulls last, g.id`;

export async function registerRows(tx: Tx, accommodationId: number, from: string, to: string) {
  return sqlRows<StoredRegisterRow>(tx, registerRowsSql(accommodationId, from, to));
}

/** A stay whose register's keeping has ended: its guests are removed by the retention job. */
export interface ExpiredRegister {
  book_id: number;
  accommodation_id: number;
  company_id: number;
  guests: number;
}

/**
 * Removes the guests (and, with them, their passport copies) of the stays that ended before
 * `date` (yyyy-MM-dd), and blanks what the audit kept of them; answers each stay with its count.
 */
export async function purgeRegistersEndedBefore(tx: Tx, date: string): Promise<ExpiredRegister[]> {
  const purged = await sqlRows<ExpiredRegister>(
    tx,
    sql`with gone as (
      delete from booking_guests g using bookings b
      where b.id = g.booking_id and b.end_date < ${date}
      returning b.id as book_id, b.accommodation_id
    )
    select gone.book_id, gone.accommodation_id, a.company_id, count(*)::int as guests
    from gone join accommodations a on a.id = gone.accommodation_id
    group by gone.book_id, gone.accommodation_id, a.company_id order by gone.book_id`,
  );
  if (purged.length > 0) {
    await tx.execute(sql`update audit_log set changes = '{"purged":{"from":null,"to":true}}'::jsonb
      where target_type in ('booking_guest', 'booking_guest_passport')
        and book_id in (${idList(purged.map((p) => p.book_id))})`);
  }
  return purged;
}

/** A booking with its facility's register settings and its guests: what its register's state needs. */
export interface BookingRegisterFacts {
  id: number;
  accommodation_id: number;
  person_number: number;
  settings: StoredRegisterSettings;
  guests: Guest[];
}

/** The bookings of these ids that the caller's facilities hold, each with its settings and guests. */
export async function registerFactsOf(tx: Tx, ids: readonly number[], accommodationIds: readonly number[]) {
  if (ids.length === 0 || accommodationIds.length === 0) return [];
  return sqlRows<BookingRegisterFacts>(
    tx,
    sql`select b.id, b.accommodation_id, b.person_number,
      json_build_object('licence', a.licence, 'notification_number', a.notification_number,
        'extra_fields', a.register_extra_fields) as settings,
      coalesce((select json_agg(g order by g.representative desc, g.id) from (
        select ${guestColumns} from booking_guests where booking_guests.booking_id = b.id) g), '[]'::json) as guests
    from bookings b join accommodations a on a.id = b.accommodation_id
    where b.id in (${idList(ids)}) and b.accommodation_id in (${idList(accommodationIds)})
    order by b.id`,
  );
}
