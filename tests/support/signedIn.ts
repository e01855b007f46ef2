import type { Accommodation } from '../../contract/accommodation';
import { httpClient } from './http';
import { ADMIN, STAFF, startTestServer, type TestServer } from './testServer';

export interface SignedIn {
  server: TestServer;
  http: ReturnType<typeof httpClient>;
  /** Access tokens of the demo administrator and of the staff user granted the first accommodation. */
  admin: string;
  staff: string;
  /** The company's three accommodations, as the administrator sees them. */
  accommodations: Accommodation[];
}

/** A test server on its own copy of the demo database (with `env` set), with both demo users signed in. */
export async function startSignedIn(env: Record<string, string> = {}): Promise<SignedIn> {
  const server = await startTestServer(env);
  const http = httpClient(server.baseUrl);
  const admin = (await http.login(ADMIN)).access_token;
  const staff = (await http.login(STAFF)).access_token;
  const accommodations = (await http.get('/api/accommodations', admin)).body.accommodations;
  return { server, http, admin, staff, accommodations };
}
