import {
  supplierMessages,
  type Supplier,
  type supplierCreateSchema,
  type supplierUpdateSchema,
} from '../../contract/supplier';
import type { z } from '../../contract/zod';
import type { Db } from '../db/client';
import * as q from '../db/queries/suppliers';
import { conflict, notFound } from '../errors';
import type { CrudScope, CrudService } from '../routes/crud';

type Create = z.output<typeof supplierCreateSchema>;
type Update = z.output<typeof supplierUpdateSchema>;

/**
 * The company's partners (spec 2 "Partners", 5 "Partner"). A partner of another company is not
 * found. A partner that options still name cannot be deleted (409): those options would silently
 * turn official, and the partner would no longer be told of them.
 */
export class SupplierService implements CrudService<Supplier, Create, Update, unknown> {
  constructor(private readonly db: Db) {}

  list(scope: CrudScope): Promise<Supplier[]> {
    return q.listSuppliers(this.db, scope.user.companyId);
  }

  async get(scope: CrudScope, id: number): Promise<Supplier> {
    const supplier = await q.findSupplier(this.db, scope.user.companyId, id);
    if (!supplier) throw notFound();
    return supplier;
  }

  create(scope: CrudScope, input: Create): Promise<Supplier> {
    return this.db.transaction(async (tx) => {
      const id = await q.insertSupplier(tx, scope.user.companyId, input);
      return (await q.findSupplier(tx, scope.user.companyId, id))!;
    });
  }

  update(scope: CrudScope, id: number, input: Update): Promise<Supplier> {
    const { name, mail } = input;
    return this.db.transaction(async (tx) => {
      if (!(await q.updateSupplier(tx, scope.user.companyId, id, { name, mail }))) throw notFound();
      return (await q.findSupplier(tx, scope.user.companyId, id))!;
    });
  }

  delete(scope: CrudScope, id: number): Promise<void> {
    return this.db.transaction(async (tx) => {
      if (!(await q.lockSupplier(tx, scope.user.companyId, id))) throw notFound();
      const used = await q.countSupplierOptions(tx, id);
      if (used > 0) throw conflict(supplierMessages.inUse(used));
      await q.deleteSupplier(tx, id);
    });
  }
}
