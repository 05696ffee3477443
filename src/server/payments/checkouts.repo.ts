import { and, desc, eq, gt } from "drizzle-orm";
import type { Db } from "../db/client";
import { checkoutSessions } from "../db/schema";

/** A member's checkouts still open with a provider, newest first (optionally only those since a time). */
export async function openCheckouts(db: Db, userId: number, provider: string, since?: Date) {
  return db
    .select({ id: checkoutSessions.id, createdAt: checkoutSessions.createdAt })
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.userId, userId),
        eq(checkoutSessions.provider, provider),
        eq(checkoutSessions.status, "open"),
        since ? gt(checkoutSessions.createdAt, since) : undefined,
      ),
    )
    .orderBy(desc(checkoutSessions.createdAt));
}

export async function expireCheckout(db: Db, id: string) {
  await db.update(checkoutSessions).set({ status: "expired" }).where(eq(checkoutSessions.id, id));
}
