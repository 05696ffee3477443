import { sql } from "drizzle-orm";
import { loadConfig } from "../config";
import { configuredDatabase, openDatabase } from "../db/client";
import { migrate } from "../db/migrate";
import { users } from "../db/schema";

/** `npm run admin -- <username>` grants site admin to an existing user. */
const username = process.argv[2];
if (!username) {
  console.error("Usage: npm run admin -- <username>");
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase(configuredDatabase(config));
try {
  await migrate(database);
  const rows = await database.db
    .update(users)
    .set({ isAdmin: true })
    .where(sql`lower(${users.username}) = lower(${username}) and ${users.deletedAt} is null`)
    .returning({ username: users.username });
  if (rows.length === 0) {
    console.error(`No user named "${username}".`);
    process.exitCode = 1;
  } else {
    console.log(`${rows[0].username} is now a site admin.`);
  }
} finally {
  await database.close();
}
