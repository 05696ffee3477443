// Used by scripts/e2e-server.ts only (never by a journey): it opens the database itself.
import { openDatabase } from "../../src/server/db/client";
import { migrate } from "../../src/server/db/migrate";
import { insertActiveMember } from "../../src/server/test/seed-member";
import { E2E_ADMIN } from "./admin";

/**
 * Creates the journeys' site admin in a new embedded database before the server opens it: the
 * app has no way to make an admin over HTTP (DESIGN.md: `npm run admin`), and the server's
 * database is embedded, so this is done once, first.
 */
export async function seedE2eAdmin(dataDir: string): Promise<void> {
  const database = await openDatabase({ kind: "pglite", dataDir });
  try {
    await migrate(database);
    await insertActiveMember(database.db, { ...E2E_ADMIN, isAdmin: true });
  } finally {
    await database.close();
  }
}
