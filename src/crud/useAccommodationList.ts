import { useGetList, type RaRecord } from 'react-admin';

/**
 * The whole (short) list of one accommodation's resource as the API orders it (room types, plans,
 * options), read through react-admin's cache: the booking panel, the calendar and the resource's
 * own page share one copy, and a change saved on any of them refreshes the others.
 */
export function useAccommodationList<T extends RaRecord>(
  resource: 'rooms' | 'plans' | 'options',
  accommodationId: number,
  filter: Record<string, unknown> = {},
) {
  return useGetList<T>(resource, {
    filter,
    pagination: { page: 1, perPage: 1000 },
    sort: { field: '', order: 'ASC' },
    meta: { accommodationId },
  });
}
