import { and, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import { formatMinor } from "../../../core/money";
import { competitionPagePath } from "../../../core/rules/competition-path";
import { type Payout, splitPrizePool } from "../../../core/rules/prize-split";
import type { AppContext } from "../../context";
import { type Db, queryRows, type Tx } from "../../db/client";
import { competitionParticipants, competitions, users } from "../../db/schema";
import { competitionWinEmail } from "../../email/templates";
import { abandonableTransaction } from "../../jobs/stopping";
import { poolAccount, poolBalance } from "../../ledger/accounts";
import { payPrizes, refundPaidIn } from "../../ledger/pools";
import { lockAccounts } from "../../ledger/transfer";
import { notify, queueFanout } from "../notifications/notifications.service";
import { unreviewedFlags } from "../steps/step-review.service";
import { invalidateBoard } from "./board";
import * as repo from "./competitions.repo";

type Participant = typeof competitionParticipants.$inferSelect;

/** Steps that count for the payout: a disqualified member's count as 0 (DESIGN 1, fair play). */
const entrantsOf = (all: Participant[]) =>
  all.map((p) => ({ userId: p.userId, steps: p.disqualifiedAt ? 0 : p.steps }));

/**
 * Of these members, in one read: the deleted ones (paid nothing) and the banned ones, with
 * "Banned: <reason>" (a ban holds a payout as a flag does).
 */
async function accountStates(db: Db, userIds: number[]) {
  const deleted = new Set<number>();
  const bans = new Map<number, string>();
  if (userIds.length === 0) return { deleted, bans };
  const rows = await db
    .select({
      id: users.id,
      deletedAt: users.deletedAt,
      bannedAt: users.bannedAt,
      reason: users.bannedReason,
    })
    .from(users)
    .where(and(inArray(users.id, userIds), or(isNotNull(users.deletedAt), isNotNull(users.bannedAt))));
  for (const r of rows) {
    if (r.deletedAt) deleted.add(r.id);
    else if (r.bannedAt) bans.set(r.id, `Banned: ${r.reason ?? "no reason given"}`);
  }
  return { deleted, bans };
}

/**
 * Who would be paid, and which of them wait for an admin's decision: an unreviewed step flag or a
 * ban, not cleared for this competition.
 */
export async function payoutPreview(db: Db, row: { id: number; groupId: number | null }, all: Participant[]) {
  // A deleted account is paid nothing: the pool is split as if it had not entered (DESIGN 1, walking
  // away). Deletion takes it out of the competition; this also covers one deleted before that rule.
  const { deleted, bans } = await accountStates(
    db,
    all.map((p) => p.userId),
  );
  const live = entrantsOf(all.filter((p) => !deleted.has(p.userId)));
  const payouts = splitPrizePool(await poolBalance(db, repo.poolKeyOf(row)), live);
  const ids = payouts.map((p) => p.userId);
  // One after the other: `db` is often the settlement's transaction (one connection).
  const flags = await unreviewedFlags(db, ids);
  const cleared = new Set(all.filter((p) => p.clearedAt).map((p) => p.userId));
  const reasonOf = (userId: number) =>
    [bans.get(userId), flags.get(userId)].filter((r): r is string => r !== undefined).join("; ");
  const held = payouts.filter((p) => (flags.has(p.userId) || bans.has(p.userId)) && !cleared.has(p.userId));
  return { payouts, held: held.map((p) => ({ ...p, reason: reasonOf(p.userId) })), live };
}

/** Claims an unsettled competition for this transaction; undefined when another process has it or it is done. */
async function claim(tx: Tx, id: number) {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`select id from competitions where id = ${id} and settled_at is null and deleted_at is null
      for update skip locked`,
  );
  return row ? repo.findCompetition(tx, id, "any") : undefined;
}

/** Final positions for everyone (ties share one, a disqualified member ranks on 0, a deleted one has none), in one statement. */
async function writePositions(tx: Tx, id: number) {
  await tx.execute(sql`update competition_participants p set final_position = r.pos
    from (select user_id, rank() over (order by case when disqualified_at is null then steps else 0 end desc) as pos
          from competition_participants cp
          where competition_id = ${id}
            and not exists (select 1 from users u where u.id = cp.user_id and u.deleted_at is not null)) r
    where p.competition_id = ${id} and p.user_id = r.user_id`);
}

export type SettlementOutcome = "settled" | "refunded" | "held" | "skipped";

export type SettleOptions = {
  /**
   * The scheduler's settlements: a shutdown abandons one in progress (it rolls back and throws
   * ShuttingDown) so another process settles it at once. An admin's request finishes as requests do.
   */
  abandonOnShutdown?: boolean;
};

/** A settlement that ran (paid, refunded or held for review) has no failure to show any more. */
const noFailure = { settleAttempts: 0, settleError: null, settleRetryAt: null };

