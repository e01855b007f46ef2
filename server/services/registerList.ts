import { confirmationNumber } from '../../contract/booking';
import { toCsv } from '../../contract/csvWriter';
import { daysBetween } from '../../contract/dates';
import type { Licence } from '../../contract/guestRegister';
import type { RegisterRow } from '../../contract/registerList';
import type { Db } from '../db/client';
import { listAccommodations } from '../db/queries/accommodations';
import * as q from '../db/queries/guestRegister';
import { notFound } from '../errors';
import { assertAccommodation } from './access';
import { audit } from './audit';
import type { CurrentUser } from './auth';
import { settingsOf } from './guestRegister';
import { registerColumns } from './registerColumns';

/**
 * A facility's guest register over dates (宿泊者名簿, issue 30): every guest of each stay whose nights
 * meet the dates, a companion living with the representative with the representative's address and
 * contact, and a row for each guest of the headcount not entered yet. Reading it is a disclosure of
 * guests' data: each read leaves an audit row (who, when, which dates, how many rows).
 */
export async function readRegister(db: Db, user: CurrentUser, accommodationId: number, from: string, to: string) {
  assertAccommodation(user, accommodationId);
  const stored = await q.findRegisterSettings(db, accommodationId);
  const [facility] = await listAccommodations(db, [accommodationId]);
  if (!stored || !facility) throw notFound();
  const rows = registerRowsOf(await q.registerRows(db, accommodationId, from, to));
  await db.transaction((tx) =>
    audit(tx, user, {
      action: 'view',
      target: 'guest_register',
      targetId: accommodationId,
      accommodationId,
      changes: { range: { from, to }, rows: { from: null, to: rows.length } },
    }),
  );
  return { facility: facility.name, settings: settingsOf(stored), rows };
}

/** The stored rows as the register's: shared items filled, the guests not entered added. */
function registerRowsOf(stored: readonly q.StoredRegisterRow[]): RegisterRow[] {
  const rows: RegisterRow[] = [];
  for (let i = 0; i < stored.length;) {
    const stay = stored[i]!;
    const guests = [];
    for (; i < stored.length && stored[i]!.book_id === stay.book_id; i++) {
      if (stored[i]!.guest) guests.push(stored[i]!.guest!);
    }
    const representative = guests.find((g) => g.representative);
    const base = {
      book_id: stay.book_id,
      confirmation: confirmationNumber(stay.uid),
      start_date: stay.start_date,
      end_date: stay.end_date,
      nights: daysBetween(stay.start_date, stay.end_date),
      checked_in: stay.checked_in,
      checked_out: stay.checked_out,
    };
    for (const g of guests) {
      const shared = g.same_as_representative && representative && representative.id !== g.id;
      rows.push({
        ...base,
        room: g.room ?? stay.room_type,
        entered: true,
        representative: g.representative,
        name: g.name,
        address: shared ? representative.address : g.address,
        contact: shared ? representative.contact : g.contact,
        occupation: g.occupation,
        nationality: g.nationality,
        residence_country: g.residence_country,
        passport_number: g.passport_number,
        has_passport_copy: g.has_passport_copy,
        gender: g.gender,
        age: g.age,
        previous_stay: g.previous_stay,
        next_destination: g.next_destination,
      });
    }
    for (let n = guests.length; n < stay.person_number; n++) {
      rows.push({
        ...base,
        room: stay.room_type,
        entered: false,
        representative: n === 0,
        name: null,
        address: null,
        contact: null,
        occupation: null,
        nationality: null,
        residence_country: null,
        passport_number: null,
        has_passport_copy: false,
        gender: null,
        age: null,
        previous_stay: null,
        next_destination: null,
      });
    }
  }
  return rows;
}

/** The register as CSV (BOM, CRLF, formula cells neutralised), in the columns of the facility's licence. */
export function registerCsvText(
  settings: { licence: Licence; extra_fields: Record<string, string> },
  rows: readonly RegisterRow[],
): string {
  const columns = registerColumns(settings);
  return toCsv(
    columns.map((c) => c.heading),
    rows.map((r) => columns.map((c) => c.cell(r))),
  );
}
