import { lazy, Suspense, type ComponentType } from 'react';
import { LinearProgress } from '@mui/material';

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
