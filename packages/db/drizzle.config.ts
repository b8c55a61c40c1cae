import { defineConfig } from "drizzle-kit";

// Paths are relative to the repository root, where `npm run db:generate` runs.
export default defineConfig({
  dialect: "postgresql",
  schema: "./packages/db/src/schema/index.ts",
  out: "./packages/db/drizzle",
  strict: true,
});
