import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import {
  COMPETITION_LEADERBOARD_SIZE,
  COMPLETED_VISIBLE_MS,
  STANDINGS_PAGE_SIZE,
} from "../../../core/constants";
import { formatMinor } from "../../../core/money";
import {
  type Competition,
  type CompetitionBody,
  type CompetitionDetail,
  START_IN_FUTURE_MESSAGE,
} from "../../../core/schemas/competitions";
import type { AppContext } from "../../context";
import { type CompetitionRow, competitions } from "../../db/schema";
import { badRequest, conflict, forbidden, notFound } from "../../errors";
import { requireAdminTwoFactor } from "../../http/access";
import { requireAdmin, requireUser, type Viewer, type ViewerUser } from "../../http/viewer";
import { poolAccount } from "../../ledger/accounts";
import { refundPaidIn } from "../../ledger/pools";
import { changedFields, recordAdminAction } from "../audit/audit.service";
import { queueFanout } from "../notifications/notifications.service";
import { invalidateBoard, sharedBoard } from "./board";

/** Other features drop the shared competitions board through here (a ban leaves it at once). */
export { invalidateBoard };

import * as repo from "./competitions.repo";
import { toCompetition } from "./competitions.view";
import { standingsPage } from "./standings.repo";

export const competitionNotFound = () => notFound("Competition not found");

/**
 * Answers competitions as the cards show them: top 5, and the winners of settled ones (everyone's,
 * so a second stale is fine: the rows, with the viewer's own part, come from the primary).
 */
async function present(ctx: AppContext, rows: repo.CompetitionListRow[], now: Date): Promise<Competition[]> {
  const ids = rows.map((r) => r.id);
  const settled = rows.filter((r) => r.settlement === "settled").map((r) => r.id);
  const [top, winners] = await Promise.all([
    repo.topOf(ctx.staleOkDb, ids, COMPETITION_LEADERBOARD_SIZE),
    repo.winnersOf(ctx.staleOkDb, settled),
  ]);
  return rows.map((r) =>
    toCompetition(
      r,
      top.filter((t) => t.competitionId === r.id),
      winners.filter((w) => w.competitionId === r.id),
      now,
    ),
  );
}

/**
 * Upcoming and active competitions, plus the viewer's own completed in the last 7 days: the shared
 * board (at most a second old) with the viewer's own standings, read live, laid over it.
 */
export async function list(ctx: AppContext, viewer: Viewer): Promise<Competition[]> {
  const user = requireUser(viewer);
  const now = ctx.clock.now();
  const recentSince = new Date(now.getTime() - COMPLETED_VISIBLE_MS);
  const [board, mine] = await Promise.all([
    sharedBoard(ctx, now),
    repo.viewerStandings(ctx.db, user.id, recentSince),
  ]);
  const own = new Map(mine.map((m) => [m.competitionId, m]));
  const out: Competition[] = [];
  for (const row of board.rows) {
    const me = own.get(row.id);
    if (row.endDate.getTime() <= now.getTime() && !(me && row.endDate.getTime() > recentSince.getTime()))
      continue;
    const withMe = {
      ...row,
      myUserId: me ? user.id : null,
      mySteps: me?.steps ?? null,
      ahead: me?.ahead ?? null,
    };
    out.push(toCompetition(withMe, board.top.get(row.id) ?? [], board.winners.get(row.id) ?? [], now));
  }
  return out;
}

export async function active(ctx: AppContext, viewer: Viewer): Promise<Competition[]> {
  const user = requireUser(viewer);
  const now = ctx.clock.now();
  return present(ctx, await repo.listForViewer(ctx.db, user.id, { kind: "active", now }), now);
}

async function one(ctx: AppContext, user: ViewerUser, id: number): Promise<Competition> {
  const now = ctx.clock.now();
  const [row] = await repo.listForViewer(ctx.db, user.id, { kind: "id", id });
  if (!row) throw competitionNotFound();
  return (await present(ctx, [row], now))[0];
}

