import { DELETE_PASSWORD_MISSING } from "../../../core/constants";
import { formatInZone } from "../../../core/dates";
import { fitcoinsFromMinor, formatMinor } from "../../../core/money";
import { formatCount } from "../../../core/numbers";
import type {
  AdminUser,
  DeleteAccountBody,
  DeleteTestAccountsBody,
  DeleteTestAccountsResult,
  ProfileBody,
  TestAccount,
  UserStats,
} from "../../../core/schemas/members";
import type { AppContext } from "../../context";
import type { Tx } from "../../db/client";
import { accountDeletedEmail } from "../../email/account-templates";
import { badRequest, conflict, forbidden, notFound } from "../../errors";
import { effectiveStatus, requireAdmin, requireUser, type Viewer } from "../../http/viewer";
import { stopIfShuttingDown } from "../../jobs/stopping";
import { type AdminAction, recordAdminAction } from "../audit/audit.service";
import {
  loadViewerUser,
  requireCurrentPassword,
  revokeAllSessions,
  sendVerification,
} from "../auth/auth.service";
import { forgetPasskeys } from "../auth/passkeys.service";
import { forgetTwoFactorOf } from "../auth/two-factor.service";
import * as participation from "../competitions/participation.service";
import * as membership from "../groups/membership.service";
import { forgetPushSubscriptions } from "../notifications/notifications.service";
import * as stepSources from "../step-sources/step-sources.service";
import * as subscription from "../subscription/subscription.service";
import * as repo from "./members.repo";
import * as images from "./profile-image.service";

/*
 * Members managing themselves (profile, statistics, leaving) and the admin's user tools. Account
 * deletion, by the member or an admin, is one anonymisation (DESIGN 1): sessions revoked, name,
 * email and avatar removed, username freed; the ledger history stays, so no money disappears.
 */

/**
 * Edits the profile. A new email asks for the password and does not replace the old one yet: a
 * link goes to the new address, which becomes the member's once opened (issue 30).
 */
export async function updateProfile(ctx: AppContext, viewer: Viewer, body: ProfileBody) {
  const user = requireUser(viewer);
  const { currentPassword, email, ...rest } = body;
  const newEmail = email.toLowerCase() !== user.email.toLowerCase();
  if (newEmail) {
    await requireCurrentPassword(
      ctx,
      user.id,
      currentPassword,
      "Enter your current password to change your email address.",
    );
    if (await repo.emailTakenByOther(ctx.db, email, user.id)) {
      throw conflict("That email address is already used by another account");
    }
  }
  await repo.updateProfile(ctx.db, user.id, { ...rest, email: newEmail ? user.email : email });
  if (newEmail) await sendVerification(ctx, user, email, "change");
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

/**
 * Deletes (anonymises) a member; their membership stops renewing. An admin's deletion is recorded
 * in the audit log in the transaction that anonymises.
 */
async function deleteMember(ctx: AppContext, userId: number, audit?: Omit<AdminAction, "at">) {
  const now = ctx.clock.now();
  await subscription.stopRenewing(ctx, userId);
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.anonymise(tx, userId, now))) throw notFound("User not found");
    // Nobody can reach a deleted account: it leaves every game at once and is never paid (DESIGN 1, walking away).
    await withdrawFromEverything(tx, userId, now);
    if (audit) await recordAdminAction(tx, { ...audit, at: now });
  });
  participation.invalidateBoard(ctx.db);
  await images.remove(ctx.db, userId);
  // A push endpoint names the member's browser: it goes with the account.
  await forgetPushSubscriptions(ctx.db, userId);
  await forgetPasskeys(ctx.db, userId);
  await revokeAllSessions(ctx.db, userId, now);
  await forgetTwoFactorOf(ctx.db, userId);
  // Its wearables' access is revoked; the steps they counted stay with the account's history.
  await stepSources.forgetMember(ctx, userId);
  ctx.log.info({ userId }, "account deleted (anonymised)");
}

async function withdrawFromEverything(tx: Tx, userId: number, now: Date) {
  await participation.withdrawDeletedMember(tx, userId, now);
  await membership.withdrawDeletedMember(tx, userId, now);
}

