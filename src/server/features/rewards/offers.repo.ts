import { desc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { giftCardOffers } from "../../db/schema";

export type OfferRow = typeof giftCardOffers.$inferSelect;
export type NewOffer = typeof giftCardOffers.$inferInsert;

export async function all(db: Db): Promise<OfferRow[]> {
  return db.select().from(giftCardOffers).orderBy(desc(giftCardOffers.isActive), desc(giftCardOffers.id));
}

export async function active(db: Db | Tx): Promise<OfferRow | null> {
  const [row] = await db.select().from(giftCardOffers).where(eq(giftCardOffers.isActive, true));
  return row ?? null;
}

export async function byId(db: Db | Tx, id: number, lock = false): Promise<OfferRow | null> {
  const q = db.select().from(giftCardOffers).where(eq(giftCardOffers.id, id));
  const [row] = lock ? await q.for("share") : await q;
  return row ?? null;
}

export async function insert(db: Db, offer: NewOffer): Promise<OfferRow> {
  const [row] = await db.insert(giftCardOffers).values(offer).returning();
  return row;
}

export async function update(db: Db, id: number, changes: Partial<NewOffer>): Promise<OfferRow | null> {
  const [row] = await db.update(giftCardOffers).set(changes).where(eq(giftCardOffers.id, id)).returning();
  return row ?? null;
}

/**
 * Makes one offer the active one. The offers table is locked against other activations first, so
 * two admins activating at once take turns; the partial unique index is the last word either way.
 */
export async function activate(tx: Tx, id: number): Promise<OfferRow | null> {
  await tx.execute(sql`lock table gift_card_offers in share row exclusive mode`);
  const target = await byId(tx, id);
  if (!target) return null;
  await tx.update(giftCardOffers).set({ isActive: false }).where(eq(giftCardOffers.isActive, true));
  const [row] = await tx
    .update(giftCardOffers)
    .set({ isActive: true })
    .where(eq(giftCardOffers.id, id))
    .returning();
  return row;
}
