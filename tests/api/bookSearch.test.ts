import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { BOOK_SEARCH_MAX, bookingListQuerySchema, bookSearchMessages } from '../../contract/booking';
import { addDays, tokyoToday } from '../../contract/dates';
import { controlCharacterMessage } from '../../contract/fieldRules';
import { sqlRows } from '../../server/db/client';
import { bookingListSql } from '../../server/db/queries/bookings';
import { searchCondition } from '../../server/db/queries/bookingSearch';
import { planlessBooking, signedInSuite, type MadeBooking } from '../support/fixtures';

/**
 * The booking search's one box (GET /admin/books?q=, issue 19): a guest who calls is found by part
 * of the name, the phone with or without hyphens, part of the mail or the confirmation number,
 * across all dates unless a period is given, within what the user may reach.
 */
const api = signedInSuite();
const today = tokyoToday();

/** A booking without a plan (no prices needed, any date) through the API, as the console makes one. */
const book = (accommodationIndex: number, fields: Record<string, unknown>) =>
  planlessBooking(api, accommodationIndex, fields);

/** A booking of long ago, written as the data of an old system would be (the API books no past). */
async function bookLongAgo(name: string, start: string): Promise<number> {
  const [row] = await api.rows<{ id: number }>(sql`
    insert into bookings (accommodation_id, room_id, name, tel, start_date, end_date, days, person_number,
      price_sub, uid, via)
    select accommodation_id, room_id, ${name}, '03-1111-2222', ${start}::date, ${start}::date + 1, 1, 2, 9000,
      'longago' || id, via from bookings where accommodation_id = ${api.accommodations[0]!.id} order by id limit 1
    returning id`);
  return row!.id;
}

const search = (query: Record<string, string>, token = api.admin) =>
  api.http.get(`/api/admin/books?${new URLSearchParams(query)}`, token);
const idsOf = (res: { body: { books: { id: number }[] } }) => res.body.books.map((b) => b.id);

let kanji: MadeBooking;
let kana: MadeBooking;
let hyphened: MadeBooking;
let bare: MadeBooking;
let far: MadeBooking;
let pastId: number;
let other: MadeBooking;

beforeAll(async () => {
  const soon = addDays(today, 40);
  kanji = await book(0, { start_date: soon, name: '山之内 誠一郎', mail: 'kensaku.seiichiro@example.jp' });
  kana = await book(0, { start_date: addDays(soon, 1), name: 'ヤマノウチ　セイイチロウ' });
  hyphened = await book(0, { start_date: addDays(soon, 2), name: '電話 有線', tel: '090-4321-8765' });
  bare = await book(0, { start_date: addDays(soon, 3), name: '電話 無線', tel: '08055556666' });
  far = await book(0, { start_date: addDays(today, 700), name: '遠未来 予約子' });
  pastId = await bookLongAgo('遠過去 予約子', addDays(today, -3650));
  other = await book(1, { start_date: soon, name: '別館 探索者', tel: '070-9999-0001' });
});