/**
 * Withdraws deleted accounts still entered somewhere (deleted before deletion did it, or a join that
 * raced the deletion), hourly in one process; one that fails is logged and the others go on.
 */
export async function withdrawDeletedMembers(ctx: AppContext) {
  for (const userId of await repo.deletedStillEntered(ctx.db, 100)) {
    stopIfShuttingDown(ctx);
    try {
      await ctx.db.transaction(async (tx) => {
        await withdrawFromEverything(tx, userId, ctx.clock.now());
      });
      ctx.log.info({ userId }, "deleted account withdrawn from its competitions and groups");
    } catch (err) {
      ctx.log.error({ err, userId }, "could not withdraw a deleted account");
    }
  }
  participation.invalidateBoard(ctx.db);
}

/** Deletes the member's own account once their password proves it is them (400 otherwise, nothing changed). */
export async function deleteOwnAccount(ctx: AppContext, viewer: Viewer, body: DeleteAccountBody) {
  const user = requireUser(viewer);
  await requireCurrentPassword(ctx, user.id, body?.currentPassword, DELETE_PASSWORD_MISSING);
  await deleteMember(ctx, user.id);
  // Confirmed to the address the account had (read before it was removed); the outbox and the
  // log do not keep it. The mailer never throws: mail is best effort.
  await ctx.mailer.send(
    user.email,
    accountDeletedEmail({
      at: formatInZone(ctx.clock.now(), user.timeZone, user.locale ?? undefined),
      supportEmail: ctx.config.supportEmail,
    }),
  );
  return { message: "Your account has been deleted" };
}

// ---------------------------------------------------------------- admin user tools

type MemberRow = Awaited<ReturnType<typeof repo.list>>[number];

function adminUser(r: MemberRow, now: Date): AdminUser {
  return {
    id: r.id,
    username: r.username,
    email: r.email,
    firstName: r.first_name,
    lastName: r.last_name,
    balance: formatMinor(Number(r.usd)),
    fitcoins: fitcoinsFromMinor(Number(r.fc)),
    points: Number(r.pts),
    subscriptionStatus: effectiveStatus(
      r.sub_status && r.sub_provider && r.sub_end
        ? { status: r.sub_status, provider: r.sub_provider, currentPeriodEnd: new Date(r.sub_end) }
        : null,
      now,
    ),
    isAdmin: r.is_admin,
    isTestAccount: r.is_test_account,
    isBanned: r.banned,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

export async function listUsers(
  ctx: AppContext,
  viewer: Viewer,
  query: { search?: string; page: number; pageSize: number },
): Promise<AdminUser[]> {
  requireAdmin(viewer);
  const now = ctx.clock.now();
  const rows = await repo.list(ctx.db, {
    search: query.search || undefined,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return rows.map((r) => adminUser(r, now));
}

/**
 * What deleting a test account would leave behind: a membership still running (it stops
 * renewing) and money in any currency (it stays on the books, out of everyone's reach).
 */
function atStake(user: AdminUser, usdCents: number, fcHundredths: number): string[] {
  const reasons: string[] = [];
  if (user.isAdmin) reasons.push("admin account (never deleted)");
  if (user.subscriptionStatus === "active") reasons.push("active subscription");
  if (user.subscriptionStatus === "cancel_at_period_end")
    reasons.push("subscription paid until its period ends");
  if (usdCents !== 0) reasons.push(`holds $${formatMinor(usdCents)}`);
  if (fcHundredths !== 0) reasons.push(`holds ${formatMinor(fcHundredths)} FC`);
  if (user.points !== 0) reasons.push(`holds ${formatCount(user.points)} points`);
  return reasons;
}

async function testAccounts(ctx: AppContext): Promise<TestAccount[]> {
  const now = ctx.clock.now();
  const rows = await repo.list(ctx.db, { testOnly: true, offset: 0 });
  return rows.map((r) => {
    const user = adminUser(r, now);
    return { ...user, atStake: atStake(user, Number(r.usd), Number(r.fc)) };
  });
}

/** Every test account, with what deleting it would leave behind: the list Delete All acts on. */
export async function listTestAccounts(ctx: AppContext, viewer: Viewer): Promise<TestAccount[]> {
  requireAdmin(viewer);
  return testAccounts(ctx);
}

async function deletableMember(ctx: AppContext, id: number) {
  const target = await repo.liveUser(ctx.db, id);
  if (!target) throw notFound("User not found");
  if (target.isAdmin) throw forbidden("Admin accounts cannot be deleted");
  return target;
}

export async function adminDeleteUser(ctx: AppContext, viewer: Viewer, id: number) {
  const admin = requireAdmin(viewer);
  await deletableMember(ctx, id);
  await deleteMember(ctx, id, {
    adminId: admin.id,
    action: "user.delete",
    targetType: "user",
    targetId: id,
    targetUserId: id,
  });
  return { message: "User deleted" };
}

/** Marks or unmarks, recorded together; a concurrent request that already did it is a 400. */
async function setTestAccount(ctx: AppContext, adminId: number, id: number, isTest: boolean) {
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.setTestAccount(tx, id, isTest))) {
      throw badRequest(
        isTest ? "This account is already a test account" : "This account is not a test account",
      );
    }
    await recordAdminAction(tx, {
      adminId,
      action: isTest ? "user.mark_test" : "user.unmark_test",
      targetType: "user",
      targetId: id,
      targetUserId: id,
      at: ctx.clock.now(),
    });
  });
}

