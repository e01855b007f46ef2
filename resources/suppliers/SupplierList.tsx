import { supplierEntity } from '../../contract/supplier';
import { EntityList } from '../../src/crud/EntityList';
import { AdminOnly } from '../../src/components/AdminOnly';

/**
 * Partners (spec 2 "Partners", /m/supplier), generated from their description: name and e-mail,
 * edit and delete (hidden on a phone, where a row opens its overlay), the create and edit overlay.
 */
export default function SupplierList() {
  return (
    <AdminOnly>
      <EntityList entity={supplierEntity} form="dialog" narrowHidden={['edit', 'delete']} />
    </AdminOnly>
  );
}
