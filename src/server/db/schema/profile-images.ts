import { customType, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users";

/** Raw bytes: node-postgres answers a Buffer, PGlite a Uint8Array. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });

/**
 * A member's avatar, re-encoded to a square WebP (DESIGN 1, profile images): kept in the database
 * so that every server process serves it; `hash` names the content in its URL.
 */
export const profileImages = pgTable("profile_images", {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  hash: text().notNull(),
  contentType: text().notNull(),
  content: bytea().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
});
