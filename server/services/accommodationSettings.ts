import type { AccommodationSettings, AccommodationSettingsUpdate } from '../../contract/accommodation';
import type { Db } from '../db/client';
import { findAccommodationSettings, updateAccommodationSettings } from '../db/queries/accommodations';
import { notFound } from '../errors';
import { assertAccommodation } from './access';
import { audit } from './audit';
import type { CurrentUser } from './auth';

/**
 * An accommodation's mail settings (GET/PATCH /admin/accommodations/{id}/settings): the reminder's
 * days and the opt-in automatic cancel of unpaid bookings. A change leaves an audit row
 * (target accommodation).
 */
export class AccommodationSettingsService {
  constructor(private readonly db: Db) {}

  async get(user: CurrentUser, id: number): Promise<AccommodationSettings> {
    assertAccommodation(user, id);
    const row = await findAccommodationSettings(this.db, id);
    if (!row) throw notFound();
    return row;
  }

  async update(user: CurrentUser, id: number, patch: AccommodationSettingsUpdate): Promise<AccommodationSettings> {
    assertAccommodation(user, id);
    return this.db.transaction(async (tx) => {
      const before = await findAccommodationSettings(tx, id, true);
      if (!before) throw notFound();
      await updateAccommodationSettings(tx, id, patch);
      const after = { ...before, ...patch };
      await audit(tx, user, {
        action: 'update',
        target: 'accommodation',
        targetId: id,
        accommodationId: id,
        before,
        after,
      });
      return after;
    });
  }
}
