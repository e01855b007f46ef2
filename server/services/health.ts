import type { Db } from '../db/client';
import { pingDatabase } from '../db/queries/health';

/** The liveness check (GET /api/health): the server answers, and so does its database. */
export const checkHealth = (db: Db): Promise<void> => pingDatabase(db);
