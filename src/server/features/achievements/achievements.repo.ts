import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { AchievementFacts } from "../../../core/achievements";
import { DEFAULT_STEP_GOAL } from "../../../core/constants";
import { type Db, queryRows } from "../../db/client";
import { userAchievements } from "../../db/schema";

/**
 * A member's facts in one round trip: a read model over the tables where the other features keep
 * them (steps, competitions, groups, chat, the ledger, redemptions), each an indexed look-up by
 * member. Read-only; the owning features stay the only writers.
 */
export async function facts(db: Db, userId: number): Promise<AchievementFacts> {
  const [row] = await queryRows<Record<keyof AchievementFacts, string>>(
    db,
    sql`select
      (select coalesce(sum(steps), 0) from step_days where user_id = ${userId})::text as total_steps,
      (select coalesce(max(steps), 0) from step_days where user_id = ${userId})::text as daily_steps,
      (select coalesce(max(n), 0) from (
        select count(*) as n from (
          select local_date - (row_number() over (order by local_date))::int as run
          from step_days where user_id = ${userId} and steps >= ${DEFAULT_STEP_GOAL}
        ) days group by run
      ) runs)::text as streak_days,
      (select count(*) from competition_participants where user_id = ${userId})::text as competitions_joined,
      (select count(distinct reference) from ledger_transfers
        where user_id = ${userId} and kind = 'prize')::text as competitions_won,
      (select count(*) from group_members where user_id = ${userId})::text as groups_joined,
      (select count(*) from groups where created_by = ${userId} and deleted_at is null)::text as groups_created,
      (select count(*) from group_members m join groups g on g.id = m.group_id
        where g.created_by = ${userId} and g.deleted_at is null and m.user_id <> ${userId})::text as group_recruits,
      (select count(*) from chat_messages where user_id = ${userId} and deleted_at is null)::text as chat_messages,
      (select coalesce(sum(amount), 0) from ledger_transfers
        where user_id = ${userId} and currency = 'PTS' and kind in ('earned', 'milestone', 'bonus'))::text as points_earned,
      (select count(*) from gift_card_redemptions where user_id = ${userId} and status <> 'failed')::text as redemptions`,
  );
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])) as AchievementFacts;
}

export async function unlocked(db: Db, userId: number) {
  return db
    .select()
    .from(userAchievements)
    .where(eq(userAchievements.userId, userId))
    .orderBy(asc(userAchievements.unlockedAt), asc(userAchievements.achievementId));
}

/** Records unlocks; answers only those not unlocked before (a concurrent check unlocks each once). */
export async function unlock(db: Db, userId: number, ids: string[], at: Date): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .insert(userAchievements)
    .values(ids.map((achievementId) => ({ userId, achievementId, unlockedAt: at })))
    .onConflictDoNothing()
    .returning({ id: userAchievements.achievementId });
  return rows.map((r) => r.id);
}

/** Marks an unlocked achievement viewed; false when the member has not unlocked it. */
export async function markViewed(db: Db, userId: number, achievementId: string, at: Date): Promise<boolean> {
  const where = and(eq(userAchievements.userId, userId), eq(userAchievements.achievementId, achievementId));
  await db
    .update(userAchievements)
    .set({ viewedAt: at })
    .where(and(where, isNull(userAchievements.viewedAt)));
  const [row] = await db.select({ id: userAchievements.achievementId }).from(userAchievements).where(where);
  return row !== undefined;
}
