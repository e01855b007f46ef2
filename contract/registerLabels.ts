/**
 * The guest register's words (issue 30), without zod: the console's messages (i18n/ja.ts) read them
 * in its first load. contract/guestRegister.ts holds the rules.
 */

/** The Japanese name of each item, as the forms, the missing lists and the history say it. */
export const REGISTER_FIELD_LABELS = {
  representative: '代表者',
  name: '氏名',
  address: '住所',
  contact: '連絡先',
  occupation: '職業',
  nationality: '国籍',
  residence_country: '居住国',
  passport_number: '旅券番号',
  passport_copy: '旅券の写し',
  has_passport_copy: '旅券の写し',
  same_as_representative: '代表者と同じ住所・連絡先',
  gender: '性別',
  age: '年齢',
  previous_stay: '前泊地',
  next_destination: '行先地',
  arrival_time: '到着日時',
  departure_time: '出発日時',
  room: '客室',
} as const;

/** A guest who is not the representative (the register's 種別: 代表者 / 同行者). */
export const COMPANION_LABEL = '同行者';

export const LICENCE_LABELS: Record<'ryokan' | 'minpaku' | 'tokku', string> = {
  ryokan: '旅館業（ホテル・旅館・簡易宿所）',
  minpaku: '住宅宿泊事業（民泊）',
  tokku: '特区民泊',
};

export const FIELD_MODE_LABELS: Record<'off' | 'optional' | 'required', string> = {
  off: '使わない',
  optional: '任意',
  required: '必須',
};

export const GENDER_LABELS: Record<'male' | 'female' | 'other', string> = {
  male: '男性',
  female: '女性',
  other: 'その他',
};

/** The grounds on which a lodging may refuse a guest (旅館業法5条1項, as amended 2023-12-13), as the refusal log names them. */
export const REFUSAL_GROUND_LABELS: Record<
  'specified_infection' | 'illegal_conduct' | 'burdensome_demands' | 'no_vacancy_or_ordinance',
  string
> = {
  specified_infection: '特定感染症の患者等である（5条1項1号）',
  illegal_conduct: '賭博その他の違法行為・風紀を乱す行為のおそれ（同2号）',
  burdensome_demands: '過重な負担となる要求の繰り返し（同3号）',
  no_vacancy_or_ordinance: '満室・条例で定める事由（同4号）',
};
