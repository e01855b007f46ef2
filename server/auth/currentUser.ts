/** Who is calling: what every route needs to scope its answer. */
export interface CurrentUser {
  id: number;
  companyId: number;
  name: string;
  mail: string;
  userType: number;
  isAdmin: boolean;
  sessionId: string;
  /** Accommodations this user may reach (all of the company for an administrator). */
  accommodationIds: readonly number[];
}
