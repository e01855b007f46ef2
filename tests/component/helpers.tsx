import type { ReactNode } from 'react';
import { render, screen, within } from '@testing-library/react';
import { afterAll, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import type { QueryClient } from '@tanstack/react-query';
import {
  AdminContext,
  memoryStore,
  type AuthProvider,
  type DataProvider,
  type RaRecord,
  type UserIdentity,
} from 'react-admin';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { i18nProvider } from '../../i18n/i18nProvider';
import { bookingMethods } from '../../dataProvider/methods/bookings';
import { moneyMethods } from '../../dataProvider/methods/money';
import { bookMailMethods } from '../../dataProvider/methods/bookMail';
import { receivedMailMethods } from '../../dataProvider/methods/receivedMail';
import type { guestRegisterMethods } from '../../dataProvider/methods/guestRegister';
import { NO_EXTRA_FIELDS } from '../../contract/guestRegister';
import { setStoredAccommodations } from '../../dataProvider/tokenStore';
import type { AccommodationsAnswer } from '../../dataProvider/types';
import type { TimesheetGroup } from '../../contract/timesheetGroup';
import type { SyncHealthRow } from '../../contract/syncHealth';

export const demoAccommodations: AccommodationsAnswer = {
  company: { name: '株式会社やどばん' },
  accommodations: [
    { id: 1, uid: 'a1b2c3', name: 'やどばん本館', short_name: '本館', color: 'e57373', detail_url: '', room_number: 8 },
    { id: 2, uid: 'd4e5f6', name: '海辺の離れ', short_name: '離', color: '4fc3f7', detail_url: '', room_number: 3 },
  ],
};

export function storeDemoAccommodations() {
  setStoredAccommodations(demoAccommodations);
}

/** Shows the current path so a test can assert where a navigation went. */
export function LocationProbe() {
  const location = useLocation();
  return (
    <div data-testid="location" data-search={location.search}>
      {location.pathname}
    </div>
  );
}

/**
 * What the screens of these tests call: the bookings, money and booking-mail methods (each test file
 * replaces their modules with stubs through vi.mock), and the catalogue lists a screen reads with getList
 * (room types, plans, options of an accommodation), answered by the stubs' listRooms, listPlans
 * and listOptions so that a test sets them as it sets any other call.
 */
/** The method modules a screen's provider spreads (dataProvider/dataProvider.ts does the same). */
interface MethodModules {
  bookingMethods: typeof bookingMethods;
  moneyMethods: typeof moneyMethods;
  bookMailMethods: typeof bookMailMethods;
  receivedMailMethods: typeof receivedMailMethods;
  guestRegisterMethods: typeof guestRegisterMethods;
}

/**
 * The register of the booking panel unless a file stubs it: a ryokan's, no guest entered yet
 * (the panel's other tests are not about it, and must not reach the network for it).
 */
const emptyRegister: Partial<typeof guestRegisterMethods> = {
  listBookGuests: () => Promise.resolve({ guests: [], register: { status: 'none', missing: [] } }),
  getRegisterSettings: () =>
    Promise.resolve({ licence: 'ryokan', notification_number: null, extra_fields: NO_EXTRA_FIELDS }),
  getRegisterStates: () => Promise.resolve({ states: [] }),
  listMinpakuHouses: () => Promise.resolve({ houses: [] }),
};
let stubbed: Partial<Record<keyof MethodModules, object>> = {};

/**
 * Answers the screen's provider calls of method modules with stubs for this test file, as
 * `vi.mock` of those modules would (a module given here has exactly the stub's methods), without
 * replacing a module: the component files share one module graph (vitest.config.ts), so a stub
 * lasts until the file's end. Other keys (a module's helper functions) are ignored.
 */
export function stubMethods(stubs: Partial<Record<keyof MethodModules | (string & {}), unknown>>): MethodModules {
  stubbed = { ...stubbed, ...(stubs as Partial<Record<keyof MethodModules, object>>) };
  afterAll(() => {
    stubbed = {};
  });
  return stubs as unknown as MethodModules;
}

function screenDataProvider(): DataProvider {
  type Lists = Record<string, ((...args: unknown[]) => Promise<unknown[]>) | undefined>;
  const modules = {
    bookingMethods,
    moneyMethods,
    bookMailMethods,
    receivedMailMethods,
    guestRegisterMethods: emptyRegister,
    ...stubbed,
  };
  const stubs = { ...modules.bookingMethods, ...modules.moneyMethods } as unknown as Lists;
  const lists: Record<string, (meta: { accommodationId?: number }, filter: Record<string, unknown>) => unknown> = {
    rooms: (meta) => stubs.listRooms?.(meta.accommodationId),
    plans: (meta) => stubs.listPlans?.(meta.accommodationId),
    options: (meta, filter) => stubs.listOptions?.(meta.accommodationId, filter.room_id),
  };
  return {
    ...modules.bookingMethods,
    ...modules.moneyMethods,
    ...modules.bookMailMethods,
    ...modules.receivedMailMethods,
    ...modules.guestRegisterMethods,
    async getList(resource: string, params: { meta?: { accommodationId?: number }; filter?: Record<string, unknown> }) {
      const data = ((await lists[resource]?.(params.meta ?? {}, params.filter ?? {})) ?? []) as RaRecord[];
      return { data, total: data.length };
    },
  } as unknown as DataProvider;
}

/** Signed in: an administrator unless `isAdmin` is false; with `identity`, who it is. */
export function signedInAuth(isAdmin = true, identity?: UserIdentity): AuthProvider {
  return {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => ({ isAdmin }),
    ...(identity ? { getIdentity: async () => identity } : {}),
  };
}

export interface ContextOptions {
  /** The methods the screen calls (no more need be given). */
  dataProvider: object;
  authProvider?: AuthProvider;
  /** The router's address at first. */
  path?: string;
  basename?: string;
  /** react-admin's query cache, for a test to read or invalidate it. */
  queryClient?: QueryClient;
}

/** Renders inside react-admin's context (Japanese i18n, an in-memory store) under a router at `path`. */
export function renderInContext(
  ui: ReactNode,
  { dataProvider, authProvider, path = '/', basename, queryClient }: ContextOptions,
) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext
        basename={basename}
        i18nProvider={i18nProvider}
        dataProvider={dataProvider as DataProvider}
        authProvider={authProvider}
        store={memoryStore()}
        queryClient={queryClient}
      >
        {ui}
      </AdminContext>
    </MemoryRouter>,
  );
}

