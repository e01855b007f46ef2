import type { Config } from './config';
import type { Db } from './db/client';
import type { AuthService } from './services/auth';

/** What route plugins receive: the configuration, the database and the services. */
export interface AppContext {
  config: Config;
  db: Db;
  auth: AuthService;
  /** Why the channel cannot be reached at all (the simulator of `npm start` did not start), for staff to read. */
  channelProblem?: string;
}
