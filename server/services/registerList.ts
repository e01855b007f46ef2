import { confirmationNumber } from '../../contract/booking';
import { toCsv, type CsvCell } from '../../contract/csvWriter';
import { countryName } from '../../contract/countries';
import { daysBetween } from '../../contract/dates';
import type { Licence } from '../../contract/guestRegister';
import { COMPANION_LABEL, GENDER_LABELS, REGISTER_FIELD_LABELS as L } from '../../contract/registerLabels';
import { registerListMessages as msg, type RegisterRow } from '../../contract/registerList';
import type { Db } from '../db/client';
import * as q from '../db/queries/guestRegister';
import { notFound } from '../errors';
import { assertAccommodation } from './access';
import { audit } from './audit';
import type { CurrentUser } from './auth';
import { settingsOf } from './guestRegister';

/**
 * A facility's guest register over dates (宿泊者名簿, issue 30): every guest of each stay whose nights
 * meet the dates, a companion living with the representative with the representative's address and
 * contact, and a row for each guest of the headcount not entered yet. Reading it is a disclosure of
 * guests' data: each read leaves an audit row (who, when, which dates, how many rows).
 */
export async function readRegister(db: Db, user: CurrentUser, accommodationId: number, from: string, to: string) {
  assertAccommodation(user, accommodationId);
  const stored = await q.findRegisterSettings(db, accommodationId);
  if (!stored) throw notFound();
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
  return { settings: settingsOf(stored), rows };
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

type Column = readonly [heading: string, cell: (r: RegisterRow) => CsvCell];

const kind = (r: RegisterRow) => (r.representative ? L.representative : COMPANION_LABEL);
const country = (code: string | null) => (code ? countryName(code) : null);
const name = (r: RegisterRow) => (r.entered ? r.name : msg.notEntered);

/** MLIT's electronic register (電子宿泊者名簿) of a minpaku house, in its column order. */
const MINPAKU_COLUMNS: readonly Column[] = [
  ['宿泊開始日', (r) => r.start_date],
  ['開始時刻', (r) => r.checked_in],
  ['宿泊終了日', (r) => r.end_date],
  ['終了時刻', (r) => r.checked_out],
  ['宿泊日数', (r) => r.nights],
  ['種別', kind],
  ['グループ識別', (r) => r.confirmation],
  [L.name, name],
  [L.address, (r) => r.address],
  [L.occupation, (r) => r.occupation],
  [L.nationality, (r) => country(r.nationality)],
  [L.passport_number, (r) => r.passport_number],
];

/** A ryokan's (and a special zone's) register: the law's items, then the ordinance's the facility uses. */
const RYOKAN_COLUMNS: readonly Column[] = [
  ['宿泊開始日', (r) => r.start_date],
  ['到着時刻', (r) => r.checked_in],
  ['宿泊終了日', (r) => r.end_date],
  ['出発時刻', (r) => r.checked_out],
  ['宿泊日数', (r) => r.nights],
  [L.room, (r) => r.room],
  ['種別', kind],
  ['確認番号', (r) => r.confirmation],
  [L.name, name],
  [L.address, (r) => r.address],
  [L.contact, (r) => r.contact],
  [L.nationality, (r) => country(r.nationality)],
  [L.residence_country, (r) => country(r.residence_country)],
  [L.passport_number, (r) => r.passport_number],
  [L.passport_copy, (r) => (r.has_passport_copy ? 'あり' : null)],
];

const EXTRA_COLUMNS: Record<'gender' | 'age' | 'previous_stay' | 'next_destination', Column> = {
  gender: [L.gender, (r) => (r.gender ? GENDER_LABELS[r.gender] : null)],
  age: [L.age, (r) => r.age],
  previous_stay: [L.previous_stay, (r) => r.previous_stay],
  next_destination: [L.next_destination, (r) => r.next_destination],
};

/** The register as CSV (BOM, CRLF, formula cells neutralised), in the columns of the facility's licence. */
export function registerCsvText(
  settings: { licence: Licence; extra_fields: Record<string, string> },
  rows: readonly RegisterRow[],
): string {
  const columns =
    settings.licence === 'minpaku'
      ? MINPAKU_COLUMNS
      : [
          ...RYOKAN_COLUMNS,
          ...(Object.keys(EXTRA_COLUMNS) as (keyof typeof EXTRA_COLUMNS)[])
            .filter((f) => settings.extra_fields[f] !== 'off')
            .map((f) => EXTRA_COLUMNS[f]),
        ];
  return toCsv(
    columns.map(([heading]) => heading),
    rows.map((r) => columns.map(([, cell]) => cell(r))),
  );
}

/** The file's names: ASCII for every client, the Japanese one for those that read filename*. */
export const registerCsvNames = (from: string, to: string) => {
  const span = `${from.replaceAll('-', '')}-${to.replaceAll('-', '')}`;
  return { ascii: `guest-register-${span}.csv`, utf8: `宿泊者名簿_${span}.csv` };
};
