import type { AppMessageKey } from '../../i18n/ja';
import type { Accommodation } from '../../dataProvider/types';
import { links } from '../routes';

export type AccommodationTab =
  'calendar' | 'register' | 'cash' | 'setting' | 'plan' | 'room' | 'option' | 'mail_template' | 'faq';

export interface AccommodationMenuEntry {
  key: AccommodationTab;
  label: AppMessageKey;
  to: string;
}

/** The per-accommodation header menu in the spec's order, with the guest register (issue 30) after the calendar. */
export function accommodationMenuEntries(accommodation: Accommodation): AccommodationMenuEntry[] {
  const { id, uid } = accommodation;
  return [
    { key: 'calendar', label: 'app.accommodation_menu.calendar', to: links.calendar(id) },
    { key: 'register', label: 'app.accommodation_menu.register', to: links.register(id) },
    { key: 'cash', label: 'app.accommodation_menu.cash', to: links.cash(id) },
    { key: 'setting', label: 'app.accommodation_menu.setting', to: links.setting(id) },
    { key: 'plan', label: 'app.accommodation_menu.plan', to: links.plans(id) },
    { key: 'room', label: 'app.accommodation_menu.room', to: links.rooms(id) },
    { key: 'option', label: 'app.accommodation_menu.option', to: links.options(id) },
    { key: 'mail_template', label: 'app.accommodation_menu.mail_template', to: links.mailTemplates(uid) },
    { key: 'faq', label: 'app.accommodation_menu.faq', to: links.faq(id) },
  ];
}

/** Which entry a path belongs to: /m/accommodation/{id}[/book/...] is the calendar. */
export function activeAccommodationTab(pathname: string): AccommodationTab | false {
  const match = /^\/m\/accommodation\/[^/]+(\/[^/]+)?(\/[^/]+)?/.exec(pathname);
  if (!match) return false;
  const first = match[1]?.slice(1);
  const second = match[2]?.slice(1);
  switch (first) {
    case undefined:
    case '':
    case 'book':
      return 'calendar';
    case 'register':
    case 'cash':
    case 'setting':
    case 'plan':
    case 'room':
    case 'option':
    case 'faq':
      return first;
    case 'mail':
      return second === 'template' ? 'mail_template' : false;
    default:
      return false;
  }
}
