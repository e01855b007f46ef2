// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBaseDataProvider, createDataProvider } from '../../dataProvider/dataProvider';
import { clearSession, setTokens } from '../../dataProvider/tokenStore';
import { json, stubFetch } from './fetchStub';

beforeEach(() => setTokens({ access_token: 'token', refresh_token: 'refresh', expires_in: 900 }));
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

const provider = createDataProvider();
const path = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');
const page = { page: 1, perPage: 1000 };

/** The list answers of the documented paths (spec section 7), keyed as the API keys them. */
function answers() {
  return stubFetch(({ url, method }) => {
    const p = path(url);
    if (method === 'DELETE') return new Response(null, { status: 204 });
    if (method !== 'GET') return json(200, { id: 9, name: 'x' });
    if (/\/\d+$/.test(p.split('?')[0]!)) return json(200, { id: 9, name: 'x' });
    const key = {
      rooms: 'rooms',
      plans: 'plans',
      options: 'options',
      faq: 'faqs',
      supplier: 'suppliers',
      suppliers: 'suppliers',
      user: 'users',
      payment_methods: 'payment_methods',
      accommodations: 'accommodations',
    }[p.split('?')[0]!.split('/').pop()!];
    return json(200, {
      [key ?? 'items']: [
        { id: 2, name: 'b' },
        { id: 1, name: 'a' },
      ],
    });
  });
}

describe('the dataProvider maps react-admin calls onto the documented paths', () => {
  it('lists each resource at its path, nested ones under the accommodation of meta, answers under their key', async () => {
    const { calls } = answers();
    const meta = { accommodationId: 3 };
    const lists = {
      rooms: '/api/accommodations/3/rooms',
      plans: '/api/accommodations/3/plans',
      options: '/api/accommodations/3/options',
      faq: '/api/accommodation/3/faq',
      supplier: '/api/supplier',
      user: '/api/user',
      payment_methods: '/api/admin/payment_methods',
      accommodations: '/api/accommodations',
    };
    for (const [resource, url] of Object.entries(lists)) {
      const { data, total } = await provider.getList(resource, {
        pagination: page,
        sort: { field: '', order: 'ASC' },
        filter: {},
        meta,
      });
      expect(
        data.map((r) => r.id),
        resource,
      ).toEqual([2, 1]);
      expect(total).toBe(2);
      expect(path(calls.at(-1)!.url)).toBe(url);
    }
  });

  it('sends a filter as flat query parameters and sorts and pages a whole list itself', async () => {
    const { calls } = answers();
    const { data } = await provider.getList('faq', {
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'name', order: 'ASC' },
      filter: { room_id: 12 },
      meta: { accommodationId: 3 },
    });
    expect(path(calls[0]!.url)).toBe('/api/accommodation/3/faq?room_id=12');
    expect(data).toEqual([{ id: 1, name: 'a' }]);
  });

  it('reads the choices of a select where the resource list is for administrators (partners for staff)', async () => {
    const { calls } = answers();
    await provider.getList('supplier', {
      pagination: page,
      sort: { field: '', order: 'ASC' },
      filter: {},
      meta: { choices: true },
    });
    expect(path(calls[0]!.url)).toBe('/api/admin/suppliers');
  });

  it('reads, creates, changes (PATCH of the changed fields) and deletes one record', async () => {
    const { calls } = answers();
    const meta = { accommodationId: 3 };
    await provider.getOne('rooms', { id: 4, meta });
    await provider.create('rooms', { data: { name: '離れ', max_num: 1 }, meta });
    await provider.update('rooms', {
      id: 4,
      data: { id: 4, name: '離れ', max_num: 2 },
      previousData: { id: 4, name: '離れ', max_num: 1 },
      meta,
    });
    await provider.delete('supplier', { id: 7 });
    expect(calls.map((c) => [c.method, path(c.url), c.body])).toEqual([
      ['GET', '/api/accommodations/3/rooms/4', ''],
      ['POST', '/api/accommodations/3/rooms', JSON.stringify({ name: '離れ', max_num: 1 })],
      ['PATCH', '/api/accommodations/3/rooms/4', JSON.stringify({ max_num: 2 })],
      ['DELETE', '/api/supplier/7', ''],
    ]);
  });

  it('reads references from the whole list once (getMany)', async () => {
    const { calls } = answers();
    const { data } = await provider.getMany('rooms', { ids: [1], meta: { accommodationId: 3 } });
    expect(data).toEqual([{ id: 1, name: 'a' }]);
    expect(calls).toHaveLength(1);
  });

  it('refuses a nested call without its accommodation instead of calling a wrong path', async () => {
    answers();
    await expect(
      provider.getList('rooms', { pagination: page, sort: { field: '', order: 'ASC' }, filter: {} }),
    ).rejects.toThrow(/meta.accommodationId/);
  });

  it('has the catalogue calls that are not CRUD: attach, detach, reorder of the moved items only', async () => {
    const { calls } = answers();
    await provider.attachPlan(3, 4, 12);
    await provider.detachPlan(3, 4, 12);
    const failures = await provider.reorder('faq', {
      meta: { accommodationId: 3 },
      changes: [
        { id: 5, display_order: 0 },
        { id: 6, display_order: 1 },
      ],
    });
    expect(failures).toEqual([]);
    expect(calls.map((c) => [c.method, path(c.url), c.body])).toEqual([
      ['PATCH', '/api/accommodations/3/rooms/4/attach/12', ''],
      ['DELETE', '/api/accommodations/3/rooms/4/attach/12', ''],
      ['PATCH', '/api/accommodation/3/faq/5', JSON.stringify({ display_order: 0 })],
      ['PATCH', '/api/accommodation/3/faq/6', JSON.stringify({ display_order: 1 })],
    ]);
  });
});

describe('the dataProvider merges its method modules without a repeated name', () => {
  // Every `...Methods` object of dataProvider/methods/, as the provider spreads them: a name two
  // modules share (or one react-admin's CRUD already has) would silently lose one of them.
  const modules = import.meta.glob<Record<string, unknown>>('../../dataProvider/methods/*.ts', { eager: true });
  const groups = Object.entries(modules).flatMap(([file, exports]) =>
    Object.entries(exports)
      .filter(([name, value]) => name.endsWith('Methods') && typeof value === 'object' && value !== null)
      .map(([name, value]) => ({ name: `${file.replace(/^.*\//, '')} ${name}`, keys: Object.keys(value as object) })),
  );

  it('finds each name in one module only, and none among the CRUD calls', () => {
    const owners = new Map<string, string[]>();
    const add = (key: string, owner: string) => owners.set(key, [...(owners.get(key) ?? []), owner]);
    for (const key of Object.keys(createBaseDataProvider())) add(key, 'CRUD');
    for (const group of groups) for (const key of group.keys) add(key, group.name);
    expect([...owners].filter(([, where]) => where.length > 1)).toEqual([]);
    expect(groups.length).toBeGreaterThanOrEqual(15);
  });

  it('spreads every module into the provider', () => {
    const provider = createDataProvider();
    const missing = groups.flatMap((group) =>
      group.keys.filter((key) => !(key in provider)).map((key) => `${group.name}.${key}`),
    );
    expect(missing).toEqual([]);
  });
});
