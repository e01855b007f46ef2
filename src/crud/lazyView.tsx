import { lazy, Suspense, type ComponentType } from 'react';
import { LinearProgress } from '@mui/material';
import type { ResourceName } from '../../contract/resourceApi';

/**
 * A view loaded with its page (its generated list, forms, the schemas and zod), so that registering
 * a resource in the shell adds nothing to the first load.
 */
export function lazyView(load: () => Promise<{ default: ComponentType }>): ComponentType {
  const View = lazy(load);
  return function LazyView() {
    return (
      <Suspense fallback={<LinearProgress />}>
        <View />
      </Suspense>
    );
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
