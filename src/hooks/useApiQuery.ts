import { keepPreviousData, useQuery } from '@tanstack/react-query';

export type Loaded<T> = { status: 'loading' } | { status: 'failed'; error: unknown } | { status: 'ready'; data: T };

/**
 * Loads what a screen shows beyond react-admin's record hooks (a dashboard section, a page of
 * received mail) through react-admin's own query client: keyed under the resource it reads first
 * (`['books', 'unpaid']`), so react-admin's refresh (the header's button, a save elsewhere) reloads
 * it with everything else. Everything the answer depends on belongs in the key (the day, the
 * page, the facilities, a `version` the screen moves after a change). While a new key loads, the
 * rows already shown stay (unless `keepPrevious` is false: another guest's stays are never shown
 * for this one's); only the first load shows the spinner. A failure is shown at once (no
 * retry): the screen says so and the next refresh asks again.
 */
export function useApiQuery<T>(
  key: readonly unknown[],
  load: (signal: AbortSignal) => Promise<T>,
  {
    enabled = true,
    keepPrevious = true,
    refetchInterval = false,
  }: {
    enabled?: boolean;
    keepPrevious?: boolean;
    /** Asked again every so many milliseconds (false: only on a refresh), for what changes on its own. */
    refetchInterval?: number | false | ((data: T | undefined) => number | false);
  } = {},
): Loaded<T> {
  const query = useQuery({
    queryKey: key,
    // Asked from a promise: a call that throws at once fails the load like one that rejects.
    queryFn: ({ signal }) => Promise.resolve(signal).then(load),
    // keepPreviousData is typed for data that is never a function, which a generic T cannot promise.
    placeholderData: (keepPrevious ? keepPreviousData : undefined) as undefined,
    retry: false,
    refetchOnWindowFocus: false,
    enabled,
    refetchInterval:
      typeof refetchInterval === 'function' ? (query) => refetchInterval(query.state.data) : refetchInterval,
  });
  if (query.isError) return { status: 'failed', error: query.error };
  if (query.data !== undefined) return { status: 'ready', data: query.data };
  return { status: 'loading' };
}

/** The rows of a loaded list, none while loading or after a failure. */
export function rowsOf<T>(state: Loaded<T[]>): T[] {
  return state.status === 'ready' ? state.data : [];
}
