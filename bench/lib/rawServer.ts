import { PgDialect } from 'drizzle-orm/pg-core';
import Fastify from 'fastify';
import pg from 'pg';
import { listRoomsSql } from '../../server/db/queries/catalogue';

/**
 * The API benchmark's yardstick: a bare Fastify with a pg pool (the same size and settings as the
 * server's) answering GET /raw/accommodations/:id/rooms with the very statement the rooms route
 * runs, no authentication, no schema, no logging. Started as a child process by bench/api.ts.
 */
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10, options: '-c jit=off' });
const dialect = new PgDialect();
const app = Fastify({ logger: false });

app.get('/api/health', async () => ({ status: 'ok' }));
app.get<{ Params: { id: string } }>('/raw/accommodations/:id/rooms', async (request) => {
  const query = dialect.sqlToQuery(listRoomsSql(Number(request.params.id)));
  const { rows } = await pool.query(query.sql, query.params);
  return { rooms: rows };
});

await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0)),
);
