import { sql, type SQL } from 'drizzle-orm';
import { BOOK_SEARCH_PARTIAL_MIN } from '../../../contract/booking';
import { nameSearchKey, telSearchKey } from '../schema/searchKeys';

/**
 * The booking search's one box (GET /admin/books?q=, issue 19): what a text typed by staff for a
 * guest who calls matches, each kind through an index of migration 0009.
 *
 * - 3 characters or more: part of the name (trigrams on nameSearchKey), part of the mail
 *   (trigrams), the booking site's reservation number whole or its end (a btree prefix of the
 *   number written backwards, issue 32), part of the phone's digits when the text is a phone number (trigrams on
 *   telSearchKey: typed with or without hyphens, stored with or without), and the confirmation
 *   number (the start of uid, btree).
 * - 1 or 2 characters have no trigram to look up: the start of the name (a family name such as
 *   佐藤) and the confirmation number, both btree prefixes. The console says so under the box.
 * - A confirmation number (3 characters 0-9 a-f, the start of uid that staff read out) is that
 *   number, or part of a name (ABE), never part of a phone or a mail: 3 digits are in one phone
 *   of about 100, so a phone or mail arm held thousands of bookings at 1,000,000 and the search
 *   read them all to find the latest 200 (60 ms); the uid prefix holds 1 booking in 4,096.
 * - A whole uid (16 characters 0-9 a-f) is that booking alone (the unique index).
 *
 * A search answers BOOK_SEARCH_LIMIT bookings at most (contract/booking.ts).
 */

/** What a typed text is searched as: the name's and the mail's text, the phone's digits, a uid start. */
export interface SearchTerms {
  /** NFKC, without spaces, lower case: compared with nameSearchKey and the mail. */
  text: string;
  /** The digits, when the text is a phone number (digits and phone punctuation only). */
  digits: string | null;
  /** The text as the start of a uid (hexadecimal), else null. */
  uidPrefix: string | null;
}

// Hyphens and dashes staff type in a phone number (NFKC leaves these apart from '-').
const PHONE = /^[0-9\s()+\-\u2010-\u2015\u2212\u30fc]+$/;

export function searchTerms(q: string): SearchTerms {
  const nfkc = q.normalize('NFKC').trim();
  const text = nfkc.replace(/\s+/g, '').toLowerCase();
  const digits = PHONE.test(nfkc) ? nfkc.replace(/\D/g, '') : '';
  return {
    text,
    digits: digits.length >= BOOK_SEARCH_PARTIAL_MIN ? digits : null,
    uidPrefix: /^[0-9a-f]+$/.test(text) ? text : null,
  };
}

/** The confirmation number: the first characters of uid (spec "Booking detail"). */
export const CONFIRMATION_NUMBER_LENGTH = 3;
/** A uid's length (server/services/bookings.ts newUid: 8 random bytes in hexadecimal). */
export const UID_LENGTH = 16;

/** Printable ASCII: what a mail address's part is written in. */
const ASCII = /^[\x21-\x7e]+$/;

/** The text written backwards (the site number's index holds it so). */
const reversed = (s: string) => [...s].reverse().join('');

/** LIKE's wildcards typed by staff are plain characters. */
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The condition on `bookings b` for the search box, or null when nothing is left to search. */
export function searchCondition(q: string): SQL | null {
  const t = searchTerms(q);
  if (t.text === '') return null;
  const name = nameSearchKey(sql.raw('b.name'));
  const like = escapeLike(t.text);
  if (t.uidPrefix?.length === UID_LENGTH) return sql`b.uid = ${t.uidPrefix}`;
  if (t.uidPrefix?.length === CONFIRMATION_NUMBER_LENGTH) {
    return sql`(${name} like ${`%${like}%`} or b.uid like ${`${t.uidPrefix}%`})`;
  }
  const arms: SQL[] = [];
  if ([...t.text].length >= BOOK_SEARCH_PARTIAL_MIN) {
    arms.push(sql`${name} like ${`%${like}%`}`);
    // A mail is written in ASCII: kana or kanji are never part of one, and the arm would cost a
    // case-insensitive comparison on every row a frequent name's search passes over.
    if (ASCII.test(t.text)) arms.push(sql`b.mail ilike ${`%${like}%`}`);
    // The booking site's reservation number (IK73355684) a guest of a channel booking quotes, whole
    // or its end (73355684): the number written backwards starts with the text written backwards.
    if (ASCII.test(t.text)) arms.push(sql`reverse(lower(b.external_id)) like ${`${escapeLike(reversed(t.text))}%`}`);
  } else {
    arms.push(sql`${name} like ${`${like}%`}`);
  }
  if (t.digits) arms.push(sql`${telSearchKey(sql.raw('b.tel'))} like ${`%${t.digits}%`}`);
  if (t.uidPrefix) arms.push(sql`b.uid like ${`${t.uidPrefix}%`}`);
  return sql`(${sql.join(arms, sql` or `)})`;
}
