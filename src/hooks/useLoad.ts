import { useEffect, useState } from 'react';

export type Loaded<T> = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; data: T };

/**
 * Loads one section of the dashboard, again whenever `version` changes (after a change in the
 * booking panel or a refund). While it reloads, the rows already shown stay; only the first load
 * shows the spinner. `load` must be stable (useCallback) or it reloads on every render.
 */
export function useLoad<T>(load: () => Promise<T>, version: number): Loaded<T> {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  useEffect(() => {
    let alive = true;
    load().then(
      (data) => alive && setState({ status: 'ready', data }),
      () => alive && setState({ status: 'failed' }),
    );
    return () => {
      alive = false;
    };
  }, [load, version]);
  return state;
}

/** The rows of a loaded list, none while loading or after a failure. */
export function rowsOf<T>(state: Loaded<T[]>): T[] {
  return state.status === 'ready' ? state.data : [];
}
