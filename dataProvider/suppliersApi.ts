import type { Supplier } from '../contract/supplier';
import { apiUrl } from './config';
import { httpClient } from './httpClient';

export type { Supplier };

/** The company's partners (spec 7 "Options, FAQ, suppliers"), by id: the option overlay's partner select. */
export async function listSuppliers(): Promise<Supplier[]> {
  return (await httpClient<{ suppliers: Supplier[] }>(apiUrl('/admin/suppliers'))).json.suppliers;
}