/** One competition with a page of its full standings. */
export async function detail(
  ctx: AppContext,
  viewer: Viewer,
  id: number,
  page: number,
): Promise<CompetitionDetail> {
  const user = requireUser(viewer);
  const competition = await one(ctx, user, id);
  const final = competition.settlement === "settled" || competition.settlement === "refunded";
  const entries = await standingsPage(
    ctx.staleOkDb,
    id,
    (page - 1) * STANDINGS_PAGE_SIZE,
    STANDINGS_PAGE_SIZE,
    final ? "final" : "live",
  );
  return {
    ...competition,
    standings: {
      entries,
      page,
      pageSize: STANDINGS_PAGE_SIZE,
      total: competition.participantCount,
    },
  };
}

/** The competition an invite link names (`/competitions/join/{code}`). */
export async function byInvite(ctx: AppContext, viewer: Viewer, code: string): Promise<Competition> {
  const user = requireUser(viewer);
  const [row] = await repo.listForViewer(ctx.db, user.id, { kind: "invite", code });
  if (!row) throw notFound("This invite link is invalid or the competition no longer exists");
  return (await present(ctx, [row], ctx.clock.now()))[0];
}

export function viewCompetition(ctx: AppContext, viewer: Viewer, id: number) {
  return one(ctx, requireUser(viewer), id);
}

/** Eight letters and digits, for invite links (competitions and groups). */
export const newInviteCode = () => randomBytes(6).toString("base64url").replace(/[-_]/g, "x").toUpperCase();

/** An entry fee as the audit log shows it: FitCoins ("12.50"), or null when free. */
const feeShown = (fee: number | null) => (fee === null ? null : formatMinor(fee));

/** Site admins create competitions (DESIGN 1, who edits what); the start must be in the future. */
export async function create(ctx: AppContext, viewer: Viewer, body: CompetitionBody): Promise<Competition> {
  const admin = requireAdmin(viewer);
  const startDate = new Date(body.startDate);
  if (startDate.getTime() <= ctx.clock.now().getTime()) {
    throw badRequest(START_IN_FUTURE_MESSAGE, [{ path: "startDate", message: START_IN_FUTURE_MESSAGE }]);
  }
  const row = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(competitions)
      .values({
        name: body.name,
        description: body.description,
        entryFee: body.entryFee,
        maxParticipants: body.maxParticipants,
        startDate,
        endDate: new Date(body.endDate),
        entryDeadlineHours: body.entryDeadlineHours,
        inviteCode: newInviteCode(),
        createdBy: admin.id,
      })
      .returning({ id: competitions.id });
    await recordAdminAction(tx, {
      adminId: admin.id,
      action: "competition.create",
      targetType: "competition",
      targetId: created.id,
      details: {
        name: body.name,
        entryFee: feeShown(body.entryFee),
        startDate: startDate.toISOString(),
        endDate: new Date(body.endDate).toISOString(),
      },
      at: ctx.clock.now(),
    });
    return created;
  });
  invalidateBoard(ctx.db);
  ctx.log.info({ competitionId: row.id, by: admin.id }, "competition created");
  return one(ctx, admin, row.id);
}

/**
 * The creator or a site admin; anyone else gets 403 (DESIGN 1, who edits what). A site admin's
 * change needs two-factor as every admin action does (ADMIN_REQUIRE_2FA).
 */
function requireEditor(ctx: AppContext, user: ViewerUser, row: CompetitionRow) {
  if (!user.isAdmin && row.createdBy !== user.id) {
    throw forbidden("Only the competition's creator or an admin can change it");
  }
  if (user.isAdmin) requireAdminTwoFactor(ctx.config, user);
}

/**
 * Edits a competition. The fee cannot change once a member has paid it, nor the window once the
 * competition has started (409 with the reason); a new start must still be in the future.
 */
