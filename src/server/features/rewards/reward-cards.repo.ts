import { asc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { giftCardRedemptions, rewardGiftCards } from "../../db/schema";

export type RewardCardRow = typeof rewardGiftCards.$inferSelect;
export type NewRewardCard = typeof rewardGiftCards.$inferInsert;

// The card's column written out in full: inside a select list drizzle names it unqualified, and
// a bare "id" in the subquery would be the redemption's.
const redemptionCount = sql<number>`(select count(*)::int from ${giftCardRedemptions} r where r.gift_card_id = "reward_gift_cards"."id")`;

/** Every card of the points catalogue, in the members' order, with how often each was redeemed. */
export async function all(db: Db) {
  return db
    .select({ card: rewardGiftCards, redemptions: redemptionCount })
    .from(rewardGiftCards)
    .orderBy(asc(rewardGiftCards.sortOrder), asc(rewardGiftCards.id));
}

/**
 * One card and its redemption count. `lock` first holds its row until the transaction ends, so a
 * redemption of it (whose foreign key shares the row) waits, and the count read after is final.
 */
export async function byId(db: Db | Tx, id: number, lock = false) {
  if (lock) {
    const [held] = await db
      .select({ id: rewardGiftCards.id })
      .from(rewardGiftCards)
      .where(eq(rewardGiftCards.id, id))
      .for("update");
    if (!held) return null;
  }
  const [row] = await db
    .select({ card: rewardGiftCards, redemptions: redemptionCount })
    .from(rewardGiftCards)
    .where(eq(rewardGiftCards.id, id));
  return row ?? null;
}

export async function insert(db: Db | Tx, card: NewRewardCard): Promise<RewardCardRow> {
  const [row] = await db.insert(rewardGiftCards).values(card).returning();
  return row;
}

export async function update(db: Db | Tx, id: number, changes: Partial<NewRewardCard>) {
  const [row] = await db.update(rewardGiftCards).set(changes).where(eq(rewardGiftCards.id, id)).returning();
  return row ?? null;
}

export async function remove(db: Db | Tx, id: number) {
  await db.delete(rewardGiftCards).where(eq(rewardGiftCards.id, id));
}

/**
 * The card a member is redeeming, its row held FOR SHARE until the redemption commits. A delete
 * (which locks the row FOR UPDATE, then counts redemptions) either waits and then counts this one
 * (409: deactivate it instead), or, done first, leaves no card to redeem (404): never a redemption
 * row whose card vanished under it (a foreign-key error, a 500). An edit waits too, so the price
 * the member pays is the one they saw committed.
 */
export async function forRedemption(tx: Tx, id: number): Promise<RewardCardRow | null> {
  const [row] = await tx.select().from(rewardGiftCards).where(eq(rewardGiftCards.id, id)).for("share");
  return row ?? null;
}
