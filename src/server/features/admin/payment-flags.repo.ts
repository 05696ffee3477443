import { and, desc, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { paymentFlags, users } from "../../db/schema";

/** Card refunds and disputes waiting for an admin's review, newest first. */
export async function openPaymentFlags(db: Db) {
  return db
    .select({
      id: paymentFlags.id,
      userId: paymentFlags.userId,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      provider: paymentFlags.provider,
      providerPaymentId: paymentFlags.providerPaymentId,
      purpose: paymentFlags.purpose,
      reason: paymentFlags.reason,
      reference: paymentFlags.reference,
      amountCents: paymentFlags.amountCents,
      shortfallCents: paymentFlags.shortfallCents,
      createdAt: paymentFlags.createdAt,
    })
    .from(paymentFlags)
    .innerJoin(users, eq(users.id, paymentFlags.userId))
    .where(isNull(paymentFlags.reviewedAt))
    .orderBy(desc(paymentFlags.createdAt));
}

/** Marks an open flag reviewed, answering it; undefined when there is no such open flag. */
export async function markPaymentFlagReviewed(db: Db, id: number, at: Date) {
  const [row] = await db
    .update(paymentFlags)
    .set({ reviewedAt: at })
    .where(and(eq(paymentFlags.id, id), isNull(paymentFlags.reviewedAt)))
    .returning({
      userId: paymentFlags.userId,
      purpose: paymentFlags.purpose,
      reason: paymentFlags.reason,
      amountCents: paymentFlags.amountCents,
      shortfallCents: paymentFlags.shortfallCents,
    });
  return row;
}
