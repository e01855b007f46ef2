import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * The keys the booking search (GET /admin/books?q=) matches on, written once: the indexes of the
 * bookings table are built on these very expressions and the query compares with them, so that
 * PostgreSQL finds the index (it matches an index expression by its text as parsed). Not
 * re-exported from index.ts: the schema object holds tables and relations only.
 *
 * - The name: NFKC (half-width ｻﾄｳ reads サトウ, a full-width space a space), no spaces, lower
 *   case. Kana stay kana and kanji kanji: the guest is found as the staff type the name.
 * - The phone: its digits alone (NFKC first, so full-width ０９０ counts), so 090-1234-5678,
 *   09012345678 and (090) 1234 5678 are one number.
 */
export const nameSearchKey = (name: SQLWrapper): SQL => sql`lower(replace(normalize(${name}, NFKC), ' ', ''))`;
export const telSearchKey = (tel: SQLWrapper): SQL => sql`regexp_replace(normalize(${tel}, NFKC), '[^0-9]', '', 'g')`;
