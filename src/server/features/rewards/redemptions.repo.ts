import { and, asc, desc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { giftCardRedemptions, rewardGiftCards, users } from "../../db/schema";

export type RedemptionRow = typeof giftCardRedemptions.$inferSelect;
export type NewRedemption = typeof giftCardRedemptions.$inferInsert;

/** The states in which the card is not the member's yet and nothing was refunded. */
export const OPEN_STATUSES = ["pending", "issuing", "ordered"] as const;
export type OpenStatus = (typeof OPEN_STATUSES)[number];
/** Whether a redemption is still open (the one check every caller shares with the queries below). */
export const isOpenStatus = (status: string): status is OpenStatus =>
  (OPEN_STATUSES as readonly string[]).includes(status);
const r = giftCardRedemptions;
const isOpen = inArray(r.status, [...OPEN_STATUSES]);
/** Back to where it waits: ordered once the provider has an order of ours, else pending. */
const waiting = sql`case when ${r.providerReference} is null then 'pending' else 'ordered' end`;

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
 * When the last request to place the claimed redemption's order that may still make it went out
 * (a refund waits for its late window): set as one goes out, set back once it was answered.
 */
export async function setOrderRequestedAt(db: Db, id: number, at: Date | null) {
  await db
    .update(r)
    .set({ orderRequestedAt: at })
    .where(and(eq(r.id, id), eq(r.status, "issuing")));
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

/**
 * Gives a claimed redemption back (ordered when the provider has its order), to be tried at `next`
 * (null: only an admin moves it on). `failed`: an unclear failure, counted in the error streak.
 */
export async function release(
  db: Db | Tx,
  id: number,
  lastError: string | null,
  next: Date | null,
  failed = false,
) {
  await db
    .update(r)
    .set({
      status: waiting,
      lastError,
      nextCheckAt: next,
      ...(failed ? { errorStreak: sql`${r.errorStreak} + 1` } : {}),
    })
    .where(and(eq(r.id, id), eq(r.status, "issuing")));
}

/** An unclear failure while asking about an order: noted, counted, and asked again at `next`. */
export async function noteError(db: Db | Tx, id: number, lastError: string, next: Date) {
  await db
    .update(r)
    .set({ lastError, nextCheckAt: next, errorStreak: sql`${r.errorStreak} + 1` })
    .where(and(eq(r.id, id), isOpen));
}

/**
 * Left for an admin (the order under our reference is not ours, or delivered without a code or a
 * link): the job stops looking at it, the admin queue shows `lastError`.
 */
export async function park(db: Db | Tx, id: number, lastError: string): Promise<RedemptionRow | null> {
  const [row] = await db
    .update(r)
    .set({ status: waiting, lastError, nextCheckAt: null })
    .where(and(eq(r.id, id), isOpen))
    .returning();
  return row ?? null;
}

/**
 * The provider has the order and has not delivered it: asked about again at `next`. A clear answer
 * ends the streak of unclear failures.
 */
export async function markOrdered(
  db: Db | Tx,
  id: number,
  order: {
    providerReference: string;
    providerRewardId: string | null;
    giftCardLink: string | null;
    /** Why it waits for an admin, if it does (a refund the provider did not let through). */
    lastError?: string | null;
  },
  next: Date,
): Promise<RedemptionRow | null> {
  const { lastError = null, ...ids } = order;
  const [row] = await db
    .update(r)
    .set({ ...ids, status: "ordered", lastError, errorStreak: 0, nextCheckAt: next })
    .where(and(eq(r.id, id), isOpen))
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
    .set({ ...done, lastError: null, errorStreak: 0, nextCheckAt: null })
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

/**
 * A card the provider delivered for a redemption already refunded (its order made late): its link
 * and order are kept (never shown to the member: nothing marks it delivered) and `note` says what
 * happened in the admin queue. Once: null when it is not refunded or was reported already.
 */
export async function keepLateCard(
  db: Db | Tx,
  id: number,
  card: { giftCardLink: string | null; providerReference: string; providerRewardId: string | null },
  note: string,
  at: Date,
): Promise<RedemptionRow | null> {
  const [row] = await db
    .update(r)
    .set({ ...card, lateCardAt: at, lastError: note })
    .where(and(eq(r.id, id), eq(r.status, "failed"), isNull(r.lateCardAt)))
    .returning();
  return row ?? null;
}

export async function byId(db: Db | Tx, id: number): Promise<RedemptionRow | null> {
  const [row] = await db.select().from(r).where(eq(r.id, id));
  return row ?? null;
}

/** A redemption known to exist (its id came from a row read before; rows are never deleted). */
export async function mustById(db: Db | Tx, id: number): Promise<RedemptionRow> {
  const row = await byId(db, id);
  if (!row) throw new Error(`gift card redemption ${id} not found`);
  return row;
}

/** The redemption whose order carries `reference` as its external id at the provider. */
export async function byOrderReference(db: Db | Tx, reference: string): Promise<RedemptionRow | null> {
  const [row] = await db.select().from(r).where(eq(r.orderReference, reference));
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

const ADMIN_LISTS = {
  pending: isOpen,
  failed: eq(r.status, "failed"),
  // Points cards end `delivered`, FitCoin cards `fulfilled`: both are the member's card.
  delivered: inArray(r.status, ["delivered", "fulfilled"]),
};

/**
 * The admins' lists: open (pending), failed (refunded) or delivered redemptions with their member,
 * newest first, by id (the primary key's order: no index of its own needed).
 */
export async function adminPage(db: Db, list: keyof typeof ADMIN_LISTS, limit: number, beforeId?: number) {
  return db
    .select({ redemption: r, username: users.username })
    .from(r)
    .innerJoin(users, eq(users.id, r.userId))
    .where(and(ADMIN_LISTS[list], beforeId === undefined ? undefined : lt(r.id, beforeId)))
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
