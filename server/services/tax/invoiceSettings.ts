import {
  registrationNumberProblem,
  type InvoiceSettings,
  type InvoiceSettingsPatch,
} from '../../../contract/consumptionTax';
import type { Db } from '../../db/client';
import * as q from '../../db/queries/tax';
import { fieldError, notFound } from '../../errors';
import { audit } from '../audit';
import type { CurrentUser } from '../auth';
import { definedOnly } from '../patch';

/**
 * The company's invoice settings (GET for anyone signed in, PATCH for administrators: the route
 * says so). The registration number is checked against `corporate` as it will be after the change,
 * so that neither half of a change can leave a corporation with a number that fails its check digit.
 */
export class InvoiceSettingsService {
  constructor(private readonly db: Db) {}

  async get(user: CurrentUser): Promise<InvoiceSettings> {
    const settings = await q.findInvoiceSettings(this.db, user.companyId);
    if (!settings) throw notFound();
    return settings;
  }

  async update(user: CurrentUser, patch: InvoiceSettingsPatch): Promise<InvoiceSettings> {
    return this.db.transaction(async (tx) => {
      const before = await q.findInvoiceSettings(tx, user.companyId, true);
      if (!before) throw notFound();
      const after: InvoiceSettings = { ...before, ...definedOnly(patch) };
      const problem =
        after.registration_number && registrationNumberProblem(after.registration_number, after.corporate);
      if (problem) throw fieldError('registration_number', problem);
      await q.updateInvoiceSettings(tx, user.companyId, after);
      await audit(tx, user, { action: 'update', target: 'invoice_settings', targetId: user.companyId, before, after });
      return after;
    });
  }
}
