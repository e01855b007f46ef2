import type { CurrentUser } from '../auth/currentUser';
import { notFound } from '../errors';

/** 404 unless the user may reach this accommodation. */
export function assertAccommodation(user: CurrentUser, accommodationId: number): void {
  if (!user.accommodationIds.includes(accommodationId)) throw notFound();
}
