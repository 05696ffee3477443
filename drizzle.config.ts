import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./src/server/db/schema/index.ts",
  out: "./drizzle",
  // Tables and columns are snake_case in the database, camelCase in TypeScript.
  casing: "snake_case",
});
