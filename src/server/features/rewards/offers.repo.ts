import { and, desc, eq, lt, lte, ne, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { giftCardOffers } from "../../db/schema";

export type OfferRow = typeof giftCardOffers.$inferSelect;
export type NewOffer = typeof giftCardOffers.$inferInsert;

export async function all(db: Db): Promise<OfferRow[]> {
  return db
    .select()
    .from(giftCardOffers)
    .orderBy(desc(giftCardOffers.isActive), desc(giftCardOffers.scheduled), desc(giftCardOffers.id));
}

/**
 * The Gift Card of the Month: the active offer, when it is the offer of `month` (the current UTC
 * month). Last month's waits for the rollover to clear its flag; a later month's is not offered yet.
 */
export async function active(db: Db | Tx, month: string): Promise<OfferRow | null> {
  const [row] = await db
    .select()
    .from(giftCardOffers)
    .where(and(eq(giftCardOffers.isActive, true), eq(giftCardOffers.month, month)));
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
 * Activations, schedules, ends and the month's rollover take turns on this lock (and the partial
 * unique indexes are the last word either way), so two admins or two processes never leave two
 * offers active or scheduled for one month.
 */
export async function lockOffers(tx: Tx) {
  await tx.execute(sql`lock table gift_card_offers in share row exclusive mode`);
}

/** Makes one offer the active one (no longer scheduled). Under lockOffers. */
export async function activate(tx: Tx, id: number): Promise<OfferRow | null> {
  await tx
    .update(giftCardOffers)
    .set({ isActive: false })
    .where(and(eq(giftCardOffers.isActive, true), ne(giftCardOffers.id, id)));
  const [row] = await tx
    .update(giftCardOffers)
    .set({ isActive: true, scheduled: false })
    .where(eq(giftCardOffers.id, id))
    .returning();
  return row ?? null;
}

/** The offer scheduled for a month, if any. */
export async function scheduledFor(db: Db | Tx, month: string): Promise<OfferRow | null> {
  const [row] = await db
    .select()
    .from(giftCardOffers)
    .where(and(eq(giftCardOffers.scheduled, true), eq(giftCardOffers.month, month)));
  return row ?? null;
}

export async function setScheduled(tx: Tx, id: number): Promise<OfferRow> {
  const [row] = await tx
    .update(giftCardOffers)
    .set({ scheduled: true, isActive: false })
    .where(eq(giftCardOffers.id, id))
    .returning();
  return row;
}

/** Stops an offer being offered or scheduled; null when it was neither. Under lockOffers. */
export async function end(tx: Tx, id: number): Promise<OfferRow | null> {
  const [row] = await tx
    .update(giftCardOffers)
    .set({ isActive: false, scheduled: false })
    .where(
      and(
        eq(giftCardOffers.id, id),
        or(eq(giftCardOffers.isActive, true), eq(giftCardOffers.scheduled, true)),
      ),
    )
    .returning();
  return row ?? null;
}

/** Whether the rollover has anything to do in `month`: read without the lock, every tick. */
export async function rolloverDue(db: Db, month: string): Promise<boolean> {
  const [row] = await db
    .select({ id: giftCardOffers.id })
    .from(giftCardOffers)
    .where(
      or(
        and(eq(giftCardOffers.isActive, true), lt(giftCardOffers.month, month)),
        and(eq(giftCardOffers.scheduled, true), lte(giftCardOffers.month, month)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * The month's turn, under lockOffers: the offer of an ended month stops being offered, the offer
 * scheduled for this month becomes the active one (unless `mayStart` refuses it: then its schedule
 * is dropped and it is answered as `refused`), and a schedule whose month passed unseen (the
 * server was down all month) is dropped. Every step is a conditional update, so a second process
 * doing the same finds nothing left to do. Answers what changed.
 */
export async function rollover(
  tx: Tx,
  month: string,
  mayStart: (offer: OfferRow) => boolean,
): Promise<{ ended: OfferRow[]; started: OfferRow | null; refused: OfferRow | null; dropped: OfferRow[] }> {
  const ended = await tx
    .update(giftCardOffers)
    .set({ isActive: false })
    .where(and(eq(giftCardOffers.isActive, true), lt(giftCardOffers.month, month)))
    .returning();
  const due = await scheduledFor(tx, month);
  const refused = due && !mayStart(due) ? await end(tx, due.id) : null;
  const started = due && !refused ? await activate(tx, due.id) : null;
  const dropped = await tx
    .update(giftCardOffers)
    .set({ scheduled: false })
    .where(and(eq(giftCardOffers.scheduled, true), lt(giftCardOffers.month, month)))
    .returning();
  return { ended, started, refused, dropped };
}