export async function update(
  ctx: AppContext,
  viewer: Viewer,
  id: number,
  body: CompetitionBody,
): Promise<Competition> {
  const user = requireUser(viewer);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const row = await repo.lockCompetition(tx, id);
    if (!row) throw competitionNotFound();
    requireEditor(ctx, user, row);
    const startDate = new Date(body.startDate);
    const endDate = new Date(body.endDate);
    if (body.entryFee !== row.entryFee && row.participantCount > 0) {
      throw conflict("The entry fee cannot change once a member has joined");
    }
    if (body.maxParticipants !== null && body.maxParticipants < row.participantCount) {
      throw conflict(`Maximum participants cannot be below the ${row.participantCount} who have joined`);
    }
    const windowChanged =
      startDate.getTime() !== row.startDate.getTime() || endDate.getTime() !== row.endDate.getTime();
    if (windowChanged && now.getTime() >= row.startDate.getTime()) {
      throw conflict("The dates cannot change once the competition has started");
    }
    if (windowChanged && startDate.getTime() <= now.getTime()) {
      throw badRequest(START_IN_FUTURE_MESSAGE, [{ path: "startDate", message: START_IN_FUTURE_MESSAGE }]);
    }
    const changes = {
      name: body.name,
      description: body.description,
      entryFee: body.entryFee,
      maxParticipants: body.maxParticipants,
      startDate,
      endDate,
      entryDeadlineHours: body.entryDeadlineHours,
    };
    await tx.update(competitions).set(changes).where(eq(competitions.id, id));
    // Competitions are the site admins' to run: a site admin's edit is an admin action.
    if (user.isAdmin) {
      await recordAdminAction(tx, {
        adminId: user.id,
        action: "competition.edit",
        targetType: "competition",
        targetId: id,
        details: changedFields(
          { ...row, entryFee: feeShown(row.entryFee) },
          { ...changes, entryFee: feeShown(changes.entryFee) },
        ),
        at: now,
      });
    }
  });
  invalidateBoard(ctx.db);
  return one(ctx, user, id);
}

/**
 * Deletes a competition (creator or site admin): every entry fee goes back to its payer in the
 * same transaction that marks it deleted, so nobody's money is stranded in a dead pool.
 */
export async function remove(ctx: AppContext, viewer: Viewer, id: number) {
  const user = requireUser(viewer);
  const refunded = await ctx.db.transaction(async (tx) => {
    const row = await repo.lockCompetition(tx, id);
    if (!row) throw competitionNotFound();
    requireEditor(ctx, user, row);
    if (row.settledAt) throw conflict("A settled competition cannot be deleted: its prizes are paid");
    const pool = { ownerKey: repo.poolKey(id), label: row.name };
    const total = await refundPaidIn(tx, pool, `refund:${pool.ownerKey}:deleted`);
    await tx.update(competitions).set({ deletedAt: ctx.clock.now() }).where(eq(competitions.id, id));
    // Everyone in it hears of it, with what came back to them, after the commit (DESIGN 2.4).
    await queueFanout(
      tx,
      {
        type: "competition_deleted",
        competitionId: id,
        poolAccountId: await poolAccount(tx, pool.ownerKey),
        refundKeyPrefix: `refund:${pool.ownerKey}:deleted:`,
      },
      ctx.clock.now(),
    );
    if (user.isAdmin) {
      await recordAdminAction(tx, {
        adminId: user.id,
        action: "competition.delete",
        targetType: "competition",
        targetId: id,
        details: { name: row.name, refundedFitcoins: formatMinor(total) },
        at: ctx.clock.now(),
      });
    }
    return total;
  });
  invalidateBoard(ctx.db);
  ctx.log.info({ competitionId: id, by: user.id, refunded }, "competition deleted");
  return { message: "Competition deleted", refunded: formatMinor(refunded) };
}
