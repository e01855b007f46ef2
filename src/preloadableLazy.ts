import { lazy, type ComponentType } from 'react';

/**
 * React.lazy whose code may be fetched ahead (`preload`), and which then renders without
 * suspending. React 19 takes a thenable that calls back at once as already resolved; with a
 * loaded module the first render goes straight through, so a page opened by its address shows in
 * one pass, without a fallback and without the pause React takes before revealing a boundary that
 * has suspended (about 300 ms).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component, as React.lazy takes
export function preloadableLazy<M extends { default: ComponentType<any> }>(load: () => Promise<M>) {
  let loaded: M | undefined;
  let pending: Promise<M> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  const resolved = (module: M) => ({ then: (onLoaded: (m: M) => void) => onLoaded(module) }) as unknown as Promise<M>;
  const Component = lazy(() => (loaded ? resolved(loaded) : preload()));
  return { Component, preload };
}
