import { supplierEntity, supplierMessages } from '../../contract/supplier';
import type { Db } from '../db/client';
import { countSupplierOptions, listSuppliers } from '../db/queries/suppliers';
import { suppliers } from '../db/schema';
import { conflict } from '../errors';
import { tableCrud } from './tableCrud';

/**
 * Partners (spec 7 "supplier"): a plain entity of the company, its rules those of its description.
 * A partner that options still name is not deleted (409): those options would silently turn official.
 */
export function supplierCrud(db: Db) {
  return tableCrud(db, {
    entity: supplierEntity,
    table: suppliers,
    scope: { column: suppliers.companyId, by: 'company' },
    orderBy: [suppliers.id],
    beforeDelete: async (tx, id) => {
      const used = await countSupplierOptions(tx, id);
      if (used > 0) throw conflict(supplierMessages.inUse(used));
    },
  });
}

/** The company's partners, by id: the option overlay's choices. */
export const supplierChoices = (db: Db, companyId: number) => listSuppliers(db, companyId);
