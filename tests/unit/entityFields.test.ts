import { describe, expect, it } from 'vitest';
import {
  BOOKING_TEXT_MAX,
  bookingCreateBodySchema,
  bookingCreateErrors,
  bookingTooLongMessages,
  bookingUpdateBodySchema,
  normaliseBookingCreate,
} from '../../contract/booking';
import { invoiceMessages, invoiceSettingsPatchSchema } from '../../contract/consumptionTax';
import { entities } from '../../contract/entities';
import { fieldEntries, fieldErrors, type AnyEntity } from '../../contract/entity';
import {
  isPhoneNumber,
  MAX_PHONE_LENGTH,
  maxLengthOf,
  normalisePhone,
  phoneMessage,
  phoneNumber,
} from '../../contract/fieldRules';
import { guestCreateSchema, guestUpdateSchema, registerMessages } from '../../contract/guestRegister';
import { publicGuestSchema } from '../../contract/precheckin';
import type { z } from '../../contract/zod';
import { validBookingInput } from '../support/bookingInput';

/**
 * One text rule, applied everywhere (issue 32): every phone field takes digits, spaces, hyphens,
 * parentheses and a leading + only, with one message; every free text has a length limit, said in
 * Japanese and shown on the form. The fields are walked from the entities' descriptions (their
 * create and update bodies), then the bodies of no description that hold a phone.
 */

const PHONES_OK = ['03-1234-5678', '+81 (3) 1234-5678', '09012345678', '(0557) 00-0000'];
const NOT_PHONES = [
  'abc-defg',
  '03-1234-5678 内線12',
  '81+3-1234',
  '+',
  '()- ',
  'TEL 03-1234-5678',
  '０３–１２３４‐５６７８x',
];
/** Longer than any limit (the longest: a mail template's body, 20,000). */
const HUGE = 'x'.repeat(100_001);

describe('the phone rule (contract/fieldRules.ts)', () => {
  it.each(PHONES_OK)('takes %s', (tel) => {
    expect(isPhoneNumber(tel)).toBe(true);
    expect(phoneNumber().safeParse(tel)).toEqual({ success: true, data: tel });
  });

  it.each(NOT_PHONES)('refuses %s with the one message', (tel) => {
    expect(isPhoneNumber(tel)).toBe(false);
    expect(
      phoneNumber()
        .safeParse(tel)
        .error?.issues.map((i) => i.message),
    ).toEqual([phoneMessage]);
  });

  it('takes what a Japanese keyboard types and stores it half-width, trimmed', () => {
    expect(normalisePhone('　０３－１２３４－５６７８ ')).toBe('03-1234-5678');
    expect(normalisePhone('＋８１（３）１２３４ー５６７８')).toBe('+81(3)1234-5678');
    expect(phoneNumber().parse('０９０−１２３４−５６７８')).toBe('090-1234-5678');
  });

  it('says a control character as such, and a number too long with its length', () => {
    expect(phoneNumber().safeParse('090\u001b1234').error?.issues[0]?.message).toMatch(/制御文字/);
    expect(phoneNumber().safeParse('0'.repeat(MAX_PHONE_LENGTH + 1)).error?.issues[0]?.message).toBe(
      '電話番号は30文字以内で入力してください',
    );
    expect(maxLengthOf(phoneNumber().nullable().optional())).toBe(MAX_PHONE_LENGTH);
  });
});

type Def = { type: string; innerType?: unknown; in?: unknown; shape?: Record<string, unknown> };
const defOf = (s: unknown) => (s as { _zod?: { def: Def } } | undefined)?._zod?.def;
/** The schema beneath optional, nullable, default and a pipe's input. */
function unwrap(schema: unknown): unknown {
  let s = schema;
  while (s && ['optional', 'nullable', 'default', 'pipe', 'readonly'].includes(defOf(s)!.type)) {
    s = defOf(s)!.innerType ?? defOf(s)!.in;
  }
  return s;
}
/** The fields of a body that take a string, by name (none when the body is no object: never updated). */
const stringFields = (body: z.ZodType) =>
  Object.entries(defOf(unwrap(body))?.shape ?? {})
    .filter(([, s]) => defOf(unwrap(s))?.type === 'string')
    .map(([name]) => name);

const isPhoneField = (name: string) => /(^|_)(tel|phone)($|_)/.test(name);
const FREE_TEXT = ['text', 'multiline', 'email', 'password'];

/** Each body of each entity with the string fields it takes: [entity.kind, entity, body, field names]. */
const bodies = entities.flatMap((entity) =>
  (['create', 'update'] as const).map(
    (kind) => [`${entity.resource}.${kind}`, entity, entity[kind], stringFields(entity[kind])] as const,
  ),
);

/** The description's free text (typed by a person) among a body's fields, and every phone field. */
function freeText(entity: AnyEntity, fields: readonly string[]): string[] {
  const described = new Map(fieldEntries(entity));
  return fields.filter((name) => {
    const input = described.get(name)?.input;
    return (input !== undefined && FREE_TEXT.includes(input)) || isPhoneField(name);
  });
}

