import { and, eq, sql } from "drizzle-orm";
import { DISPUTE_WINDOW_MS } from "../../../core/constants";
import { formatMinor } from "../../../core/money";
import { entriesOpen } from "../../../core/rules/entry-cutoff";
import {
  type ChatMessage,
  type Competition,
  NON_REFUNDABLE_MESSAGE,
} from "../../../core/schemas/competitions";
import type { AppContext } from "../../context";
import type { Tx } from "../../db/client";
import {
  type CompetitionRow,
  competitionDisputes,
  competitionParticipants,
  competitions,
} from "../../db/schema";
import { AppError, conflict, forbidden } from "../../errors";
import { requireActiveSubscription, requireUser, type Viewer, type ViewerUser } from "../../http/viewer";
import { poolAccount, userAccount, userBalances } from "../../ledger/accounts";
import { refundPaidIn } from "../../ledger/pools";
import { transfer } from "../../ledger/transfer";
import { postToRoom, roomMessages } from "../chat/chat.service";
import { lockMemberSteps } from "../steps/steps.service";
import { invalidateBoard } from "./board";
import * as repo from "./competitions.repo";
import { competitionNotFound, viewCompetition } from "./competitions.service";

/** The competitions list each process shares, dropped after a change made outside this feature. */
export { invalidateBoard };

export const competitionEnded = () => new AppError(410, "COMPETITION_ENDED", "This competition has ended");

/**
 * Joins a competition and pays its entry fee into the pool, in one transaction under the
 * competition's row lock, so joins racing for the last places cannot overfill it. The member's
 * steps already walked inside the window count (DESIGN 1): summed under their step-sync lock, so
 * a sync landing meanwhile is counted exactly once (by the standings trigger after the insert).
 */
export async function join(ctx: AppContext, viewer: Viewer, id: number): Promise<Competition> {
  const user = requireActiveSubscription(viewer);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const row = await repo.lockCompetition(tx, id);
    if (!row) throw competitionNotFound();
    if (now.getTime() >= row.endDate.getTime()) throw competitionEnded();
    if (await repo.findParticipant(tx, id, user.id))
      throw conflict("You have already joined this competition");
    if (row.maxParticipants !== null && row.participantCount >= row.maxParticipants) {
      throw conflict("This competition is full");
    }
    if (!entriesOpen(now, row)) throw conflict("Entries for this competition have closed");
    await lockMemberSteps(tx, user.id);
    // The whole window, not up to `now`: a batch stamped this very instant counts too.
    const steps =
      now.getTime() >= row.startDate.getTime()
        ? await repo.stepsBetween(tx, user.id, row.startDate, row.endDate)
        : 0;
    await tx
      .insert(competitionParticipants)
      .values({ competitionId: id, userId: user.id, steps, feePaid: row.entryFee ?? 0, joinedAt: now });
    await tx
      .update(competitions)
      .set({ participantCount: sql`${competitions.participantCount} + 1` })
      .where(eq(competitions.id, id));
    if (row.entryFee) {
      try {
        await transfer(tx, {
          from: await userAccount(tx, user.id, "FC"),
          to: await poolAccount(tx, repo.poolKey(id)),
          amount: row.entryFee,
          currency: "FC",
          kind: "entry_fee",
          description: `Entry fee: ${row.name}`,
          userId: user.id,
          reference: repo.poolKey(id),
        });
      } catch (err) {
        if (err instanceof AppError && err.code === "INSUFFICIENT_FUNDS") {
          const { fc } = await userBalances(tx, user.id);
          throw new AppError(
            422,
            "INSUFFICIENT_FUNDS",
            `Insufficient FitCoins: the entry fee is ${formatMinor(row.entryFee)} FC and you have ${formatMinor(fc)} FC`,
          );
        }
        throw err;
      }
    }
  });
  invalidateBoard(ctx.db);
  ctx.log.info({ competitionId: id, userId: user.id }, "competition joined");
  return viewCompetition(ctx, viewer, id);
}

/** Leaves before the start with the entry fee refunded; after the start, 409 (DESIGN 1, refunds). */
export async function leave(ctx: AppContext, viewer: Viewer, id: number) {
  const user = requireUser(viewer);
  const now = ctx.clock.now();
  const refunded = await ctx.db.transaction(async (tx) => {
    const row = await repo.lockCompetition(tx, id);
    if (!row) throw competitionNotFound();
    const me = await repo.findParticipant(tx, id, user.id);
    if (!me) throw conflict("You are not in this competition");
    if (now.getTime() >= row.startDate.getTime()) throw conflict(NON_REFUNDABLE_MESSAGE);
    return withdraw(tx, row, me, now);
  });
  invalidateBoard(ctx.db);
  return {
    message:
      refunded > 0
        ? `Left the competition: ${formatMinor(refunded)} FitCoins refunded`
        : "Left the competition",
  };
}

