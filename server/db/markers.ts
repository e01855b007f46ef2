/**
 * The `application_name` of a server process's query pool (its LISTEN connection has its own,
 * notifications.ts): `npm run restore` looks for both in pg_stat_activity to refuse restoring
 * under a running server.
 */
export const SERVER_APPLICATION_NAME = 'yadoban-server';

/** The database-level setting a restore leaves, so that a server never seeds demo data there. */
export const RESTORED_SETTING = 'yadoban.restored';
