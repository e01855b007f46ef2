import type { Guest } from '../../contract/guestRegister';

/** A guest of the register as the API answers one: living in Japan, with nothing but a name unless `over` says. */
export function buildGuest(over: Partial<Guest> = {}): Guest {
  return {
    id: 1,
    representative: false,
    name: '山田 太郎',
    address: null,
    contact: null,
    occupation: null,
    nationality: null,
    residence_country: 'JP',
    passport_number: null,
    has_passport_copy: false,
    same_as_representative: false,
    gender: null,
    age: null,
    previous_stay: null,
    next_destination: null,
    arrival_time: null,
    departure_time: null,
    room: null,
    ...over,
  };
}

/** A Korean national living in Seoul, with her passport number: the register asks her passport's copy too. */
export const KIM_MINJI = {
  name: 'Kim Minji',
  address: 'Seoul',
  contact: 'minji@example.kr',
  nationality: 'KR',
  residence_country: 'KR',
  passport_number: 'M1234567',
} as const;
