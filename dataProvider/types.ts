/**
 * What the console reads from the API about the signed-in user and their accommodations. The
 * shapes are the contract's (type-only imports: zod stays out of the browser bundle).
 */
export type { Accommodation, AccommodationList as AccommodationsAnswer, Company } from '../contract/accommodation';
export type { Me } from '../contract/user';

/** POST /oauth/auth. */
export interface TokenAnswer {
  access_token: string;
  refresh_token: string;
  token_type: string;
  expires_in?: number;
}
