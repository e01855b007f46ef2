import type { AppMessageKey } from '../i18n/ja';

/**
 * Every console route (spec section 2) in one place. The login page is '/', outside react-admin;
 * everything else lives under react-admin's basename '/m'. `path` is relative to '/m' (for
 * <CustomRoutes>), the builders give absolute links.
 */
export const LOGIN_PATH = '/';
export const ADMIN_BASENAME = '/m';

export interface PageRoute {
  /** Relative to the basename, react-router syntax. */
  path: string;
  /** Page title (header and placeholder). */
  title: AppMessageKey;
}

export const pageRoutes = {
  mailPublications: { path: 'mail', title: 'app.page.mail_publications' },
  mailPublicationCreate: { path: 'mail/create', title: 'app.page.mail_publication_create' },
  mailPublication: { path: 'mail/:id', title: 'app.page.mail_publication' },
  mailPublicationEdit: { path: 'mail/:id/edit', title: 'app.page.mail_publication_edit' },
  receivedMailList: { path: 'mail/receive', title: 'app.page.received_mail_list' },
  receivedMail: { path: 'mail/receive/:id', title: 'app.page.received_mail' },
  mailAddresses: { path: 'mail/addresses', title: 'app.page.mail_addresses' },
  syncLogs: { path: 'sync/logs', title: 'app.page.sync_logs' },
  analytics: { path: 'analitcs', title: 'app.page.analytics' },
  analyticsMonth: { path: 'analitcs/:year/:month', title: 'app.page.analytics' },
  timesheets: { path: 'timesheet', title: 'app.page.timesheet' },
  timesheet: { path: 'timesheet/:id', title: 'app.page.timesheet_detail' },
  users: { path: 'user', title: 'app.page.users' },
  suppliers: { path: 'supplier', title: 'app.page.suppliers' },
  guestBooks: { path: 'books/:mail', title: 'app.page.books' },
  calendar: { path: 'accommodation/:id', title: 'app.page.calendar' },
  booking: { path: 'accommodation/:id/book/:bookId', title: 'app.page.booking' },
  day: { path: 'accommodation/:id/book/:year/:month/:day', title: 'app.page.day' },
  plans: { path: 'accommodation/:id/plan', title: 'app.page.plans' },
  syncCheck: { path: 'accommodation/:id/plan/:planId/sync/check', title: 'app.page.sync_check' },
  prices: { path: 'accommodation/:id/plan/:planId/price', title: 'app.page.prices' },
  priceCsv: { path: 'accommodation/:id/plan/:planId/price/csv', title: 'app.page.price_csv' },
  priceCreator: { path: 'accommodation/:id/plan/:planId/price/creator', title: 'app.page.price_creator' },
  rooms: { path: 'accommodation/:id/room', title: 'app.page.rooms' },
  register: { path: 'accommodation/:id/register', title: 'app.page.register' },
  cash: { path: 'accommodation/:id/cash', title: 'app.page.cash' },
  setting: { path: 'accommodation/:id/setting', title: 'app.page.setting' },
  faq: { path: 'accommodation/:id/faq', title: 'app.page.faq' },
  options: { path: 'accommodation/:id/option', title: 'app.page.options' },
  mailTemplates: { path: 'accommodation/:uid/mail/template', title: 'app.page.mail_templates' },
  mailTemplate: { path: 'accommodation/:uid/mail/template/:templateId', title: 'app.page.mail_template' },
} as const satisfies Record<string, PageRoute>;

export type PageName = keyof typeof pageRoutes;

type Id = string | number;
const seg = (value: Id) => encodeURIComponent(String(value));
const m = (path: string) => `${ADMIN_BASENAME}/${path}`;

/** Absolute links. */
export const links = {
  login: () => LOGIN_PATH,
  home: () => `${ADMIN_BASENAME}/`,
  mailPublications: () => m('mail'),
  mailPublicationCreate: () => m('mail/create'),
  mailPublication: (id: Id) => m(`mail/${seg(id)}`),
  mailPublicationEdit: (id: Id) => m(`mail/${seg(id)}/edit`),
  receivedMailList: () => m('mail/receive'),
  receivedMail: (id: Id) => m(`mail/receive/${seg(id)}`),
  mailAddresses: () => m('mail/addresses'),
  syncLogs: () => m('sync/logs'),
  analytics: () => m('analitcs'),
  analyticsMonth: (year: number, month: number) => m(`analitcs/${year}/${month}`),
  timesheets: () => m('timesheet'),
  timesheet: (id: Id) => m(`timesheet/${seg(id)}`),
  users: () => m('user'),
  suppliers: () => m('supplier'),
  bookSearch: () => m('books'),
  refusals: () => m('refusals'),
  guestBooks: (mail: string) => m(`books/${seg(mail)}`),
  calendar: (id: Id) => m(`accommodation/${seg(id)}`),
  booking: (id: Id, bookId: Id) => m(`accommodation/${seg(id)}/book/${seg(bookId)}`),
  day: (id: Id, year: number, month: number, day: number) => m(`accommodation/${seg(id)}/book/${year}/${month}/${day}`),
  /** The day schedule of a yyyy-MM-dd date (the path has no leading zeros). */
  dayOf: (id: Id, date: string) => {
    const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
    return m(`accommodation/${seg(id)}/book/${y}/${mo}/${d}`);
  },
  plans: (id: Id) => m(`accommodation/${seg(id)}/plan`),
  syncCheck: (id: Id, planId: Id) => m(`accommodation/${seg(id)}/plan/${seg(planId)}/sync/check`),
  prices: (id: Id, planId: Id) => m(`accommodation/${seg(id)}/plan/${seg(planId)}/price`),
  priceCsv: (id: Id, planId: Id) => m(`accommodation/${seg(id)}/plan/${seg(planId)}/price/csv`),
  priceCreator: (id: Id, planId: Id) => m(`accommodation/${seg(id)}/plan/${seg(planId)}/price/creator`),
  rooms: (id: Id) => m(`accommodation/${seg(id)}/room`),
  register: (id: Id) => m(`accommodation/${seg(id)}/register`),
  cash: (id: Id) => m(`accommodation/${seg(id)}/cash`),
  setting: (id: Id) => m(`accommodation/${seg(id)}/setting`),
  faq: (id: Id) => m(`accommodation/${seg(id)}/faq`),
  options: (id: Id) => m(`accommodation/${seg(id)}/option`),
  /** The uid, not the id (spec section 2). */
  mailTemplates: (uid: string) => m(`accommodation/${seg(uid)}/mail/template`),
  mailTemplate: (uid: string, templateId: Id) => m(`accommodation/${seg(uid)}/mail/template/${seg(templateId)}`),
};
