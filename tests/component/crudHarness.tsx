import type { ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { RaRecord } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { HttpError } from '../../dataProvider/http';
import type { AppDataProvider } from '../../dataProvider/dataProvider';
import { AppNotification } from '../../src/components/AppNotification';
import { LocationProbe, renderInContext, signedInAuth } from './helpers';

export interface Call {
  method: string;
  resource: string;
  params: Record<string, unknown>;
}

type Tables = Record<string, RaRecord[]>;

/**
 * An in-memory dataProvider for the generated views' component tests: it keeps the records given,
 * answers react-admin's calls from them, records every call (so a test asserts what was sent), and
 * refuses the next call of a method with the API's error when told to.
 */
export function memoryProvider(initial: Tables) {
  const tables: Tables = structuredClone(initial);
  const calls: Call[] = [];
  const refusals: { method: string; error: HttpError }[] = [];
  let nextId = 1000;

  const table = (resource: string) => (tables[resource] ??= []);
  const record = (method: string, resource: string, params: unknown) => {
    calls.push({ method, resource, params: params as Record<string, unknown> });
    const index = refusals.findIndex((r) => r.method === method);
    if (index >= 0) throw refusals.splice(index, 1)[0]!.error;
  };
  // A filter on a field of the rows keeps the rows of that value (and those for all: null); other
  // filters (a period) are the server's to apply and keep every row here.
  const matches = (row: RaRecord, filter: Record<string, unknown> = {}) =>
    Object.entries(filter).every(([k, v]) => !(k in row) || row[k] === v || row[k] === null);

  const provider = {
    async getList(resource: string, params: { filter?: Record<string, unknown> }) {
      record('getList', resource, params);
      const data = structuredClone(table(resource).filter((r) => matches(r, params.filter)));
      return { data, total: data.length };
    },
    async getOne(resource: string, params: { id: unknown }) {
      record('getOne', resource, params);
      const found = table(resource).find((r) => r.id === params.id);
      if (!found) throw new HttpError('対象のデータが見つかりません。', 404);
      return { data: structuredClone(found) };
    },
    async getMany(resource: string, params: { ids: unknown[] }) {
      record('getMany', resource, params);
      return { data: table(resource).filter((r) => params.ids.includes(r.id)) };
    },
    async getManyReference() {
      return { data: [], total: 0 };
    },
    async create(resource: string, params: { data: Record<string, unknown> }) {
      record('create', resource, params);
      const created = { ...params.data, id: nextId++ } as RaRecord;
      table(resource).push(created);
      return { data: created };
    },
    async update(resource: string, params: { id: unknown; data: Record<string, unknown> }) {
      record('update', resource, params);
      const rows = table(resource);
      const i = rows.findIndex((r) => r.id === params.id);
      rows[i] = { ...rows[i]!, ...params.data };
      return { data: rows[i]! };
    },
    async updateMany() {
      return { data: [] };
    },
    async delete(resource: string, params: { id: unknown }) {
      record('delete', resource, params);
      const rows = table(resource);
      const i = rows.findIndex((r) => r.id === params.id);
      const [removed] = rows.splice(i, 1);
      return { data: removed! };
    },
    async deleteMany() {
      return { data: [] };
    },
    async reorder(resource: string, params: { changes: { id: number; display_order: number }[] }) {
      // Like the real method: a refused save comes back in the list of failures.
      try {
        record('reorder', resource, params);
      } catch (error) {
        return [error];
      }
      for (const c of params.changes) {
        const row = table(resource).find((r) => r.id === c.id);
        if (row) row.display_order = c.display_order;
      }
      return [];
    },
    async attachPlan(_accommodationId: number, roomId: number, planId: number) {
      record('attachPlan', 'rooms', { roomId, planId });
      const room = table('rooms').find((r) => r.id === roomId)!;
      const plan = table('plans').find((p) => p.id === planId)!;
      room.plans = [...(room.plans as unknown[]), { id: plan.id, name: plan.name, start_at: null }];
      return room;
    },
    async detachPlan(_accommodationId: number, roomId: number, planId: number) {
      record('detachPlan', 'rooms', { roomId, planId });
      const room = table('rooms').find((r) => r.id === roomId)!;
      room.plans = (room.plans as { id: number }[]).filter((p) => p.id !== planId);
    },
  } as unknown as AppDataProvider;

  return {
    provider,
    calls,
    tables,
    /** The calls of one method (and resource), in order. */
    callsOf: (method: string, resource?: string) =>
      calls.filter((c) => c.method === method && (resource === undefined || c.resource === resource)),
    /** The next call of `method` is refused with the API's 400 and these field messages. */
    refuseNext(method: string, status: number, body: { message: string; errors?: Record<string, string> }) {
      refusals.push({ method, error: new HttpError(body.message, status, { code: 'validation', ...body }) });
    },
  };
}

/**
 * Renders a generated view inside react-admin (Japanese, basename /m) at `path`, with the message box;
 * with `queryClient`, react-admin's query cache is that one, for a test to read or invalidate it.
 */
export function renderView(
  ui: ReactNode,
  provider: AppDataProvider,
  {
    path = '/m/',
    route = '/m/*',
    queryClient,
    isAdmin = true,
  }: { path?: string; route?: string; queryClient?: QueryClient; isAdmin?: boolean } = {},
) {
  return renderInContext(
    <Routes>
      <Route
        path={route}
        element={
          <>
            {ui}
            <AppNotification />
            <LocationProbe />
          </>
        }
      />
    </Routes>,
    // Signed in: an administrator unless the test says staff.
    { dataProvider: provider, authProvider: signedInAuth(isAdmin), path, basename: '/m', queryClient },
  );
}
