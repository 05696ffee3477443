import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { type Db, queryRows, type Tx } from "../../db/client";
import { ledgerTransfers, pointsDays } from "../../db/schema";

/** One lock per member for awarding points (two-key advisory lock: this namespace and the user id). */
const POINTS_LOCK_NAMESPACE = 51_901;

/** Takes the member's points lock until the transaction ends; false when another holds it. */
export async function tryLockMemberPoints(tx: Tx, userId: number): Promise<boolean> {
  const [row] = await queryRows<{ locked: boolean }>(
    tx,
    sql`select pg_try_advisory_xact_lock(${POINTS_LOCK_NAMESPACE}, ${userId}) as locked`,
  );
  return row.locked;
}

export type PaidDay = { userId: number; localDate: string; blocksPaid: number; milestonePaid: number };

/** What was paid for these members' days (days never paid are absent). */
export async function paidDays(db: Db | Tx, userIds: number[], dates: string[]): Promise<PaidDay[]> {
  if (userIds.length === 0) return [];
  return db
    .select({
      userId: pointsDays.userId,
      localDate: pointsDays.localDate,
      blocksPaid: pointsDays.blocksPaid,
      milestonePaid: pointsDays.milestonePaid,
    })
    .from(pointsDays)
    .where(and(inArray(pointsDays.userId, userIds), inArray(pointsDays.localDate, dates)));
}

export async function savePaidDay(tx: Tx, day: PaidDay) {
  await tx
    .insert(pointsDays)
    .values(day)
    .onConflictDoUpdate({
      target: [pointsDays.userId, pointsDays.localDate],
      set: { blocksPaid: day.blocksPaid, milestonePaid: day.milestonePaid },
    });
}

/** Points earned (awards) and spent (redemptions less their refunds) by a member, in all. */
export async function pointTotals(db: Db, userId: number): Promise<{ earned: number; spent: number }> {
  const [row] = await queryRows<{ earned: string; spent: string }>(
    db,
    sql`select
      coalesce(sum(amount) filter (where kind in ('earned', 'milestone', 'bonus')), 0)::text as earned,
      (coalesce(sum(amount) filter (where kind = 'redemption'), 0)
        - coalesce(sum(amount) filter (where kind = 'refund'), 0))::text as spent
    from ledger_transfers where user_id = ${userId} and currency = 'PTS'`,
  );
  return { earned: Number(row.earned), spent: Number(row.spent) };
}

/** A member's point transfers, newest first (older than `beforeId` when given: paging by id). */
export async function pointTransfers(db: Db, userId: number, limit: number, beforeId?: number) {
  return db
    .select({
      id: ledgerTransfers.id,
      kind: ledgerTransfers.kind,
      amount: ledgerTransfers.amount,
      description: ledgerTransfers.description,
      createdAt: ledgerTransfers.createdAt,
    })
    .from(ledgerTransfers)
    .where(
      and(
        eq(ledgerTransfers.userId, userId),
        eq(ledgerTransfers.currency, "PTS"),
        beforeId === undefined ? undefined : lt(ledgerTransfers.id, beforeId),
      ),
    )
    .orderBy(desc(ledgerTransfers.id))
    .limit(limit);
}