describe('every field of every entity, from its description', () => {
  it('finds the bodies and their text: the walk is not empty', () => {
    expect(entities.length).toBeGreaterThan(15);
    const all = bodies.flatMap(([, entity, , fields]) =>
      freeText(entity, fields).map((f) => `${entity.resource}.${f}`),
    );
    expect(all.length).toBeGreaterThan(30);
    expect(all).toContain('books.tel');
    expect(all).toContain('cashes.intended_use');
  });

  it.each(bodies)('%s: a string of 100,001 characters is refused on its field, in Japanese', (_l, _e, body, fields) => {
    for (const name of fields) {
      expect(fieldErrors(body, { [name]: HUGE })[name], name).toMatch(/[ぁ-んァ-ヶ一-龠]/);
    }
  });

  it.each(bodies)('%s: each free text has a limit the form shows and the rule keeps', (_l, entity, body, fields) => {
    for (const name of freeText(entity, fields)) {
      const max = maxLengthOf(body, name);
      expect(max, `${entity.resource}.${name} has no .max`).toBeGreaterThan(0);
      // One past the limit says the limit (…は100文字以内で入力してください); at the limit, length is no issue.
      const fill = isPhoneField(name) ? '0' : 'x';
      expect(fieldErrors(body, { [name]: fill.repeat(max! + 1) })[name], name).toMatch(
        new RegExp(`${max}文字以内で入力してください`),
      );
      expect(fieldErrors(body, { [name]: fill.repeat(max!) })[name] ?? '', name).not.toMatch(/文字以内/);
    }
  });

  it.each(bodies)('%s: each phone field takes a phone number and nothing else', (_l, _e, body, fields) => {
    for (const name of fields.filter(isPhoneField)) {
      expect(fieldErrors(body, { [name]: 'abc-defg' })[name], name).toBe(phoneMessage);
      expect(fieldErrors(body, { [name]: '03-1234-5678 内線' })[name], name).toBe(phoneMessage);
      for (const tel of [...PHONES_OK, '０３－１２３４－５６７８']) {
        expect(fieldErrors(body, { [name]: tel })[name], `${name}: ${tel}`).toBeUndefined();
      }
    }
  });
});

describe('the bodies of no description that hold a phone or free text', () => {
  it('a booking: its create and update bodies and the panel’s create rules refuse abc-defg on tel', () => {
    expect(fieldErrors(bookingCreateBodySchema, { tel: 'abc-defg' })).toEqual({ tel: phoneMessage });
    expect(fieldErrors(bookingUpdateBodySchema, { tel: 'abc-defg' })).toEqual({ tel: phoneMessage });
    expect(bookingUpdateBodySchema.parse({ tel: '０３－１２３４－５６７８' })).toEqual({ tel: '03-1234-5678' });
    expect(bookingUpdateBodySchema.parse({ tel: null })).toEqual({ tel: null });

    expect(bookingCreateErrors({ ...validBookingInput, tel: 'abc-defg' })).toEqual([
      { field: 'tel', message: phoneMessage },
    ]);
    expect(bookingCreateErrors({ ...validBookingInput, tel: '+81 (3) 1234-5678' })).toEqual([]);
    expect(bookingCreateErrors({ ...validBookingInput, tel: '' })).toEqual([]);
    expect(normaliseBookingCreate({ ...validBookingInput, tel: ' ０３－１２３４－５６７８ ' }).tel).toBe(
      '03-1234-5678',
    );
  });

  it('a booking: every text of its bodies has its limit, said with the panel’s label', () => {
    for (const [field, max] of Object.entries(BOOKING_TEXT_MAX) as [keyof typeof BOOKING_TEXT_MAX, number][]) {
      const message = bookingTooLongMessages[field];
      const long = (field === 'tel' ? '0' : 'x').repeat(max + 1);
      expect(maxLengthOf(bookingUpdateBodySchema, field), field).toBe(max);
      expect(fieldErrors(bookingUpdateBodySchema, { [field]: long })[field], field).toBe(message);
      if (field !== 'memo') {
        expect(maxLengthOf(bookingCreateBodySchema, field), field).toBe(max);
        expect(fieldErrors(bookingCreateBodySchema, { [field]: long })[field], field).toBe(message);
        expect(bookingCreateErrors({ [field]: long }).find((e) => e.field === field)?.message, field).toBe(message);
      }
    }
    expect(bookingTooLongMessages.name).toBe('宿泊者名は100文字以内で入力してください');
  });

  it('the invoice issuer’s phone (company settings)', () => {
    expect(fieldErrors(invoiceSettingsPatchSchema, { issuer_tel: 'abc-defg' })).toEqual({ issuer_tel: phoneMessage });
    expect(fieldErrors(invoiceSettingsPatchSchema, { issuer_tel: '0'.repeat(21) })).toEqual({
      issuer_tel: invoiceMessages.issuerTelTooLong,
    });
    expect(invoiceSettingsPatchSchema.parse({ issuer_tel: '＋８１ ５５７ ００ ００００' }).issuer_tel).toBe(
      '+81 557 00 0000',
    );
    expect(invoiceSettingsPatchSchema.parse({ issuer_tel: '' }).issuer_tel).toBeNull();
  });

  it.each([
    ['the register, added', guestCreateSchema],
    ['the register, changed', guestUpdateSchema],
    ['the pre-check-in page', publicGuestSchema],
  ] as const)('the guest register’s contact (%s): a phone number or a mail address', (_l, schema) => {
    const base = { name: '名簿 太郎' };
    expect(fieldErrors(schema, { ...base, contact: 'abc-defg' })).toEqual({ contact: registerMessages.contact });
    expect(fieldErrors(schema, { ...base, contact: 'x'.repeat(201) })).toEqual({
      contact: registerMessages.contactTooLong,
    });
    for (const contact of [...PHONES_OK, 'minji@example.kr', null, '']) {
      expect(fieldErrors(schema, { ...base, contact }), String(contact)).toEqual({});
    }
    expect((schema.parse({ ...base, contact: '０９０－１１１１－２２２２' }) as { contact: string }).contact).toBe(
      '090-1111-2222',
    );
  });
});
