import { createContext, useContext, type ReactNode } from 'react';
import type { CallMeta } from '../../dataProvider/dataProvider';

const CallMetaContext = createContext<CallMeta | undefined>(undefined);

/**
 * The `meta` every call of a generated view sends (the accommodation of a nested resource): given
 * once by the page, read by the list, the forms, the reference inputs and the delete buttons.
 */
export function CallMetaProvider({ value, children }: { value: CallMeta | undefined; children: ReactNode }) {
  return <CallMetaContext.Provider value={value}>{children}</CallMetaContext.Provider>;
}

export function useCallMeta(): CallMeta | undefined {
  return useContext(CallMetaContext);
}
