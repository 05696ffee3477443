import { and, asc, desc, eq, inArray, lt, lte, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { giftCardRedemptions, rewardGiftCards, users } from "../../db/schema";

export type RedemptionRow = typeof giftCardRedemptions.$inferSelect;
export type NewRedemption = typeof giftCardRedemptions.$inferInsert;

/** The states in which the card is not the member's yet and nothing was refunded. */
export const OPEN_STATUSES = ["pending", "issuing", "ordered"] as const;
const r = giftCardRedemptions;
const isOpen = inArray(r.status, [...OPEN_STATUSES]);

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
  const [row] = await db.select().from(r).where(eq(r.requestKey, requestKey));
  return row ?? null;
}

/** The new redemption, or null when a redemption with its request key exists already. */
export async function insert(tx: Tx, row: NewRedemption): Promise<RedemptionRow | null> {
  const [created] = await tx.insert(r).values(row).onConflictDoNothing().returning();
  return created ?? null;
}

export async function setTransfer(tx: Tx, id: number, transferId: number) {
  await tx.update(r).set({ transferId }).where(eq(r.id, id));
}

/**
 * Claims a redemption for one process to talk to the provider about: from one of `from`, or
 * issuing by a process that stopped before `staleBefore`. Counts the attempt.
 */
export async function claim(
  db: Db,
  id: number,
  at: Date,
  staleBefore: Date,
  from: ("pending" | "ordered")[] = ["pending"],
): Promise<RedemptionRow | null> {
  const [row] = await db
    .update(r)
    .set({ status: "issuing", claimedAt: at, attempts: sql`${r.attempts} + 1` })
    .where(
      and(
        eq(r.id, id),
        or(inArray(r.status, from), and(eq(r.status, "issuing"), lt(r.claimedAt, staleBefore))),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * Takes the turn to ask the provider about an order it has (ordered, due): one process per turn;
 * the next turn is due at `next`.
 */
export async function claimCheck(db: Db, id: number, now: Date, next: Date): Promise<RedemptionRow | null> {
  const [row] = await db
    .update(r)
    .set({ nextCheckAt: next, attempts: sql`${r.attempts} + 1` })
    .where(and(eq(r.id, id), eq(r.status, "ordered"), lte(r.nextCheckAt, now)))
    .returning();
  return row ?? null;
}

/** An admin asks about an order now, out of turn: counted, and the next turn moved to `next`. */
export async function countCheck(db: Db, id: number, next: Date) {
  await db
    .update(r)
    .set({ nextCheckAt: next, attempts: sql`${r.attempts} + 1` })
    .where(and(eq(r.id, id), eq(r.status, "ordered")));
}

/** Gives a claimed redemption back (ordered when the provider has its order), to be tried at `next`. */
export async function release(db: Db, id: number, lastError: string | null, next: Date) {
  await db
    .update(r)
    .set({
      status: sql`case when ${r.providerReference} is null then 'pending' else 'ordered' end`,
      lastError,
      nextCheckAt: next,
    })
    .where(and(eq(r.id, id), eq(r.status, "issuing")));
}

/** An unclear failure while asking about an order: noted, and asked again at `next`. */
export async function noteError(db: Db, id: number, lastError: string, next: Date) {
  await db
    .update(r)
    .set({ lastError, nextCheckAt: next })
    .where(and(eq(r.id, id), isOpen));
}

/** The provider has the order and has not delivered it: asked about again at `next`. */
export async function markOrdered(
  db: Db,
  id: number,
  order: { providerReference: string; providerRewardId: string | null; giftCardLink: string | null },
  next: Date,
): Promise<RedemptionRow | null> {
  const [row] = await db
    .update(r)
    .set({ ...order, status: "ordered", lastError: null, nextCheckAt: next })
    .where(and(eq(r.id, id), inArray(r.status, ["pending", "issuing"])))
    .returning();
  return row ?? null;
}

/** The card is the member's: only the first caller moves an open redemption here. */
export async function markDelivered(
  tx: Tx,
  id: number,
  done: {
    status: "delivered" | "fulfilled";
    giftCardCode: string | null;
    giftCardLink: string | null;
    providerReference: string;
    providerRewardId: string | null;
    deliveredAt: Date;
  },
): Promise<RedemptionRow | null> {
  const [row] = await tx
    .update(r)
    .set({ ...done, lastError: null, nextCheckAt: null })
    .where(and(eq(r.id, id), isOpen))
    .returning();
  return row ?? null;
}

/** Nothing was issued: only the first caller moves an open redemption here (and refunds it). */
export async function markFailed(
  tx: Tx,
  id: number,
  reason: string,
  at: Date,
): Promise<RedemptionRow | null> {
  const [row] = await tx
    .update(r)
    .set({ status: "failed", lastError: reason, failedAt: at, nextCheckAt: null })
    .where(and(eq(r.id, id), isOpen))
    .returning();
  return row ?? null;
}

export async function byId(db: Db, id: number): Promise<RedemptionRow | null> {
  const [row] = await db.select().from(r).where(eq(r.id, id));
  return row ?? null;
}

/**
 * What the fulfilment job should look at now: orders not placed or not delivered whose turn has
 * come, and claims of processes that stopped before `staleBefore`.
 */
export async function due(db: Db, now: Date, staleBefore: Date, limit = 100) {
  return db
    .select()
    .from(r)
    .where(
      or(
        and(inArray(r.status, ["pending", "ordered"]), lte(r.nextCheckAt, now)),
        and(eq(r.status, "issuing"), lt(r.claimedAt, staleBefore)),
      ),
    )
    .orderBy(asc(r.nextCheckAt), asc(r.id))
    .limit(limit);
}

/** The name the provider's order carries for the member. */
export async function recipientName(db: Db, userId: number): Promise<string> {
  const [u] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, username: users.username })
    .from(users)
    .where(eq(users.id, userId));
  return `${u?.firstName ?? ""} ${u?.lastName ?? ""}`.trim() || u?.username || "StepRace member";
}

/** A member's redemptions in one currency, newest first. */
export async function ofMember(db: Db, userId: number, currency: "PTS" | "FC", limit: number) {
  return db
    .select()
    .from(r)
    .where(and(eq(r.userId, userId), eq(r.currency, currency)))
    .orderBy(desc(r.id))
    .limit(limit);
}

/** The admin queue: open (pending) or failed redemptions with their member, newest first, by id. */
export async function adminPage(db: Db, status: "pending" | "failed", limit: number, beforeId?: number) {
  return db
    .select({ redemption: r, username: users.username })
    .from(r)
    .innerJoin(users, eq(users.id, r.userId))
    .where(
      and(
        status === "pending" ? isOpen : eq(r.status, "failed"),
        beforeId === undefined ? undefined : lt(r.id, beforeId),
      ),
    )
    .orderBy(desc(r.id))
    .limit(limit + 1);
}

/** One redemption with its member's username. */
export async function withMember(db: Db, id: number) {
  const [row] = await db
    .select({ redemption: r, username: users.username })
    .from(r)
    .innerJoin(users, eq(users.id, r.userId))
    .where(eq(r.id, id));
  return row ?? null;
}