describe('GET /admin/books?q= (the booking search box)', () => {
  it('finds part of a kanji name, typed with a space or without', async () => {
    const flat = (text: string) => text.replace(/[\s\u3000]/g, '');
    for (const q of ['山之内', '之内誠一', '山之内 誠', '内誠一郎']) {
      const res = await search({ q });
      expect(res.status).toBe(200);
      expect(idsOf(res)).toContain(kanji.id);
      expect(res.body.books.every((b: any) => flat(b.name).includes(flat(q)))).toBe(true);
    }
  });

  it('finds part of a kana name as typed, half-width kana too, and 1-2 characters by the start of the name', async () => {
    expect(idsOf(await search({ q: 'ノウチセイ' }))).toEqual([kana.id]);
    expect(idsOf(await search({ q: 'ﾉｳﾁ ｾｲ' }))).toEqual([kana.id]);
    // Hiragana is not katakana: the name is found as it was written.
    expect(idsOf(await search({ q: 'のうちせい' }))).toEqual([]);
    // Two characters have no trigram: the start of the name only.
    expect(idsOf(await search({ q: 'ヤマ' }))).toContain(kana.id);
    expect(idsOf(await search({ q: 'ノウ' }))).not.toContain(kana.id);
  });

  it('finds a phone typed without hyphens stored with them, and typed with hyphens stored without', async () => {
    expect(idsOf(await search({ q: '09043218765' }))).toEqual([hyphened.id]);
    expect(idsOf(await search({ q: '080-5555-6666' }))).toEqual([bare.id]);
    // Part of it, full-width digits, other dashes and spaces.
    expect(idsOf(await search({ q: '4321-8765' }))).toEqual([hyphened.id]);
    expect(idsOf(await search({ q: '０８０ー５５５５ー６６６６' }))).toEqual([bare.id]);
    expect(idsOf(await search({ q: '(080) 5555 6666' }))).toEqual([bare.id]);
  });

  it('finds part of a mail, in any case', async () => {
    expect(idsOf(await search({ q: 'KENSAKU.SEI' }))).toEqual([kanji.id]);
    expect(idsOf(await search({ q: 'seiichiro@exa' }))).toEqual([kanji.id]);
  });

  it("finds a channel booking by the booking site's reservation number, whole or its end, in any case (issue 32)", async () => {
    // A guest who booked on the site quotes its number: IK73355684.
    const site = await book(0, { name: 'サイト 予約者', start_date: addDays(today, 33) });
    await api.rows(sql`update bookings set via = 1, external_id = 'IK73355684' where id = ${site.id}`);
    // Whole, in any case; without the site's letters; its last digits, typed full-width.
    for (const q of ['IK73355684', 'ik73355684', '73355684', '５５６８４']) {
      const res = await search({ q });
      expect(res.status, q).toBe(200);
      expect(idsOf(res), q).toContain(site.id);
    }
    const found = (await search({ q: 'IK73355684' })).body.books.find((b: any) => b.id === site.id);
    expect(found.external_id).toBe('IK73355684');
    // Another number, and the middle of this one (no guest reads a number out from its middle).
    for (const q of ['IK73355685', '7335568']) expect(idsOf(await search({ q })), q).not.toContain(site.id);
  });

  it('finds the confirmation number (the start of uid) and the whole uid', async () => {
    const number = kanji.uid.slice(0, 3);
    const byNumber = await search({ q: number.toUpperCase() });
    expect(idsOf(byNumber)).toContain(kanji.id);
    // A number of digits only may also be part of a phone.
    const found = (b: any) =>
      b.uid.startsWith(number) ||
      `${b.name}${b.mail ?? ''}`.toLowerCase().includes(number) ||
      (b.tel ?? '').replace(/\D/g, '').includes(number);
    expect(byNumber.body.books.every(found)).toBe(true);
    expect(idsOf(await search({ q: kanji.uid }))).toEqual([kanji.id]);
  });

  it('takes 3 characters 0-9 a-f as a confirmation number (or part of a name), never part of a mail or phone', async () => {
    const number = kanji.uid.slice(0, 3);
    // The number inside another guest's mail and (when it is digits) phone, and a romaji name.
    const digits = /^\d{3}$/.test(number) ? number : '123';
    const lookalike = await book(0, {
      start_date: addDays(today, 45),
      name: '似寄 番号',
      mail: `x${number}y@example.jp`,
      tel: `090-1${digits}-0000`,
    });
    const romaji = await book(0, { start_date: addDays(today, 46), name: 'ABE TARO' });
    const byNumber = idsOf(await search({ q: number }));
    expect(byNumber).toContain(kanji.id);
    expect(byNumber).not.toContain(lookalike.id);
    expect(idsOf(await search({ q: 'abe' }))).toContain(romaji.id);
    // 4 characters or more are part of the mail, the phone and the name again.
    expect(idsOf(await search({ q: `x${number}y` }))).toEqual([lookalike.id]);
    expect(idsOf(await search({ q: `1${digits}0` }))).toContain(lookalike.id);
    // The whole uid is that booking, in any case.
    expect(idsOf(await search({ q: lookalike.uid.toUpperCase() }))).toEqual([lookalike.id]);
  });

  it('answers the latest made bookings first, at most the limit, whichever step of its reading finds them', async () => {
    const ids = api.accommodations.map((a) => a.id);
    // What the search must answer: every match, the latest made first, cut at the limit.
    const expected = async (q: string, limit: number) =>
      (
        await api.rows<{ id: number }>(
          sql`select b.id from bookings b where b.accommodation_id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )}) and b.delete_flg = 0 and ${searchCondition(q)!} order by b.id desc limit ${limit}`,
        )
      ).map((r) => r.id);
    const answered = async (q: string, reading: { recent: number; limit: number }) => {
      const [row] = await api.rows<{ books: string }>(
        bookingListSql(bookingListQuerySchema.parse({ q }), ids, reading),
      );
      return (JSON.parse(row!.books) as { books: { id: number }[] }).books.map((b) => b.id).sort((x, y) => y - x);
    };
    // The demo's guests' names: some held by many bookings, some by few, searched by 3 characters.
    const names = await api.rows<{ key: string; n: number }>(
      sql`select left(replace(name, ' ', ''), 3) as key, count(*)::int as n from bookings where delete_flg = 0
        group by 1 having count(*) >= 3 order by count(*) desc, 1 limit 3`,
    );
    expect(names.length).toBeGreaterThan(0);
    for (const { key, n } of names) {
      // The last few ids first, the limit found there, across the edge, or only among the older ones.
      for (const reading of [
        { recent: 1, limit: 2 },
        { recent: 5, limit: n },
        { recent: 1_000_000, limit: 2 },
        { recent: 0, limit: n + 1 },
      ]) {
        const want = await expected(key, reading.limit);
        expect(await answered(key, reading), `${key} ${JSON.stringify(reading)}`).toEqual(want);
      }
    }
  });

  it('searches every date when no period is given, and only the period when one is', async () => {
    expect(idsOf(await search({ q: '予約子' })).sort()).toEqual([far.id, pastId].sort());
    expect(idsOf(await search({ q: '予約子', stay_start_date: today, stay_end_date: addDays(today, 30) }))).toEqual([]);
    // Combined with the other filters: a facility, cancellations.
    expect(idsOf(await search({ q: '予約子', accommodation_id: String(api.accommodations[1]!.id) }))).toEqual([]);
    const cancel = await api.http.send('DELETE', `/api/admin/books/${far.id}`, { token: api.admin });
    expect(cancel.status).toBe(204);
    expect(idsOf(await search({ q: '遠未来' }))).toEqual([]);
    const withCancelled = await search({ q: '遠未来', with_deleted: 'true' });
    expect(idsOf(withCancelled)).toEqual([far.id]);
    expect(withCancelled.body.books[0].delete_flg).toBe(1);
  });

  it('never finds for staff a booking of an accommodation they are not granted', async () => {
    expect(idsOf(await search({ q: '探索者' }))).toEqual([other.id]);
    expect(idsOf(await search({ q: '探索者' }, api.staff))).toEqual([]);
    expect(idsOf(await search({ q: '07099990001' }, api.staff))).toEqual([]);
    expect(idsOf(await search({ q: other.uid }, api.staff))).toEqual([]);
    const asked = await search({ q: '探索者', accommodation_id: String(api.accommodations[1]!.id) }, api.staff);
    expect(asked.status).toBe(404);
    // Their own accommodation's guests they find.
    expect(idsOf(await search({ q: '山之内' }, api.staff))).toContain(kanji.id);
  });

  it('takes LIKE wildcards as the characters they are', async () => {
    for (const q of ['%%%', '___', '\\\\\\']) {
      const res = await search({ q });
      expect(res.status).toBe(200);
      expect(res.body.books).toEqual([]);
    }
  });

  it('refuses a text too long or holding control characters, and a period that ends before it starts, with 400', async () => {
    const long = await search({ q: 'あ'.repeat(BOOK_SEARCH_MAX + 1) });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ code: 'validation', errors: { q: bookSearchMessages.tooLong } });
    for (const q of ['山\u0000田', '山\u202e田', '山\n田']) {
      const bad = await search({ q });
      expect(bad.status).toBe(400);
      expect(bad.body.errors.q).toBe(controlCharacterMessage);
    }
    const order = await search({ stay_start_date: addDays(today, 5), stay_end_date: today });
    expect(order.status).toBe(400);
    expect(order.body.errors.stay_end_date).toBe(bookSearchMessages.order);
  });

  it('reads each kind through its index (the index expressions are the query’s)', async () => {
    const plan = async (q: string) => {
      const condition = searchCondition(q)!;
      return api.server.database.db.transaction(async (tx) => {
        // The demo data is small enough to read whole or through any index: leave the planner only
        // the bitmap scans a condition can drive, to show which indexes the search's can.
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_indexscan = off`);
        const rows = await sqlRows<Record<string, string>>(
          tx,
          sql`explain select b.id from bookings b where ${condition}`,
        );
        return rows.map((r) => Object.values(r)[0]).join('\n');
      });
    };
    const long = await plan('090-4321-8765');
    for (const index of ['bookings_name_trgm_idx', 'bookings_mail_trgm_idx', 'bookings_tel_trgm_idx']) {
      expect(long).toContain(index);
    }
    const short = await plan('ab');
    expect(short).toContain('bookings_name_prefix_idx');
    // Under the C collation (PGlite) the unique index serves a prefix too.
    expect(short).toMatch(/bookings_uid_(prefix_idx|key)/);
  });
});
