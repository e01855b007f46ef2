import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes the next numbered SQL migration from server/db/schema.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/index.ts',
  out: './server/db/migrations',
});