/**
 * Takes a participant out of a competition whose row the caller has locked: the entry fee comes back
 * before the start, and stays in the pool after it (DESIGN 1, refunds). Answers the hundredths refunded.
 */
async function withdraw(
  tx: Tx,
  row: CompetitionRow,
  me: { userId: number; joinedAt: Date },
  now: Date,
): Promise<number> {
  const pool = { ownerKey: repo.poolKeyOf(row), label: row.name };
  const refunded =
    now.getTime() < row.startDate.getTime()
      ? await refundPaidIn(tx, pool, `refund:${pool.ownerKey}:leave:${me.joinedAt.getTime()}`, [me.userId])
      : 0;
  await tx
    .delete(competitionParticipants)
    .where(
      and(eq(competitionParticipants.competitionId, row.id), eq(competitionParticipants.userId, me.userId)),
    );
  await tx
    .update(competitions)
    .set({ participantCount: sql`${competitions.participantCount} - 1` })
    .where(eq(competitions.id, row.id));
  return refunded;
}

/**
 * A deleted account leaves every competition not yet paid, as leaving would (DESIGN 1, walking
 * away): the fee back before the start, none after; its steps drop out of the standings and it is
 * never paid. In the deletion's transaction, one competition at a time in id order. Group rounds are
 * left with their group (the groups feature).
 */
export async function withdrawDeletedMember(tx: Tx, userId: number, now: Date): Promise<number[]> {
  const left: number[] = [];
  for (const id of await repo.unpaidEntries(tx, userId)) {
    const row = await repo.lockCompetition(tx, id, "any");
    const me = row && !row.settledAt ? await repo.findParticipant(tx, id, userId) : undefined;
    if (!row || !me) continue;
    await withdraw(tx, row, me, now);
    left.push(id);
  }
  return left;
}

/** Whether the member may read the competition's chat: participants and site admins. */
export async function canReadChat(ctx: AppContext, user: ViewerUser, id: number): Promise<boolean> {
  if (!(await repo.findCompetition(ctx.db, id))) return false;
  return user.isAdmin || (await repo.findParticipant(ctx.db, id, user.id)) !== undefined;
}

/** Chat is for participants and site admins (DESIGN 1, chat access); others get 403. */
async function requireChatAccess(ctx: AppContext, user: ViewerUser, id: number) {
  const row = await repo.findCompetition(ctx.db, id);
  if (!row) throw competitionNotFound();
  if (!user.isAdmin && !(await repo.findParticipant(ctx.db, id, user.id))) {
    throw forbidden("Only participants can use this competition's chat");
  }
}

export async function messages(ctx: AppContext, viewer: Viewer, id: number): Promise<ChatMessage[]> {
  const user = requireUser(viewer);
  await requireChatAccess(ctx, user, id);
  return roomMessages(ctx, repo.poolKey(id), user.id);
}

export async function postMessage(ctx: AppContext, viewer: Viewer, id: number, message: string) {
  // Chatting is part of competing (DESIGN 1, lapsed members); a site admin moderates without a plan.
  const member = requireUser(viewer);
  const user = member.isAdmin ? member : requireActiveSubscription(viewer);
  await requireChatAccess(ctx, user, id);
  return postToRoom(ctx, repo.poolKey(id), user.id, message);
}

/** A participant disputes the result within 48 hours of the end (the guidelines' promise). */
export async function openDispute(ctx: AppContext, viewer: Viewer, id: number, reason: string) {
  const user = requireUser(viewer);
  const now = ctx.clock.now();
  const row = await repo.findCompetition(ctx.db, id);
  if (!row) throw competitionNotFound();
  if (!(await repo.findParticipant(ctx.db, id, user.id))) {
    throw forbidden("Only participants can dispute a competition's result");
  }
  if (now.getTime() < row.endDate.getTime())
    throw conflict("A result can be disputed once the competition has ended");
  if (now.getTime() >= row.endDate.getTime() + DISPUTE_WINDOW_MS) {
    throw conflict("Disputes must be reported within 48 hours of the competition's end");
  }
  await ctx.db
    .insert(competitionDisputes)
    .values({ competitionId: id, userId: user.id, reason, createdAt: now });
  ctx.log.warn({ competitionId: id, userId: user.id }, "competition result disputed");
  return { message: "Dispute submitted: an admin will review it" };
}
