import type { ComponentType } from 'react';
import type { ResourceProps } from 'react-admin';
import type { PageName } from '../routes';

/**
 * What a domain's folder under resources/ registers, in its index.ts and nowhere else:
 * `export const xDomain = defineDomain({ resources, routes })`. The app (src/domains.ts) spreads
 * every domain's resources into <Admin> and its routes into <CustomRoutes>.
 * - `resources`: the react-admin <Resource>s of the domain (`defineResource`); a resource whose
 *   name is its spec address (/m/user, /m/supplier) is served there by react-admin itself.
 * - `routes`: the spec's addresses (src/routes.ts names, path -> view) the domain shows, each view
 *   loaded on first visit (`React.lazy`, or a resource's lazy list).
 * - `preload`: fetches ahead the code of the page at an address opened directly (the calendar).
 * index.ts stays light (no view's code, no zod): the shell imports it. What another domain may use
 * lives in the folder's shared.ts; the lint rule `yadoban/domain-boundaries` keeps it so.
 */
export interface Domain {
  resources: readonly ResourceProps[];
  routes: Partial<Record<PageName, ComponentType>>;
  preload?: (pathname: string) => Promise<unknown> | undefined;
}

export const defineDomain = (domain: Domain): Domain => domain;
