import { lazy, Suspense, type ComponentType } from 'react';
import { LinearProgress } from '@mui/material';
import { ResourceContextProvider } from 'react-admin';
import type { ResourceName } from '../../contract/resourceApi';

/**
 * A view loaded with its page (its generated list, forms, the schemas and zod), so that registering
 * a resource in the shell adds nothing to the first load. With `resource`, a custom page shown at a
 * spec address of its own (bulk mail at /m/mail) renders in that resource's context.
 */
export function lazyView(load: () => Promise<{ default: ComponentType }>, resource?: ResourceName): ComponentType {
  const View = lazy(load);
  return function LazyView() {
    const view = (
      <Suspense fallback={<LinearProgress />}>
        <View />
      </Suspense>
    );
    return resource ? <ResourceContextProvider value={resource}>{view}</ResourceContextProvider> : view;
  };
}

/**
 * What a resource module registers (`<Resource {...module} />`): its name, its list loaded with its
 * page, its icon and the field that names a record. Records are created and edited from the list
 * (an overlay or the settings panel), so react-admin is told the resource has both.
 */
export function defineResource(module: {
  name: ResourceName;
  list: () => Promise<{ default: ComponentType }>;
  icon: ComponentType;
  recordRepresentation: string;
}) {
  return { ...module, list: lazyView(module.list), hasCreate: true, hasEdit: true };
}
