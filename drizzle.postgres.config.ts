import { defineConfig } from 'drizzle-kit';

/** PostgreSQL: `npx drizzle-kit generate --config drizzle.postgres.config.ts --name <what>`. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/storage/postgres/schema.ts',
  out: './migrations/postgres',
});
