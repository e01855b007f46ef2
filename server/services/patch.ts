/** The fields a PATCH names (undefined: left as it is; null: cleared), to spread over what is stored. */
export const definedOnly = <T extends object>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
