import { z } from './zod';

/**
 * A partner (supplier) of the company: who provides some options and is told of them (spec 3
 * "Supplier", 7 "Options, FAQ, suppliers"). Read here for the option overlay's partner select;
 * the partners screen (create, change, delete) comes later.
 */
export const supplierSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mail: z.string(),
});
export type Supplier = z.infer<typeof supplierSchema>;
export const supplierListSchema = z.object({ suppliers: z.array(supplierSchema) });
