import { REGISTER_FIELD_LABELS, GENDER_LABELS } from '../../../../contract/registerLabels';
import { dateJa } from '../../../../contract/dates';
import type { GuestField } from '../guestForm';

/**
 * The guest's pre-check-in page in Japanese and English (issue 30): a guest from abroad reads the
 * page in English, a guest from Japan in Japanese, and either may switch. The Japanese item names
 * are the register's own (contract/registerLabels.ts).
 */
export type Language = 'ja' | 'en';

type ItemField = Exclude<GuestField, 'representative' | 'room'>;

const EN_FIELD_LABELS: Record<ItemField | 'passport_copy', string> = {
  name: 'Full name',
  address: 'Home address',
  contact: 'Phone or e-mail',
  occupation: 'Occupation',
  nationality: 'Nationality',
  residence_country: 'Country of residence',
  passport_number: 'Passport number',
  passport_copy: 'Photo of your passport',
  same_as_representative: 'Same address and contact as the first guest',
  gender: 'Gender',
  age: 'Age',
  previous_stay: 'Where you stayed the night before',
  next_destination: 'Where you go next',
  arrival_time: 'Arrival (date and time)',
  departure_time: 'Departure (date and time)',
};

/** What a field's error says: the value is not of the right form. */
const EN_FIELD_ERRORS: Partial<Record<ItemField, string>> = {
  name: 'Enter a name of at most 100 characters.',
  address: 'Enter an address of at most 200 characters.',
  contact:
    'Enter a phone number (digits, spaces, hyphens, brackets and a leading +) or an e-mail address, at most 200 characters.',
  occupation: 'Enter an occupation of at most 100 characters.',
  nationality: 'Choose a country from the list.',
  residence_country: 'Choose a country from the list.',
  passport_number: 'Enter the passport number: 6 to 20 letters and digits.',
  age: 'Enter an age from 0 to 130.',
  arrival_time: 'Enter a real date and time.',
  departure_time: 'Enter a real date and time.',
};

const ja = {
  language: 'English',
  title: '事前チェックイン',
  intro:
    'ご到着の前に、ご宿泊の皆さまのお名前とご連絡先をご入力ください。宿泊者名簿への記入は法律（旅館業法・住宅宿泊事業法）で定められています。',
  stay: (from: string, to: string, nights: number) => `${from} 〜 ${to}（${nights}泊）`,
  people: (n: number) => `${n}名様`,
  guest: (i: number) => (i === 0 ? `宿泊者 1（代表者）` : `宿泊者 ${i + 1}`),
  field: (f: ItemField | 'passport_copy'): string => REGISTER_FIELD_LABELS[f],
  required: '必須',
  contactHint: '電話番号またはメールアドレス',
  residenceHint: '日本にお住まいの方は「日本」を選んでください。',
  passportHint: '日本に住所のない外国籍の方は、旅券番号と旅券の写真が必要です。',
  choose: '選んでください',
  gender: GENDER_LABELS,
  takePhoto: 'カメラで撮影',
  chooseFile: 'ファイルを選ぶ',
  photoChosen: (name: string) => `選択済み：${name}`,
  photoType: '旅券の写しはJPEG・PNGの画像かPDFにしてください。',
  photoTooLarge: '旅券の写しは5MB以下にしてください。',
  missing: (label: string) => `${label}を入力してください。`,
  missingPhoto: '旅券の写真を撮るか、ファイルを選んでください。',
  invalid: (_field: ItemField, fallback: string) => fallback,
  fix: '入力内容をご確認ください。',
  sentBefore: (at: string) => `この予約の名簿は${at}に送信済みです。もう一度送信すると、前の内容と置き換わります。`,
  submit: '送信する',
  sending: '送信しています…',
  sent: '送信しました',
  sentText: 'ご記入ありがとうございました。ご到着を心よりお待ちしております。',
  edit: '入力内容を直す',
  notFound: 'このリンクは無効か、有効期限が切れています。宿泊施設にお問い合わせください。',
  failed: '送信できませんでした。通信状況をご確認のうえ、もう一度お試しください。',
  busy: 'アクセスが集中しています。1分ほどおいて、もう一度お試しください。',
};

const en: typeof ja = {
  language: '日本語',
  title: 'Online check-in',
  intro:
    'Before you arrive, please enter the details of everyone staying. Japanese law asks every lodging to keep a register of its guests.',
  stay: (from: string, to: string, nights: number) =>
    `${from} – ${to} (${nights} ${nights === 1 ? 'night' : 'nights'})`,
  people: (n: number) => `${n} ${n === 1 ? 'guest' : 'guests'}`,
  guest: (i: number) => (i === 0 ? 'Guest 1 (main guest)' : `Guest ${i + 1}`),
  field: (f: ItemField | 'passport_copy') => EN_FIELD_LABELS[f],
  required: 'required',
  contactHint: 'A phone number or an e-mail address',
  residenceHint: 'The country where you live.',
  passportHint: 'Guests of foreign nationality who live outside Japan give their passport number and a photo of it.',
  choose: 'Choose',
  gender: { male: 'Male', female: 'Female', other: 'Other' },
  takePhoto: 'Take a photo',
  chooseFile: 'Choose a file',
  photoChosen: (name: string) => `Chosen: ${name}`,
  photoType: 'The passport copy must be a JPEG or PNG image or a PDF.',
  photoTooLarge: 'The passport copy must be 5 MB or smaller.',
  missing: (label: string) => `${label} is required.`,
  missingPhoto: 'Take a photo of the passport or choose a file.',
  invalid: (field: ItemField, fallback: string) => EN_FIELD_ERRORS[field] ?? fallback,
  fix: 'Please check the highlighted fields.',
  sentBefore: (at: string) => `The register of this stay was sent on ${at}. Sending again replaces it.`,
  submit: 'Send',
  sending: 'Sending…',
  sent: 'Sent',
  sentText: 'Thank you. We look forward to welcoming you.',
  edit: 'Change what I sent',
  notFound: 'This link is not valid or has expired. Please contact the lodging.',
  failed: 'Could not send. Please check your connection and try again.',
  busy: 'Too many attempts. Please wait a minute and try again.',
};

export const words: Record<Language, typeof ja> = { ja, en };
export type Words = typeof ja;

/** The language the page opens in: the browser's, Japanese for a Japanese browser, English otherwise. */
export function firstLanguage(languages: readonly string[]): Language {
  return languages[0]?.toLowerCase().startsWith('ja') ? 'ja' : 'en';
}

/** A date as the page shows it: 2026年12月3日 or Dec 3, 2026. */
export function pageDate(date: string, language: Language): string {
  if (language === 'ja') return dateJa(date);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  });
}

/** An instant (yyyy-MM-ddTHH:mm..., Tokyo) as the page shows it: its date and its Tokyo time. */
export function pageDateTime(instant: string, language: Language): string {
  return `${pageDate(instant.slice(0, 10), language)} ${instant.slice(11, 16)}`;
}
