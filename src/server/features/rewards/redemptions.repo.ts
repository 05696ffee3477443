import { and, asc, desc, eq, lt, or } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { giftCardRedemptions, rewardGiftCards } from "../../db/schema";

export type RedemptionRow = typeof giftCardRedemptions.$inferSelect;
export type NewRedemption = typeof giftCardRedemptions.$inferInsert;

export async function activeGiftCards(db: Db) {
  return db
    .select()
    .from(rewardGiftCards)
    .where(eq(rewardGiftCards.active, true))
    .orderBy(asc(rewardGiftCards.sortOrder), asc(rewardGiftCards.id));
}

export async function giftCard(db: Db | Tx, id: number) {
  const [row] = await db.select().from(rewardGiftCards).where(eq(rewardGiftCards.id, id));
  return row ?? null;
}

export async function byRequestKey(db: Db | Tx, requestKey: string): Promise<RedemptionRow | null> {
  const [row] = await db
    .select()
    .from(giftCardRedemptions)
    .where(eq(giftCardRedemptions.requestKey, requestKey));
  return row ?? null;
}

/** The new redemption, or null when a redemption with its request key exists already. */
export async function insert(tx: Tx, row: NewRedemption): Promise<RedemptionRow | null> {
  const [created] = await tx.insert(giftCardRedemptions).values(row).onConflictDoNothing().returning();
  return created ?? null;
}

export async function setTransfer(tx: Tx, id: number, transferId: number) {
  await tx.update(giftCardRedemptions).set({ transferId }).where(eq(giftCardRedemptions.id, id));
}

/** Claims an order for issuing: pending, or issuing by a process that stopped long ago. */
export async function claim(db: Db, id: number, at: Date, staleBefore: Date): Promise<RedemptionRow | null> {
  const [row] = await db
    .update(giftCardRedemptions)
    .set({ status: "issuing", claimedAt: at })
    .where(
      and(
        eq(giftCardRedemptions.id, id),
        or(
          eq(giftCardRedemptions.status, "pending"),
          and(eq(giftCardRedemptions.status, "issuing"), lt(giftCardRedemptions.claimedAt, staleBefore)),
        ),
      ),
    )
    .returning();
  return row ?? null;
}

/** Gives a claimed order back to the fulfilment job. */
export async function release(db: Db, id: number) {
  await db
    .update(giftCardRedemptions)
    .set({ status: "pending" })
    .where(and(eq(giftCardRedemptions.id, id), eq(giftCardRedemptions.status, "issuing")));
}

/** Orders left pending before `pendingBefore`, or claimed before `claimedBefore` and never finished. */
export async function unfinished(db: Db, pendingBefore: Date, claimedBefore: Date, limit = 100) {
  return db
    .select()
    .from(giftCardRedemptions)
    .where(
      or(
        and(eq(giftCardRedemptions.status, "pending"), lt(giftCardRedemptions.createdAt, pendingBefore)),
        and(eq(giftCardRedemptions.status, "issuing"), lt(giftCardRedemptions.claimedAt, claimedBefore)),
      ),
    )
    .orderBy(asc(giftCardRedemptions.id))
    .limit(limit);
}

/** Records the issued code of the order this process claimed (it then sends the email). */
export async function markIssued(
  db: Db,
  id: number,
  issued: { status: string; giftCardCode: string; providerReference: string },
): Promise<RedemptionRow | null> {
  const [row] = await db
    .update(giftCardRedemptions)
    .set(issued)
    .where(and(eq(giftCardRedemptions.id, id), eq(giftCardRedemptions.status, "issuing")))
    .returning();
  return row ?? null;
}

export async function markFailed(tx: Tx, id: number) {
  const [row] = await tx
    .update(giftCardRedemptions)
    .set({ status: "failed" })
    .where(and(eq(giftCardRedemptions.id, id), eq(giftCardRedemptions.status, "issuing")))
    .returning();
  return row ?? null;
}

export async function byId(db: Db, id: number): Promise<RedemptionRow> {
  const [row] = await db.select().from(giftCardRedemptions).where(eq(giftCardRedemptions.id, id));
  return row;
}

/** A member's redemptions in one currency, newest first. */
export async function ofMember(db: Db, userId: number, currency: "PTS" | "FC", limit: number) {
  return db
    .select()
    .from(giftCardRedemptions)
    .where(and(eq(giftCardRedemptions.userId, userId), eq(giftCardRedemptions.currency, currency)))
    .orderBy(desc(giftCardRedemptions.id))
    .limit(limit);
}
