import type { DataProvider, GetListResult, Identifier, RaRecord } from 'ra-core';
import { fillApiPath, fillRecordPath, resourceApi, type ResourceApi } from '../contract/resourceApi';
import { apiUrl } from './config';
import { httpClient, type QueryValue } from './httpClient';
import { changedFields, pageRecords, pickList, pickRecord, sortRecords } from './listUtils';
import { bookingMethods } from './methods/bookings';
import { catalogueMethods } from './methods/catalogue';
import { moneyMethods } from './methods/money';
import { mailTemplateMethods } from './methods/mailTemplates';
import { senderAddressMethods } from './methods/senderAddresses';
import { bookMailMethods } from './methods/bookMail';
import { priceMethods } from './methods/prices';
import { receivedMailMethods } from './methods/receivedMail';
import { mailPublicationMethods } from './methods/mailPublications';
import { syncCheckMethods } from './methods/syncCheck';
import { syncHealthMethods } from './methods/syncHealth';
import { timesheetMethods } from './methods/timesheets';
import { analyticsMethods } from './methods/analytics';
import { facilitySettingsMethods } from './methods/facilitySettings';
import { pettyCashMethods } from './methods/pettyCash';
import { guestRegisterMethods } from './methods/guestRegister';
import { taxMethods } from './methods/tax';

/**
 * react-admin's calls mapped onto the documented paths (contract/resourceApi): a list answers under
 * its key (`{ rooms: [...] }`), nested accommodation paths take `meta.accommodationId`, an update
 * sends only the changed fields with PATCH, a delete expects 204. ra-data-simple-rest speaks
 * another dialect (bare arrays, Content-Range, JSON-encoded sort and filter, PUT): see
 * docs/decisions.md.
 *
 * `meta` of a call:
 * - `accommodationId`: fills `:id` of a nested path (rooms, plans, options, FAQ);
 * - `choices`: read the resource's choice list (`resourceApi.*.choices`), open to staff where its
 *   own list is for administrators (a select of partners in the option overlay).
 */
export interface CallMeta {
  // react-query's meta type, which react-admin hands over to the provider.
  [key: string]: unknown;
  accommodationId?: number | string;
  choices?: boolean;
}

export type ResourceApis = Readonly<Record<string, ResourceApi>>;

function apiOf(apis: ResourceApis, resource: string): ResourceApi {
  return apis[resource] ?? { path: resource, listKey: resource };
}

function listPath(api: ResourceApi, meta: CallMeta | undefined): { path: string; listKey: string } {
  const source = meta?.choices && api.choices ? api.choices : api;
  return { path: fillApiPath(source.path, meta?.accommodationId), listKey: source.listKey };
}

const itemUrl = (api: ResourceApi, meta: CallMeta | undefined, id: Identifier) =>
  apiUrl(fillRecordPath(api, meta?.accommodationId, id));

/** A filter as the API reads its query: flat parameters, arrays repeated, booleans 'true'/'false'. */
export function toQuery(filter: Record<string, unknown> | undefined): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {};
  for (const [key, value] of Object.entries(filter ?? {})) {
    if (value === null || value === undefined || value === '') continue;
    if (Array.isArray(value)) query[key] = value.map((v) => (typeof v === 'number' ? v : String(v)));
    else if (typeof value === 'boolean') query[key] = value ? 'true' : 'false';
    else if (typeof value === 'object') query[key] = JSON.stringify(value);
    else query[key] = value as string | number;
  }
  return query;
}

