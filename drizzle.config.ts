import { defineConfig } from 'drizzle-kit';

/** SQLite: `npx drizzle-kit generate --name <what>` (the PostgreSQL schema has drizzle.postgres.config.ts). */
export default defineConfig({
  dialect: 'sqlite',
  schema: './src/storage/sqlite/schema.ts',
  out: './migrations/sqlite',
});