/**
 * Settles one competition once its end plus the grace period has passed (DESIGN 1, payout): the
 * pool goes to the top three by steps inside the window, or back to every payer when nobody
 * walked. One transaction that claims the row first (`for update skip locked`, settled_at null),
 * so two processes never both pay and a crash midway pays nobody. A would-be winner with an
 * unreviewed step flag, or banned, holds the payout until an admin clears or disqualifies them.
 */
export async function settleCompetition(
  ctx: AppContext,
  id: number,
  options: SettleOptions = {},
): Promise<SettlementOutcome> {
  const now = ctx.clock.now();
  const inTransaction = <T>(work: (tx: Tx) => Promise<T>) =>
    options.abandonOnShutdown ? abandonableTransaction(ctx, work) : ctx.db.transaction(work);
  const result = await inTransaction(async (tx) => {
    const row = await claim(tx, id);
    if (!row || row.endDate.getTime() + ctx.config.settlementGraceMs > now.getTime()) return null;
    // Every standing is locked, in the order of the members' ids as syncs that go together take
    // them (steps.repo), so a late sync cannot change a count between this read and the payout,
    // and settlement and syncs never wait on each other in a cycle.
    const all = await tx
      .select()
      .from(competitionParticipants)
      .where(eq(competitionParticipants.competitionId, id))
      .orderBy(competitionParticipants.userId)
      .for("update");
    const pool = { ownerKey: repo.poolKeyOf(row), label: row.name };
    // The pool's account is locked before its balance is read: a contribution committing between
    // the read and the payout would otherwise stay behind in the pool, nobody's to take back.
    await lockAccounts(tx, [await poolAccount(tx, pool.ownerKey)]);
    const { payouts, held, live } = await payoutPreview(tx, row, all);
    if (held.length > 0) {
      // Each held member hears it once (the dedupe key), however often the hold is rechecked.
      await notify(
        tx,
        held.map((h) => ({
          userId: h.userId,
          kind: "review_held" as const,
          title: `${row.name}: your result is under review`,
          body: "A step review has to finish before the prizes are paid. We will tell you when it is done.",
          link: competitionPagePath(row),
          dedupeKey: `review_held:competition:${id}:user:${h.userId}`,
        })),
        now,
      );
      if (row.settlement !== "held") {
        await tx
          .update(competitions)
          .set({ settlement: "held", ...noFailure })
          .where(eq(competitions.id, id));
        ctx.log.warn({ competitionId: id, held: held.map((h) => h.userId) }, "settlement held for review");
      }
      return { outcome: "held" as const, row, payouts: [] as Payout[] };
    }
    let outcome: "settled" | "refunded" = "settled";
    if (payouts.length > 0) {
      await payPrizes(tx, pool, id, payouts);
      for (const p of payouts) {
        await tx.execute(sql`update competition_participants set prize = ${p.amount}
          where competition_id = ${id} and user_id = ${p.userId}`);
      }
    } else if (live.every((e) => e.steps === 0)) {
      // Nobody eligible: what everyone paid in goes back (a free competition simply ends).
      outcome = "refunded";
      await refundPaidIn(tx, pool, `refund:${pool.ownerKey}:nobody-eligible:${id}`);
    }
    await writePositions(tx, id);
    await tx
      .update(competitions)
      .set({ settlement: outcome, settledAt: now, ...noFailure })
      .where(eq(competitions.id, id));
    // One small row: every participant's result is written after the commit (DESIGN 2.4).
    await queueFanout(
      tx,
      {
        type: "competition_result",
        competitionId: id,
        refundKeyPrefix: `refund:${pool.ownerKey}:nobody-eligible:${id}:`,
      },
      now,
    );
    return { outcome, row, payouts };
  });
  if (!result) return "skipped";
  invalidateBoard(ctx.db);
  if (result.outcome !== "held") {
    ctx.log.info(
      { competitionId: id, outcome: result.outcome, winners: result.payouts.length },
      "competition settled",
    );
    await emailWinners(ctx, result.row, result.payouts);
  }
  return result.outcome;
}

async function emailWinners(
  ctx: AppContext,
  row: { id: number; name: string; groupId: number | null },
  payouts: Payout[],
) {
  for (const p of payouts) {
    try {
      const [u] = await ctx.db
        .select({ email: users.email, firstName: users.firstName, deletedAt: users.deletedAt })
        .from(users)
        .where(eq(users.id, p.userId));
      if (!u || u.deletedAt) continue;
      await ctx.mailer.send(
        u.email,
        competitionWinEmail(u.firstName, {
          competition: row.name,
          position: p.position,
          prize: formatMinor(p.amount),
          link: `${ctx.config.appUrl}${competitionPagePath(row)}`,
        }),
      );
    } catch (err) {
      // The prize is paid and committed: a mail that cannot go out is logged, never a failed settlement.
      ctx.log.error({ err, competitionId: row.id, userId: p.userId }, "winner email failed");
    }
  }
}