export async function markTest(ctx: AppContext, viewer: Viewer, id: number) {
  const admin = requireAdmin(viewer);
  const target = await repo.liveUser(ctx.db, id);
  if (!target) throw notFound("User not found");
  if (target.isAdmin) throw forbidden("Admin accounts cannot be marked as test accounts");
  if (target.isTestAccount) throw badRequest("This account is already a test account");
  await setTestAccount(ctx, admin.id, id, true);
  ctx.log.info({ adminId: admin.id, userId: id }, "marked as test account");
  return { message: "User marked as a test account" };
}

/** Undoes Mark as Test. */
export async function unmarkTest(ctx: AppContext, viewer: Viewer, id: number) {
  const admin = requireAdmin(viewer);
  const target = await repo.liveUser(ctx.db, id);
  if (!target) throw notFound("User not found");
  if (!target.isTestAccount) throw badRequest("This account is not a test account");
  await setTestAccount(ctx, admin.id, id, false);
  ctx.log.info({ adminId: admin.id, userId: id }, "test account unmarked");
  return { message: "User is no longer a test account" };
}

/**
 * Delete All Test Accounts: every test account with nothing at stake, and those with a running
 * membership or a balance only when the admin named them in `includeIds` (the confirmation lists
 * them with what they hold). What is at stake is read again here, so an account that subscribed
 * or was paid after the admin looked is kept, never deleted unseen; with `shownIds`, an account
 * marked as test after the admin looked is not touched. Admins are never deleted.
 */
export async function deleteTestAccounts(
  ctx: AppContext,
  viewer: Viewer,
  body: DeleteTestAccountsBody,
): Promise<DeleteTestAccountsResult> {
  const admin = requireAdmin(viewer);
  const include = new Set(body?.includeIds ?? []);
  const shown = body?.shownIds ? new Set(body.shownIds) : null;
  const deletedIds: number[] = [];
  const kept: DeleteTestAccountsResult["kept"] = [];
  for (const account of await testAccounts(ctx)) {
    // Never one the admin was not shown.
    if (shown && !shown.has(account.id)) continue;
    if (account.isAdmin || (account.atStake.length > 0 && !include.has(account.id))) {
      kept.push({ id: account.id, username: account.username, atStake: account.atStake });
      continue;
    }
    await deleteMember(ctx, account.id, {
      adminId: admin.id,
      action: "test_accounts.delete",
      targetType: "user",
      targetId: account.id,
      targetUserId: account.id,
      // What the admin agreed to leave behind (listed in the confirmation), if anything.
      details: account.atStake.length ? { atStake: account.atStake } : null,
    });
    deletedIds.push(account.id);
  }
  const deletedCount = deletedIds.length;
  const deleted = `Deleted ${deletedCount} test account${deletedCount === 1 ? "" : "s"}`;
  const message = kept.length ? `${deleted}; kept ${kept.length} with a subscription or a balance` : deleted;
  return { message, deletedCount, deletedIds, kept };
}
