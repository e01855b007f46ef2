import type { CsvCell } from '../../contract/csvWriter';
import { countryName } from '../../contract/countries';
import type { Licence } from '../../contract/guestRegister';
import { COMPANION_LABEL, GENDER_LABELS, REGISTER_FIELD_LABELS as L } from '../../contract/registerLabels';
import { registerListMessages as msg, type RegisterRow } from '../../contract/registerList';

/**
 * The columns of a facility's guest register (宿泊者名簿, issue 30), one list for its CSV and its
 * PDF: a minpaku house's in the order of MLIT's electronic register, a ryokan's (and a special
 * zone's) with the law's items, then the ordinance's items the facility uses.
 */
export interface RegisterColumn {
  heading: string;
  cell: (r: RegisterRow) => CsvCell;
  /** The column's share of a printed page's width. */
  width: number;
}

const column = (heading: string, cell: RegisterColumn['cell'], width = 1): RegisterColumn => ({ heading, cell, width });

const kind = (r: RegisterRow) => (r.representative ? L.representative : COMPANION_LABEL);
const country = (code: string | null) => (code ? countryName(code) : null);
const name = (r: RegisterRow) => (r.entered ? r.name : msg.notEntered);

const MINPAKU_COLUMNS: readonly RegisterColumn[] = [
  column('宿泊開始日', (r) => r.start_date, 2),
  column('開始時刻', (r) => r.checked_in, 0.8),
  column('宿泊終了日', (r) => r.end_date, 2),
  column('終了時刻', (r) => r.checked_out, 0.8),
  column('宿泊日数', (r) => r.nights, 0.8),
  column('種別', kind, 0.8),
  column('グループ識別', (r) => r.confirmation, 1.1),
  column(L.name, name, 2),
  column(L.address, (r) => r.address, 3.6),
  column(L.occupation, (r) => r.occupation, 1.4),
  column(L.nationality, (r) => country(r.nationality), 1.3),
  column(L.passport_number, (r) => r.passport_number, 1.3),
];

const RYOKAN_COLUMNS: readonly RegisterColumn[] = [
  column('宿泊開始日', (r) => r.start_date, 2),
  column('到着時刻', (r) => r.checked_in, 0.8),
  column('宿泊終了日', (r) => r.end_date, 2),
  column('出発時刻', (r) => r.checked_out, 0.8),
  column('宿泊日数', (r) => r.nights, 0.8),
  column(L.room, (r) => r.room, 1.3),
  column('種別', kind, 0.8),
  column('確認番号', (r) => r.confirmation, 1),
  column(L.name, name, 1.8),
  column(L.address, (r) => r.address, 3.2),
  column(L.contact, (r) => r.contact, 1.8),
  column(L.nationality, (r) => country(r.nationality), 1.2),
  column(L.residence_country, (r) => country(r.residence_country), 1.2),
  column(L.passport_number, (r) => r.passport_number, 1.3),
  column(L.passport_copy, (r) => (r.has_passport_copy ? 'あり' : null), 0.9),
];

const EXTRA_COLUMNS: Record<'gender' | 'age' | 'previous_stay' | 'next_destination', RegisterColumn> = {
  gender: column(L.gender, (r) => (r.gender ? GENDER_LABELS[r.gender] : null), 0.7),
  age: column(L.age, (r) => r.age, 0.6),
  previous_stay: column(L.previous_stay, (r) => r.previous_stay, 1.3),
  next_destination: column(L.next_destination, (r) => r.next_destination, 1.3),
};

/** The columns of the facility's licence and the extra items it uses. */
export function registerColumns(settings: {
  licence: Licence;
  extra_fields: Record<string, string>;
}): readonly RegisterColumn[] {
  if (settings.licence === 'minpaku') return MINPAKU_COLUMNS;
  const extras = (Object.keys(EXTRA_COLUMNS) as (keyof typeof EXTRA_COLUMNS)[]).filter(
    (f) => settings.extra_fields[f] !== 'off',
  );
  return [...RYOKAN_COLUMNS, ...extras.map((f) => EXTRA_COLUMNS[f])];
}
