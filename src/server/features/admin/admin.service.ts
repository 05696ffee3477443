import { formatMinor, formatUsd } from "../../../core/money";
import type { AppContext } from "../../context";
import { conflict, forbidden, notFound } from "../../errors";
import { requireAdmin, type Viewer } from "../../http/viewer";
import { systemAccount, systemAccountIds, systemBalance, userAccount } from "../../ledger/accounts";
import { transfer } from "../../ledger/transfer";
import { recordAdminAction } from "../audit/audit.service";
import { runGlobalReconciliation } from "../finance/reconciliation-runs.service";
import * as repo from "./admin.repo";

const RECENT_FEES = 20;

/** Platform Revenue (15% fees): the fees account's balance and its newest fee transfers. */
export async function platformFees(ctx: AppContext, viewer: Viewer) {
  requireAdmin(viewer);
  const accounts = await systemAccountIds(ctx.db, "platformFees");
  const [total, fees] = await Promise.all([
    systemBalance(ctx.db, "platformFees"),
    repo.platformFeeTransfers(ctx.db, accounts, RECENT_FEES),
  ]);
  return {
    totalBalance: formatMinor(total),
    count: fees.count,
    recentTransactions: fees.recent.map((f) => ({
      id: f.id,
      amount: formatMinor(f.amount),
      username: f.username ?? "unknown",
      createdAt: f.createdAt.toISOString(),
      // A fee is a ledger transfer: written in the same transaction as the payment, never pending.
      status: "completed",
    })),
  };
}

/**
 * Add FitCoins: newly issued to the member as an admin grant. The reason is required and is the
 * line the member reads in their history; the acting admin is recorded on the transfer itself
 * (`actor_id`, and `admin:<id>` as the reference, as before), so the books say who moved it.
 */
export async function addCoins(
  ctx: AppContext,
  viewer: Viewer,
  body: { userId: number; amount: number; reason: string },
  idempotencyKey?: string,
) {
  const admin = requireAdmin(viewer);
  const target = await repo.findLiveUser(ctx.db, body.userId);
  if (!target) throw notFound("User not found");
  // An admin never issues money to themselves: another admin must (and the books name both).
  if (target.id === admin.id) throw forbidden("You cannot grant FitCoins to yourself: ask another admin");
  await ctx.db.transaction(async (tx) => {
    const done = await transfer(tx, {
      from: await systemAccount(tx, "fitcoinIssuance", target.id),
      to: await userAccount(tx, target.id, "FC"),
      amount: body.amount * 100,
      currency: "FC",
      kind: "admin_grant",
      description: body.reason,
      userId: target.id,
      reference: `admin:${admin.id}`,
      idempotencyKey: idempotencyKey ? `grant:${admin.id}:${idempotencyKey}` : null,
      actorId: admin.id,
    });
    if (!done.applied) {
      // A retry under the same key moved nothing: it is not a second grant. transfer() refused
      // another member or amount; another reason is another request too, not this one replayed.
      if ((await repo.transferDescription(tx, done.id)) !== body.reason) {
        throw conflict("This request was already made with different details");
      }
      return;
    }
    await recordAdminAction(tx, {
      adminId: admin.id,
      action: "fitcoins.grant",
      targetType: "user",
      targetId: target.id,
      targetUserId: target.id,
      reason: body.reason,
      details: { fitcoins: body.amount, transferId: done.id },
      at: ctx.clock.now(),
    });
  });
  ctx.log.info({ adminId: admin.id, userId: target.id, amount: body.amount }, "admin added FitCoins");
  return { message: `Added ${body.amount} FitCoins to ${target.username}` };
}

/** Every member's card payments of the last 30 days, booked where they were missed, per member. */
export async function globalReconcile(ctx: AppContext, viewer: Viewer) {
  const admin = requireAdmin(viewer);
  const { runId, missing, recovered, failed, usersScanned, names, recoveredCents } =
    await runGlobalReconciliation(ctx, admin.id);
  const byUser = new Map<number, { missingCount: number; recoveredCount: number; totalCents: number }>();
  for (const intent of missing) {
    const entry = byUser.get(intent.userId) ?? { missingCount: 0, recoveredCount: 0, totalCents: 0 };
    entry.missingCount += 1;
    byUser.set(intent.userId, entry);
  }
  for (const { intent } of recovered) {
    const entry = byUser.get(intent.userId);
    if (!entry) continue;
    entry.recoveredCount += 1;
    entry.totalCents += intent.amountCents;
  }
  // Each payment is booked in its own transaction by the provider's id; the run is recorded after.
  await recordAdminAction(ctx.db, {
    adminId: admin.id,
    action: "deposits.reconcile",
    targetType: "deposits",
    details: {
      usersScanned,
      missing: missing.length,
      recovered: recovered.length,
      failed: failed.length,
      recoveredUsd: formatMinor(recoveredCents),
      members: [...byUser.keys()],
      runId,
    },
    at: ctx.clock.now(),
  });
  return {
    usersScanned,
    totalMissingDeposits: missing.length,
    totalRecoveredDeposits: recovered.length,
    message:
      missing.length === 0
        ? `No missing deposits found for ${usersScanned} members.`
        : `Recovered ${recovered.length} of ${missing.length} missing payments (${formatUsd(recoveredCents)}) for ${byUser.size} members.${
            failed.length > 0
              ? ` ${failed.length} could not be booked: their errors are in this run on the Finance page.`
              : ""
          }`,
    recoveryReport: [...byUser.entries()].map(([userId, e]) => ({
      userId,
      username: names.get(userId) ?? "unknown",
      missingCount: e.missingCount,
      recoveredCount: e.recoveredCount,
      totalAmount: formatMinor(e.totalCents),
    })),
  };
}