/** The CRUD calls of every resource. */
export function createBaseDataProvider(apis: ResourceApis = resourceApi) {
  // Answers are parsed JSON: the record type is the caller's promise, as in every react-admin provider.
  const listOf = async <R extends RaRecord>(
    resource: string,
    params: {
      filter?: Record<string, unknown>;
      sort?: { field: string; order: string };
      pagination?: { page: number; perPage: number } | false;
      meta?: CallMeta;
      signal?: AbortSignal;
    },
  ): Promise<GetListResult<R>> => {
    const api = apiOf(apis, resource);
    const { path, listKey } = listPath(api, params.meta);
    const query = toQuery(params.filter);
    if (api.serverPaging && params.pagination) {
      query.offset = (params.pagination.page - 1) * params.pagination.perPage;
      query.limit = params.pagination.perPage;
    }
    const { json } = await httpClient<unknown>(apiUrl(path), { query, signal: params.signal });
    const records = pickList(json, listKey) as R[];
    const count = (json as { count?: unknown } | null)?.count;
    if (api.serverPaging && typeof count === 'number') return { data: records, total: count };
    const sorted = sortRecords(records, params.sort);
    return { data: pageRecords(sorted, params.pagination || undefined), total: records.length };
  };

  const provider = {
    getList: (resource, params) => listOf(resource, params),

    getOne: async (resource, params) => {
      const api = apiOf(apis, resource);
      const { json } = await httpClient<unknown>(itemUrl(api, params.meta, params.id), { signal: params.signal });
      const record = pickRecord(json);
      if (!record) throw new Error('empty record');
      return { data: record as never };
    },

    // References read the whole (small) list once rather than one call per id.
    getMany: async (resource, params) => {
      const { data } = await listOf(resource, { meta: params.meta, signal: params.signal, pagination: false });
      const wanted = new Set(params.ids.map(String));
      return { data: data.filter((r) => wanted.has(String(r.id))) as never[] };
    },

    getManyReference: (resource, params) =>
      listOf(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } }),

    create: async (resource, params) => {
      const api = apiOf(apis, resource);
      const url = apiUrl(fillApiPath(api.path, params.meta?.accommodationId));
      const { json } = await httpClient<unknown>(url, { method: 'POST', body: params.data });
      return { data: { ...params.data, ...pickRecord(json) } as never };
    },

    update: async (resource, params) => {
      const api = apiOf(apis, resource);
      const body = changedFields(
        params.data as Record<string, unknown>,
        params.previousData as Record<string, unknown> | undefined,
      );
      const { json } = await httpClient<unknown>(itemUrl(api, params.meta, params.id), { method: 'PATCH', body });
      return { data: { ...params.previousData, ...pickRecord(json), id: params.id } as never };
    },

    updateMany: async (resource, params) => {
      const api = apiOf(apis, resource);
      await Promise.all(
        params.ids.map((id) => httpClient(itemUrl(api, params.meta, id), { method: 'PATCH', body: params.data })),
      );
      return { data: params.ids };
    },

    delete: async (resource, params) => {
      const api = apiOf(apis, resource);
      await httpClient(itemUrl(api, params.meta, params.id), { method: 'DELETE' });
      return { data: (params.previousData ?? { id: params.id }) as never };
    },

    deleteMany: async (resource, params) => {
      const api = apiOf(apis, resource);
      await Promise.all(params.ids.map((id) => httpClient(itemUrl(api, params.meta, id), { method: 'DELETE' })));
      return { data: params.ids };
    },
  } satisfies DataProvider;
  return provider;
}

/** The console's provider: CRUD of every resource plus the calls that are not CRUD. */
export function createDataProvider(apis: ResourceApis = resourceApi) {
  return {
    ...createBaseDataProvider(apis),
    ...catalogueMethods,
    ...priceMethods,
    ...bookingMethods,
    ...moneyMethods,
    ...mailTemplateMethods,
    ...senderAddressMethods,
    ...bookMailMethods,
    ...receivedMailMethods,
    ...mailPublicationMethods,
    ...syncCheckMethods,
    ...syncHealthMethods,
    ...timesheetMethods,
    ...analyticsMethods,
    ...facilitySettingsMethods,
    ...pettyCashMethods,
    ...guestRegisterMethods,
    ...taxMethods,
  } satisfies DataProvider;
}

export type AppDataProvider = ReturnType<typeof createDataProvider>;

export const dataProvider: AppDataProvider = createDataProvider();
