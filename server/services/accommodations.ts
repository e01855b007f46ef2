import type { CurrentUser } from '../auth/currentUser';
import type { Db } from '../db/client';
import { findCompany, listAccommodations } from '../db/queries/accommodations';
import { notFound } from '../errors';

/** The accommodations the user may reach, and the company's name (the console's menu and header). */
export async function reachableAccommodations(db: Db, user: CurrentUser) {
  const [accommodations, company] = await Promise.all([
    listAccommodations(db, user.accommodationIds),
    findCompany(db, user.companyId),
  ]);
  return { accommodations, company: { name: company?.name ?? '' } };
}

/** One accommodation (the route has checked the user may reach it); 404 when there is none. */
export async function accommodation(db: Db, id: number) {
  const [row] = await listAccommodations(db, [id]);
  if (!row) throw notFound();
  return row;
}
