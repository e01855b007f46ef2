import { apiPaths, fillPath } from './apiPaths';

/**
 * Where every react-admin resource lives in the API (spec section 7, under /api): what the
 * console's dataProvider and the server's CRUD routes both read. The paths themselves are those of
 * contract/apiPaths.ts (written once there); this adds what react-admin needs beside them. It
 * holds no zod, so the console's shell maps its calls without loading the schemas (first-load JS).
 *
 * `:id` in a path is the accommodation: the console fills it from the call's `meta.accommodationId`,
 * the server declares it as the route's accommodation parameter (404 when the user may not reach it).
 */
export interface ResourceApi {
  /** The list and create path (one of contract/apiPaths); a record is `${path}/{id}`. */
  readonly path: string;
  /** The key of the list answer (`{ rooms: [...] }`). */
  readonly listKey: string;
  /**
   * Where one record lives when it is not `${path}/{id}`, its `:id` the record's: `/sync-item/:id`
   * for the sync items listed and created at `/admin/sync/items` (spec 7). Never nested.
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
  accommodations: { path: apiPaths.accommodations, listKey: 'accommodations' },
  books: { path: apiPaths.books, listKey: 'books' },
  rooms: { path: apiPaths.rooms, listKey: 'rooms' },
  plans: { path: apiPaths.plans, listKey: 'plans' },
  options: { path: apiPaths.options, listKey: 'options' },
  faq: { path: apiPaths.faqs, listKey: 'faqs' },
  supplier: {
    path: apiPaths.suppliers,
    listKey: 'suppliers',
    choices: { path: apiPaths.supplierChoices, listKey: 'suppliers' },
  },
  user: { path: apiPaths.users, listKey: 'users' },
  payment_methods: { path: apiPaths.paymentMethods, listKey: 'payment_methods' },
  /** Bulk mail publications (list and delete; the create page is custom). */
  mail_publishes: { path: apiPaths.mailPublishes, listKey: 'publish', serverPaging: true },
  /** The company's sender addresses: GET answers a bare array (spec 7). */
  mail_addresses: { path: apiPaths.mailAddresses, listKey: 'addresses' },
  /** The mail templates of an accommodation (one per send type; no create or delete). */
  mail_templates: { path: apiPaths.mailTemplates, listKey: 'mail_templates' },
  /** A facility's channel settings (administrators; the password is never answered). */
  sync_settings: { path: apiPaths.syncSettings, listKey: 'sync_settings' },
  /** Room types' and plans' names on the channel: listed and created here, one at `sync-item/{id}`. */
  sync_items: { path: apiPaths.syncItems, listKey: 'items', recordPath: apiPaths.syncItem },
  /** What each sync did, 50 a page, newest first. */
  sync_logs: { path: apiPaths.syncLogs, listKey: 'logs', serverPaging: true },
  /** A facility's petty cash ledger: GET a range (with the carried balance), POST an entry. */
  cashes: { path: apiPaths.cashes, listKey: 'cashes' },
  /** The refusal log (宿泊拒否の記録, issue 30): the facilities the user reaches. */
  refusals: { path: apiPaths.refusals, listKey: 'refusals' },
  /** Shift (timesheet) groups of the company: staff read, administrators write. */
  timesheets: { path: apiPaths.timesheetGroups, listKey: 'groups' },
} as const satisfies Record<string, ResourceApi>;

export type ResourceName = keyof typeof resourceApi;

export const ACCOMMODATION_PARAM = ':id';

/** True when the resource's path names an accommodation (rooms, plans, options, FAQ). */
export function isNestedApi(api: ResourceApi): boolean {
  return api.path.includes(ACCOMMODATION_PARAM);
}

/** The path with its accommodation filled in: `/accommodations/:id/rooms` -> `/accommodations/3/rooms`. */
export function fillApiPath(path: string, accommodationId: number | string | undefined): string {
  if (!path.includes(ACCOMMODATION_PARAM)) return path;
  if (accommodationId === undefined || accommodationId === '') {
    throw new Error(`${path}: the call needs meta.accommodationId`);
  }
  return path.replace(ACCOMMODATION_PARAM, encodeURIComponent(String(accommodationId)));
}

/** Where one record lives: its `recordPath` with the id, else `${path}/{id}` with the accommodation filled. */
export function fillRecordPath(api: ResourceApi, accommodationId: number | string | undefined, id: number | string) {
  if (api.recordPath) return fillPath(api.recordPath, { id });
  return `${fillApiPath(api.path, accommodationId)}/${encodeURIComponent(String(id))}`;
}
