import { describe, expect, it } from 'vitest';
import { buildGuest } from '../support/guests';
import {
  guestCreateSchema,
  NO_EXTRA_FIELDS,
  registerMessages as msg,
  registerStatus,
  type Guest,
  type RegisterSettings,
} from '../../contract/guestRegister';

const ryokan: RegisterSettings = { licence: 'ryokan', notification_number: null, extra_fields: NO_EXTRA_FIELDS };
const minpaku: RegisterSettings = { ...ryokan, licence: 'minpaku' };

let nextId = 1;
/** A guest living in Japan with nothing but what `items` give, each with an id of its own. */
const guest = (items: Partial<Guest>): Guest => buildGuest({ id: nextId++, ...items });

const tokyoGuest = { representative: true, address: '東京都新宿区西新宿2-8-1', nationality: 'JP' } as const;

describe('what the register misses (the four cases of issue 30)', () => {
  it('a ryokan guest with no contact: the contact', () => {
    const g = guest(tokyoGuest);
    expect(registerStatus(ryokan, 1, [g])).toEqual({
      status: 'incomplete',
      missing: [{ guest_id: g.id, fields: ['contact'] }],
    });
  });

  it('the same guest at a minpaku: the occupation, not the contact', () => {
    const g = guest(tokyoGuest);
    expect(registerStatus(minpaku, 1, [g]).missing).toEqual([{ guest_id: g.id, fields: ['occupation'] }]);
  });

  it('a Korean national living in Seoul without a passport: its number and its copy', () => {
    const g = guest({
      representative: true,
      address: 'ソウル特別市',
      contact: '+82 10-1234-5678',
      nationality: 'KR',
      residence_country: 'KR',
    });
    expect(registerStatus(ryokan, 1, [g]).missing).toEqual([
      { guest_id: g.id, fields: ['passport_number', 'passport_copy'] },
    ]);
    const shown = { ...g, passport_number: 'M12345678', has_passport_copy: true };
    expect(registerStatus(ryokan, 1, [shown])).toEqual({ status: 'complete', missing: [] });
  });

  it('a Japanese national living in Paris: complete, no passport asked', () => {
    const g = guest({
      representative: true,
      address: 'Paris, France',
      contact: 'taro@example.com',
      nationality: 'JP',
      residence_country: 'FR',
    });
    expect(registerStatus(ryokan, 1, [g])).toEqual({ status: 'complete', missing: [] });
  });

  it('a foreign resident of Japan needs no passport; a guest abroad of unknown nationality is asked it', () => {
    const resident = guest({ representative: true, address: '大阪市', contact: '090-1111-2222', nationality: 'US' });
    const abroad = guest({ address: 'Seoul', contact: 'a@example.com', residence_country: 'KR' });
    expect(registerStatus(ryokan, 2, [resident, abroad]).missing).toEqual([
      { guest_id: abroad.id, fields: ['nationality', 'passport_number', 'passport_copy'] },
    ]);
  });
});

describe("a booking's register", () => {
  it('none before a guest is entered; each guest of the headcount not entered misses a name', () => {
    expect(registerStatus(ryokan, 2, [])).toEqual({
      status: 'none',
      missing: [
        { guest_id: null, fields: ['name'] },
        { guest_id: null, fields: ['name'] },
      ],
    });
    const g = guest({ ...tokyoGuest, contact: '03-1234-5678' });
    expect(registerStatus(ryokan, 2, [g])).toEqual({
      status: 'incomplete',
      missing: [{ guest_id: null, fields: ['name'] }],
    });
  });

  it("a companion living with the representative takes the representative's address and contact", () => {
    const rep = guest({ ...tokyoGuest, contact: '03-1234-5678' });
    const companion = guest({ same_as_representative: true });
    expect(registerStatus(ryokan, 2, [rep, companion])).toEqual({ status: 'complete', missing: [] });
    // At a minpaku the occupation is each guest's own.
    expect(registerStatus(minpaku, 2, [{ ...rep, occupation: '会社員' }, companion]).missing).toEqual([
      { guest_id: companion.id, fields: ['occupation'] },
    ]);
    // Without the flag the companion's own items count.
    expect(registerStatus(ryokan, 2, [rep, { ...companion, same_as_representative: false }]).missing).toEqual([
      { guest_id: companion.id, fields: ['address', 'contact'] },
    ]);
  });

  it("asks the prefecture's items set to required, never those optional or off", () => {
    const settings = { ...ryokan, extra_fields: { ...NO_EXTRA_FIELDS, age: 'required', gender: 'optional' } } as const;
    const g = guest({ ...tokyoGuest, contact: '03-1234-5678' });
    expect(registerStatus(settings, 1, [g]).missing).toEqual([{ guest_id: g.id, fields: ['age'] }]);
    expect(registerStatus(settings, 1, [{ ...g, age: 0 }]).status).toBe('complete');
  });
});

describe('a guest as the form sends it', () => {
  it('upper-cases the passport number and the country codes, stores blanks as null', () => {
    const parsed = guestCreateSchema.parse({
      name: ' Kim Minji ',
      nationality: 'kr',
      residence_country: 'kr',
      passport_number: 'm1234567',
      address: ' ',
    });
    expect(parsed).toMatchObject({
      name: 'Kim Minji',
      nationality: 'KR',
      residence_country: 'KR',
      passport_number: 'M1234567',
      address: null,
    });
  });

  it.each([
    [{ name: '' }, 'name', msg.name],
    [{}, 'name', msg.name],
    [{ name: 'a'.repeat(101) }, 'name', msg.nameTooLong],
    [{ name: '山田\u202e太郎' }, 'name', '使用できない文字（改行などの制御文字）が含まれています'],
    [{ name: '山田', nationality: 'ZZ' }, 'nationality', msg.nationality],
    [{ name: '山田', residence_country: 'Japan' }, 'residence_country', msg.residenceCountry],
    [{ name: '山田', passport_number: 'AB12' }, 'passport_number', msg.passportNumber],
    [{ name: '山田', passport_number: 'AB-123456' }, 'passport_number', msg.passportNumber],
    [{ name: '山田', age: 131 }, 'age', msg.age],
    [{ name: '山田', age: 1.5 }, 'age', msg.age],
    [{ name: '山田', gender: 'm' }, 'gender', msg.gender],
    [{ name: '山田', arrival_time: '2027-02-30T10:00' }, 'arrival_time', msg.arrivalTime],
    [{ name: '山田', departure_time: '2027-02-01 25:00' }, 'departure_time', msg.departureTime],
  ])('refuses %j on %s', (body, field, message) => {
    const result = guestCreateSchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error!.issues.find((i) => i.path[0] === field)?.message).toBe(message);
  });
});
