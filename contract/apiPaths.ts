/**
 * Every path the server answers, written once in Fastify's syntax (`:param`, named as the route's
 * params schema names it): server/routes/** registers these strings, the console fills them
 * (`apiPath('bookMail', { id: 5 })` -> '/admin/books/5/mail'), and contract/resourceApi.ts takes
 * its resources' paths from here. `apiPaths` are under /api (spec 7, as the spec writes them,
 * misspellings included); `sitePaths` at the site's root. tests/unit/apiPaths.test.ts checks that
 * the server registers exactly these. No zod, no imports: the console's first load reads it.
 */

/** The one record of a generated CRUD resource (server/routes/crud.ts): its list path and `/:itemId`. */
export const recordOf = <P extends string>(list: P) => `${list}/:itemId` as const;

// The lists of the resources whose five calls server/routes/crud.ts generates.
const rooms = '/accommodations/:id/rooms';
const plans = '/accommodations/:id/plans';
const options = '/accommodations/:id/options';
const faqs = '/accommodation/:id/faq';
const suppliers = '/supplier';
const refusals = '/admin/refusals';
const users = '/user';
const timesheetGroups = '/admin/schedules/groups';

export const apiPaths = {
  health: '/health',
  holidays: '/holidays',
  me: '/me',

  // Accommodations and their catalogue
  accommodations: '/accommodations',
  adminAccommodations: '/admin/accommodations',
  adminAccommodation: '/admin/accommodations/:id',
  accommodationSettings: '/admin/accommodations/:id/settings',
  rooms,
  room: recordOf(rooms),
  roomPlan: '/accommodations/:id/rooms/:roomId/attach/:planId',
  plans,
  plan: recordOf(plans),
  adminPlan: '/admin/accommodations/:id/plans/:plan_id',
  options,
  option: recordOf(options),
  faqs,
  faq: recordOf(faqs),
  paymentMethods: '/admin/payment_methods',
  suppliers,
  supplier: recordOf(suppliers),
  supplierChoices: '/admin/suppliers',
  users,
  user: recordOf(users),

  // Prices of a plan
  planPrices: '/admin/plans/:plan_id/schedules',
  planPrice: '/admin/plans/:plan_id/schedules/:id',
  planPriceRule: '/admin/plans/:plan_id/price_rule',
  planPriceCsv: '/plans/:planId/schedule/csv',
  planPriceCsvCheck: '/plans/:planId/schedule/csv/check',

  // Bookings, their money, options, guest register and calendar comments
  books: '/admin/books',
  book: '/admin/books/:id',
  bookHistory: '/admin/books/:id/history',
  booksUnpaid: '/admin/books/unpaid',
  booksDeletedPaid: '/admin/books/deleted/paid',
  booksOverpaid: '/admin/books/overpaid',
  booksOfDate: '/admin/books/date/:date',
  payments: '/payments',
  payment: '/payments/:id',
  refund: '/admin/payments/refund',
  bookOptions: '/books/:bookId/options',
  bookOption: '/books/:bookId/options/:id',
  bookRegisterStates: '/admin/books/register-states',
  bookGuests: '/admin/books/:id/guests',
  bookGuest: '/admin/books/:id/guests/:guestId',
  bookGuestPassport: '/admin/books/:id/guests/:guestId/passport',
  registerSettings: '/facility/:id/register-settings',
  facilityRegister: '/facility/:id/register',
  minpakuDays: '/facility/:id/minpaku/days',
  minpakuReport: '/facility/:id/minpaku/report',
  minpakuHouses: '/admin/minpaku/houses',
  refusals,
  refusal: recordOf(refusals),

  // Taxes and invoices (issue 31)
  taxRules: '/tax/jurisdictions',
  taxRule: '/tax/jurisdictions/:id',
  taxQuote: '/tax/quote',
  taxSettings: '/facility/:id/tax-settings',
  bookTaxes: '/admin/books/:id/taxes',
  invoiceSettings: '/company/invoice-settings',
  taxLedger: '/facility/:id/tax-ledger',
  dayVisits: '/facility/:id/day-visits',
  dayVisit: '/facility/:id/day-visits/:date',
  taxMonth: '/admin/tax/month',
  dailyReport: '/facility/:id/daily-report',
  bookInvoices: '/admin/books/:id/invoices',
  invoice: '/admin/invoices/:id',
  invoiceReissue: '/admin/invoices/:id/reissue',
  invoiceMail: '/admin/invoices/:id/mail',

  bookCheckIn: '/admin/books/:id/checkin',
  bookCheckOut: '/admin/books/:id/checkout',
  bookNoShow: '/admin/books/:id/no-show',
  bookCheckinLink: '/admin/books/:id/checkin-link',
  publicCheckin: '/public/checkin/:token',
  publicCheckinPassport: '/public/checkin/:token/guests/:index/passport',
  calendarComments: '/admin/accommodations/:id/calendar/comments',
  calendarComment: '/admin/accommodations/:id/calendar/comments/:commentId',

  // Mail
  mailTemplates: '/admin/accommodations/:id/mail_templates',
  mailTemplate: '/admin/accommodations/:id/mail_templates/:templateId',
  mailTemplateTest: '/admin/accommodations/:id/mail_templates/:templateId/test',
  accommodationMailTemplates: '/accommodations/:id/mail',
  bookMail: '/admin/books/:id/mail',
  bookMailBody: '/books/:bookId/mail/body',
  bookFreeMail: '/books/:bookId/mail',
  mailResend: '/admin/mail/messages/:id/resend',
  mailAddresses: '/admin/mail/addresses',
  mailAddress: '/admin/mail/addresses/:itemId',
  mailAddressVerify: '/admin/mail/addresses/:itemId/verify',
  mailAddressVerification: '/admin/mail/addresses/:itemId/verification',
  mailPublishes: '/admin/mail/publishes',
  /** GET one, PUT replaces it while nothing of it went out (issue 32), DELETE. */
  mailPublish: '/admin/mail/publishes/:id',
  mailPublishTest: '/admin/mail/publishes/test',
  mailPublishRecipients: '/admin/mail/publishes/:id/recipients',
  customers: '/admin/customers',
  receivedMails: '/admin/mail/receive',
  receivedMail: '/admin/mail/receive/:id',
  receivedMailReply: '/admin/mail/receive/:id/reply',
  inboundMail: '/mail/inbound',

  // The external channel
  syncSettings: '/facility/:id/sync-settings',
  syncSetting: '/facility/:id/sync-settings/:setting_id',
  syncSettingLogin: '/facility/:id/sync-settings/:setting_id/login',
  syncItems: '/admin/sync/items',
  syncItem: '/sync-item/:id',
  syncLogs: '/admin/logs/sync',
  syncLog: '/admin/logs/sync/:id',
  bookSync: '/admin/books/:id/sync',
  syncChecks: '/checks',
  syncChecksOf: '/checks/:accommodation_id',
  syncCheckRun: '/cron/caclendar/check/:accommodation_id/:offset',
  planIkuyu: '/accommodations/:id/plans/:planId/ikuyu',
  syncHealth: '/admin/sync/health',
  stopSell: '/admin/sync/stop-sell',

  // Shifts, petty cash, the calendar feed, analysis, jobs
  timesheetGroups,
  timesheetGroup: recordOf(timesheetGroups),
  timesheetEntries: '/admin/schedules/groups/:id/entries',
  timesheetAssignments: '/admin/schedules/groups/:id/assignments',
  myShifts: '/admin/schedules/mine',
  cashes: '/facility/:id/cashes',
  /** Issue 32: 訂正, a reversing entry naming the one it reverses (and the entry as it should have been). */
  cashCorrection: '/facility/:id/cashes/:cashId/correction',
  icalFeed: '/facility/:id/ical',
  icalFeedRegenerate: '/facility/:id/ical/regenerate',
  analytics: '/admin/analytics',
  jobs: '/admin/jobs',
} as const;

/** Paths at the site's root, outside /api: sign-in, the public calendar feed and the guest's pre-check-in page. */
export const sitePaths = {
  oauthToken: '/oauth/auth',
  oauthRevoke: '/oauth/revoke',
  icalFile: '/ical/:file',
  checkinPage: '/checkin/:token',
} as const;

export type ApiPaths = typeof apiPaths;
export type ApiPathName = keyof ApiPaths;

/** The `:param` names of a path: '/books/:bookId/options/:id' -> 'bookId' | 'id'. */
export type PathParamName<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamName<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type PathParams<P extends string> = { readonly [K in PathParamName<P>]: string | number };

/** The path with each `:param` replaced by its value, encoded as one segment. */
export function fillPath<P extends string>(path: P, params: PathParams<P>): string {
  const values = params as Readonly<Record<string, string | number | undefined>>;
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === '') throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/** A path of the API (under /api) by name, its params filled: `apiPath('book', { id: 5 })`. */
export function apiPath<N extends ApiPathName>(
  name: N,
  ...params: PathParamName<ApiPaths[N]> extends never ? [] : [PathParams<ApiPaths[N]>]
): string {
  return fillPath(apiPaths[name], (params[0] ?? {}) as PathParams<ApiPaths[N]>);
}
