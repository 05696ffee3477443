import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { stepFlags, stepRefusals, users } from "../../db/schema";

/** Accounts flagged for review and not yet reviewed, newest first, with their refusals. */
export async function openFlags(db: Db) {
  return db
    .select({
      userId: stepFlags.userId,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      flaggedAt: stepFlags.flaggedAt,
      reason: stepFlags.reason,
      refusals: sql<number>`(select count(*)::int from ${stepRefusals} r where r.user_id = ${stepFlags.userId})`,
      lastRefusedSteps: sql<
        number | null
      >`(select r.steps from ${stepRefusals} r where r.user_id = ${stepFlags.userId} order by r.created_at desc limit 1)`,
      lastAllowedSteps: sql<
        number | null
      >`(select r.allowed_steps from ${stepRefusals} r where r.user_id = ${stepFlags.userId} order by r.created_at desc limit 1)`,
    })
    .from(stepFlags)
    .innerJoin(users, eq(users.id, stepFlags.userId))
    .where(isNull(stepFlags.reviewedAt))
    .orderBy(desc(stepFlags.flaggedAt));
}

/** Marks an open flag reviewed, answering it; undefined when the member has no open flag. */
export async function markReviewed(db: Db, userId: number, at: Date) {
  const [row] = await db
    .update(stepFlags)
    .set({ reviewedAt: at })
    .where(and(eq(stepFlags.userId, userId), isNull(stepFlags.reviewedAt)))
    .returning({ reason: stepFlags.reason, flaggedAt: stepFlags.flaggedAt });
  return row;
}

/** The open flags of these members. */
export function openFlagsOf(db: Db, userIds: number[]) {
  return db
    .select({ userId: stepFlags.userId, reason: stepFlags.reason })
    .from(stepFlags)
    .where(and(inArray(stepFlags.userId, userIds), isNull(stepFlags.reviewedAt)));
}
