import { fitcoinsFromMinor, formatMinor } from "../../../core/money";
import type { AdminUser, ProfileBody, UserStats } from "../../../core/schemas/members";
import type { AppContext } from "../../context";
import { badRequest, conflict, forbidden, notFound } from "../../errors";
import { effectiveStatus, requireAdmin, requireUser, type Viewer } from "../../http/viewer";
import { loadViewerUser, revokeAllSessions } from "../auth/auth.service";
import * as subscription from "../subscription/subscription.service";
import * as repo from "./members.repo";
import * as images from "./profile-image.service";

/*
 * Members managing themselves (profile, statistics, leaving) and the admin's user tools. Account
 * deletion, by the member or an admin, is one anonymisation (DESIGN 1): sessions revoked, name,
 * email and avatar removed, username freed; the ledger history stays, so no money disappears.
 */

export async function updateProfile(ctx: AppContext, viewer: Viewer, body: ProfileBody) {
  const user = requireUser(viewer);
  if (await repo.emailTakenByOther(ctx.db, body.email, user.id)) {
    throw conflict("That email address is already used by another account");
  }
  await repo.updateProfile(ctx.db, user.id, body);
}

/** The viewer as stored now (after an edit). */
export async function reloadViewer(ctx: AppContext, viewer: Viewer) {
  const user = requireUser(viewer);
  return (await loadViewerUser(ctx.db, user.id, ctx.clock.now())) ?? user;
}

export async function stats(ctx: AppContext, viewer: Viewer): Promise<UserStats> {
  const user = requireUser(viewer);
  const s = await repo.stats(ctx.db, user.id, ctx.clock.now());
  return {
    totalWinnings: fitcoinsFromMinor(s.winnings),
    competitionsWon: s.won,
    totalSteps: s.steps,
    activeCompetitions: s.active,
  };
}

/** Deletes (anonymises) a member; their membership stops renewing. */
async function deleteMember(ctx: AppContext, userId: number) {
  const now = ctx.clock.now();
  await subscription.stopRenewing(ctx, userId);
  if (!(await repo.anonymise(ctx.db, userId, now))) throw notFound("User not found");
  await images.remove(ctx.db, userId);
  await revokeAllSessions(ctx.db, userId, now);
  ctx.log.info({ userId }, "account deleted (anonymised)");
}

export async function deleteOwnAccount(ctx: AppContext, viewer: Viewer) {
  const user = requireUser(viewer);
  await deleteMember(ctx, user.id);
  return { message: "Your account has been deleted" };
}

// ---------------------------------------------------------------- admin user tools

export async function listUsers(
  ctx: AppContext,
  viewer: Viewer,
  query: { search?: string; page: number; pageSize: number },
  testOnly = false,
): Promise<AdminUser[]> {
  requireAdmin(viewer);
  const now = ctx.clock.now();
  const rows = await repo.list(ctx.db, {
    search: query.search || undefined,
    testOnly,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return rows.map((r) => ({
    id: r.id,
    username: r.username,
    email: r.email,
    firstName: r.first_name,
    lastName: r.last_name,
    balance: formatMinor(Number(r.usd)),
    fitcoins: fitcoinsFromMinor(Number(r.fc)),
    subscriptionStatus: effectiveStatus(
      r.sub_status && r.sub_provider && r.sub_end
        ? { status: r.sub_status, provider: r.sub_provider, currentPeriodEnd: new Date(r.sub_end) }
        : null,
      now,
    ),
    isAdmin: r.is_admin,
    isTestAccount: r.is_test_account,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

async function deletableMember(ctx: AppContext, id: number) {
  const target = await repo.liveUser(ctx.db, id);
  if (!target) throw notFound("User not found");
  if (target.isAdmin) throw forbidden("Admin accounts cannot be deleted");
  return target;
}

export async function adminDeleteUser(ctx: AppContext, viewer: Viewer, id: number) {
  requireAdmin(viewer);
  await deletableMember(ctx, id);
  await deleteMember(ctx, id);
  return { message: "User deleted" };
}

export async function markTest(ctx: AppContext, viewer: Viewer, id: number) {
  requireAdmin(viewer);
  const target = await repo.liveUser(ctx.db, id);
  if (!target) throw notFound("User not found");
  if (target.isAdmin) throw forbidden("Admin accounts cannot be marked as test accounts");
  if (target.isTestAccount) throw badRequest("This account is already a test account");
  await repo.markTest(ctx.db, id);
  return { message: "User marked as a test account" };
}

export async function deleteTestAccounts(ctx: AppContext, viewer: Viewer) {
  requireAdmin(viewer);
  let deletedCount = 0;
  for (const id of await repo.testAccountIds(ctx.db)) {
    await deleteMember(ctx, id);
    deletedCount++;
  }
  return { message: `Deleted ${deletedCount} test accounts`, deletedCount };
}
