import type { DataProvider, GetListResult, GetManyParams, Identifier, RaRecord } from 'ra-core';
import { apiUrl } from './config';
import { httpClient, type QueryValue } from './httpClient';
import { changedFields, pageRecords, pickList, pickRecord, sortRecords } from './listUtils';

/**
 * How a react-admin resource maps onto the API. Resources register here as later issues add them;
 * a resource without an entry uses its own name as the path.
 */
export interface ResourceConfig {
  /** Path under the API base; a function of the call's `meta` for nested paths (accommodations/{id}/rooms). */
  path?: string | ((meta: Record<string, unknown>) => string);
  /** Key of the list answer (books, plans...); default: the last path segment, else the first array. */
  listKey?: string;
  /** Key wrapping a single record in answers, when there is one. */
  recordKey?: string;
  /** The API pages the list itself (answers `count`): send offset and limit. */
  serverPaging?: boolean;
}

export type ResourceConfigs = Record<string, ResourceConfig>;

function resolvePath(resource: string, configs: ResourceConfigs, meta: unknown): string {
  const m = (meta ?? {}) as Record<string, unknown>;
  if (typeof m.path === 'string') return m.path;
  const path = configs[resource]?.path ?? resource;
  return typeof path === 'function' ? path(m) : path;
}

function lastSegment(path: string): string {
  return path.split('?')[0]?.split('/').filter(Boolean).pop() ?? path;
}

function toQuery(filter: Record<string, unknown> | undefined): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {};
  for (const [key, value] of Object.entries(filter ?? {})) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) query[key] = value.map((v) => (typeof v === 'number' ? v : String(v)));
    else if (typeof value === 'object') query[key] = JSON.stringify(value);
    else query[key] = value as string | number | boolean;
  }
  return query;
}

function itemUrl(path: string, id: Identifier): string {
  return apiUrl(`${path}/${encodeURIComponent(String(id))}`);
}

/** The base provider: getList/getOne/create/update/delete on `{api}/<path>` and `{api}/<path>/{id}`. */
export function createDataProvider(configs: ResourceConfigs = {}): DataProvider {
  // Answers are parsed JSON: the record type is the caller's promise, as in every react-admin provider.
  const listOf = async <R extends RaRecord>(
    resource: string,
    params: {
      filter?: Record<string, unknown>;
      sort?: { field: string; order: string };
      pagination?: { page: number; perPage: number };
      meta?: unknown;
      signal?: AbortSignal;
    },
  ): Promise<GetListResult<R>> => {
    const config = configs[resource] ?? {};
    const path = resolvePath(resource, configs, params.meta);
    const query = toQuery(params.filter);
    if (config.serverPaging && params.pagination) {
      query.offset = (params.pagination.page - 1) * params.pagination.perPage;
      query.limit = params.pagination.perPage;
    }
    const { json } = await httpClient<unknown>(apiUrl(path), { query, signal: params.signal });
    const records = pickList(json, config.listKey ?? lastSegment(path)) as R[];
    const count = (json as { count?: unknown } | null)?.count;
    if (typeof count === 'number') return { data: records, total: count };
    const sorted = sortRecords(records, params.sort);
    return { data: pageRecords(sorted, params.pagination), total: records.length };
  };

  const oneOf = async <R extends RaRecord>(resource: string, id: Identifier, meta: unknown): Promise<R> => {
    const path = resolvePath(resource, configs, meta);
    const { json } = await httpClient<unknown>(itemUrl(path, id));
    const record = pickRecord(json, configs[resource]?.recordKey);
    if (!record) throw new Error('empty record');
    return record as R;
  };

  return {
    getList: (resource, params) => listOf(resource, params),

    getOne: async (resource, params) => ({ data: await oneOf(resource, params.id, params.meta) }),

    getMany: async <R extends RaRecord>(resource: string, params: GetManyParams<R>) => ({
      data: await Promise.all(params.ids.map((id) => oneOf<R>(resource, id, params.meta))),
    }),

    getManyReference: (resource, params) =>
      listOf(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } }),

    create: async (resource, params) => {
      const path = resolvePath(resource, configs, params.meta);
      const { json } = await httpClient<unknown>(apiUrl(path), { method: 'POST', body: params.data });
      const record = pickRecord(json, configs[resource]?.recordKey) ?? {};
      return { data: { ...params.data, ...record } as never };
    },

    update: async (resource, params) => {
      const path = resolvePath(resource, configs, params.meta);
      const body = changedFields(
        params.data as Record<string, unknown>,
        params.previousData as Record<string, unknown>,
      );
      const { json } = await httpClient<unknown>(itemUrl(path, params.id), { method: 'PATCH', body });
      const record = pickRecord(json, configs[resource]?.recordKey) ?? {};
      return { data: { ...params.previousData, ...params.data, ...record, id: params.id } as never };
    },

    updateMany: async (resource, params) => {
      const path = resolvePath(resource, configs, params.meta);
      await Promise.all(params.ids.map((id) => httpClient(itemUrl(path, id), { method: 'PATCH', body: params.data })));
      return { data: params.ids };
    },

    delete: async (resource, params) => {
      const path = resolvePath(resource, configs, params.meta);
      await httpClient(itemUrl(path, params.id), { method: 'DELETE' });
      return { data: (params.previousData ?? { id: params.id }) as never };
    },

    deleteMany: async (resource, params) => {
      const path = resolvePath(resource, configs, params.meta);
      await Promise.all(params.ids.map((id) => httpClient(itemUrl(path, id), { method: 'DELETE' })));
      return { data: params.ids };
    },
  };
}

/** Resources known so far; later issues add their entries. */
export const resourceConfigs: ResourceConfigs = {};

export const dataProvider = createDataProvider(resourceConfigs);
