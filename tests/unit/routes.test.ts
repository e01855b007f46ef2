import { describe, expect, it } from 'vitest';
import { findAccommodationByPath } from '../../dataProvider/accommodations';
import type { Accommodation } from '../../dataProvider/types';
import { accommodationMenuEntries, activeAccommodationTab } from '../../src/layout/accommodationMenu';
import { links } from '../../src/routes';

const inn: Accommodation = {
  id: 12,
  uid: 'abc123',
  name: 'やどばん本館',
  short_name: '本',
  color: 'ff8800',
  detail_url: null,
  room_number: 5,
};
const list: Accommodation[] = [inn, { ...inn, id: 3, uid: 'zz9', name: '別館', short_name: '別', color: '0088ff' }];

describe('accommodation routes', () => {
  it('builds the per-accommodation menu with the uid for mail templates', () => {
    const entries = accommodationMenuEntries(inn);
    expect(entries.map((e) => e.to)).toEqual([
      '/m/accommodation/12',
      '/m/accommodation/12/register',
      '/m/accommodation/12/cash',
      '/m/accommodation/12/setting',
      '/m/accommodation/12/plan',
      '/m/accommodation/12/room',
      '/m/accommodation/12/option',
      '/m/accommodation/abc123/mail/template',
      '/m/accommodation/12/faq',
    ]);
  });

  it('finds the selected accommodation by id, or by uid on mail template pages', () => {
    expect(findAccommodationByPath('/m/accommodation/12', list)?.name).toBe('やどばん本館');
    expect(findAccommodationByPath('/m/accommodation/3/plan/4/price', list)?.id).toBe(3);
    expect(findAccommodationByPath('/m/accommodation/abc123/mail/template/5', list)?.id).toBe(12);
    expect(findAccommodationByPath('/m/user', list)).toBeUndefined();
    expect(findAccommodationByPath('/m/accommodation/99', list)).toBeUndefined();
  });

  it('marks the active header entry', () => {
    expect(activeAccommodationTab('/m/accommodation/12')).toBe('calendar');
    expect(activeAccommodationTab('/m/accommodation/12/book/2024/4/1')).toBe('calendar');
    expect(activeAccommodationTab('/m/accommodation/12/plan/3/price')).toBe('plan');
    expect(activeAccommodationTab('/m/accommodation/12/register')).toBe('register');
    expect(activeAccommodationTab('/m/accommodation/abc123/mail/template')).toBe('mail_template');
    expect(activeAccommodationTab('/m/')).toBe(false);
  });

  it('builds absolute links under /m', () => {
    expect(links.home()).toBe('/m/');
    expect(links.analytics()).toBe('/m/analitcs');
    expect(links.guestBooks('a@b.jp')).toBe('/m/books/a%40b.jp');
    expect(links.day(1, 2024, 4, 1)).toBe('/m/accommodation/1/book/2024/4/1');
  });
});
