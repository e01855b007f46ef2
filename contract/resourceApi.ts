/**
 * Where every react-admin resource lives in the API (spec section 7, under /api): the one map the
 * console's dataProvider and the server's CRUD routes both read, so a path is written once. It
 * holds no zod, so the console's shell maps its calls without loading the schemas (first-load JS).
 *
 * A path is written without its leading slash, as DECISIONS.md serves it under /api. `:id` in a
 * path is the accommodation: the console fills it from the call's `meta.accommodationId`, the
 * server declares it as the route's accommodation parameter (404 when the user may not reach it).
 */
export interface ResourceApi {
  /** The list and create path; a record is `${path}/{id}`. */
  readonly path: string;
  /** The key of the list answer (`{ rooms: [...] }`). */
  readonly listKey: string;
  /**
   * Where one record lives when it is not `${path}/{id}`: `sync-item` for the sync items listed
   * and created at `admin/sync/items` (spec 7). Never nested.
   */
  readonly recordPath?: string;
  /** The API pages the list itself (offset, limit) and answers `count`. */
  readonly serverPaging?: boolean;
  /**
   * Where a choice list (a select of another form) reads the records when the resource's own list
   * is for administrators only: staff pick a partner in the option overlay.
   */
  readonly choices?: { readonly path: string; readonly listKey: string };
}

export const resourceApi = {
  /** GET accommodations: the user's accommodations and the company (not CRUD; read for choices). */
  accommodations: { path: 'accommodations', listKey: 'accommodations' },
  books: { path: 'admin/books', listKey: 'books' },
  rooms: { path: 'accommodations/:id/rooms', listKey: 'rooms' },
  plans: { path: 'accommodations/:id/plans', listKey: 'plans' },
  options: { path: 'accommodations/:id/options', listKey: 'options' },
  faq: { path: 'accommodation/:id/faq', listKey: 'faqs' },
  supplier: {
    path: 'supplier',
    listKey: 'suppliers',
    choices: { path: 'admin/suppliers', listKey: 'suppliers' },
  },
  user: { path: 'user', listKey: 'users' },
  payment_methods: { path: 'admin/payment_methods', listKey: 'payment_methods' },
  /** Bulk mail publications (list and delete; the create page is custom). */
  mail_publishes: { path: 'admin/mail/publishes', listKey: 'publish', serverPaging: true },
  /** The company's sender addresses: GET answers a bare array (spec 7). */
  mail_addresses: { path: 'admin/mail/addresses', listKey: 'addresses' },
  /** The mail templates of an accommodation (one per send type; no create or delete). */
  mail_templates: { path: 'admin/accommodations/:id/mail_templates', listKey: 'mail_templates' },
  /** A facility's channel settings (administrators; the password is never answered). */
  sync_settings: { path: 'facility/:id/sync-settings', listKey: 'sync_settings' },
  /** Room types' and plans' names on the channel: listed and created here, one at `sync-item/{id}`. */
  sync_items: { path: 'admin/sync/items', listKey: 'items', recordPath: 'sync-item' },
  /** What each sync did, 50 a page, newest first. */
  sync_logs: { path: 'admin/logs/sync', listKey: 'logs', serverPaging: true },
  /** A facility's petty cash ledger: GET a range (with the carried balance), POST an entry. */
  cashes: { path: 'facility/:id/cashes', listKey: 'cashes' },
  /** Shift (timesheet) groups of the company: staff read, administrators write. */
  timesheets: { path: 'admin/schedules/groups', listKey: 'groups' },
} as const satisfies Record<string, ResourceApi>;

export type ResourceName = keyof typeof resourceApi;

export const ACCOMMODATION_PARAM = ':id';

/** True when the resource's path names an accommodation (rooms, plans, options, FAQ). */
export function isNestedApi(api: ResourceApi): boolean {
  return api.path.includes(ACCOMMODATION_PARAM);
}

/** The path with its accommodation filled in: `accommodations/:id/rooms` -> `accommodations/3/rooms`. */
export function fillApiPath(path: string, accommodationId: number | string | undefined): string {
  if (!path.includes(ACCOMMODATION_PARAM)) return path;
  if (accommodationId === undefined || accommodationId === '') {
    throw new Error(`${path}: the call needs meta.accommodationId`);
  }
  return path.replace(ACCOMMODATION_PARAM, encodeURIComponent(String(accommodationId)));
}
