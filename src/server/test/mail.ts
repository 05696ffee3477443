import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { emails } from "../db/schema";

/** The newest email of a template sent to an address (the outbox's stored copy), or undefined. */
export async function lastEmailTo(db: Db, to: string, template: string) {
  const [row] = await db
    .select()
    .from(emails)
    .where(and(eq(emails.toAddress, to), eq(emails.template, template)))
    .orderBy(desc(emails.id))
    .limit(1);
  return row;
}