/** Renders inside react-admin's context (Japanese i18n, basename /m) at the given path. */
export function renderInAdmin(
  ui: ReactNode,
  { path = '/m/', authProvider }: { path?: string; authProvider?: AuthProvider } = {},
) {
  return renderInContext(
    <Routes>
      <Route
        path="/m/*"
        element={
          <>
            {ui}
            <LocationProbe />
          </>
        }
      />
      <Route path="*" element={<LocationProbe />} />
    </Routes>,
    { dataProvider: screenDataProvider(), authProvider, path, basename: '/m' },
  );
}

/** Types a date into a Japanese date picker (src/components/DatePickerJa) as a person does: year, month, day. */
export async function typeDate(label: string, date: string) {
  const group = await screen.findByRole('group', { name: label });
  const user = userEvent.setup();
  await user.click(within(group).getAllByRole('spinbutton')[0]!);
  await user.keyboard(date.replaceAll('-', ''));
  return { group, user };
}

/** The date a Japanese date picker shows, as its sections read (2026-12-24). */
export function pickerText(label: string): string {
  const group = screen.getByRole('group', { name: label });
  return within(group)
    .getAllByRole('spinbutton')
    .map((s) => s.textContent)
    .join('-');
}

/** An open shift group of three days in March 2031 (deadline 2031-02-20), as the API answers it. */
export const openShiftGroup: TimesheetGroup = {
  id: 5,
  start_date: '2031-03-01',
  end_date: '2031-03-03',
  end_at: '2031-02-20',
  release_flg: 0,
  user_no_record: [],
};

/** A facility's sync health as GET /admin/sync/health answers it: running, nothing waiting. */
export const syncHealthRow = (over: Partial<SyncHealthRow>): SyncHealthRow => ({
  accommodation_id: 1,
  name: 'やどばん本館',
  last_pull_ok_at: new Date(Date.now() - 20_000).toISOString(),
  last_push_ok_at: new Date(Date.now() - 20_000).toISOString(),
  pending_changes: 0,
  oldest_pending_at: null,
  oldest_pending_seconds: null,
  stale: false,
  stale_seconds: 0,
  stop_sell_nights: 0,
  last_error: null,
  parked_unmapped: 0,
  parked_invalid: 0,
  ...over,
});

/** jsdom has no layout: answer MUI's media queries for a screen of the given width. */
export function screenWidth(width: number) {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: (() => {
          const max = /max-width:\s*([\d.]+)px/.exec(query);
          const min = /min-width:\s*([\d.]+)px/.exec(query);
          return (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
        })(),
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}
