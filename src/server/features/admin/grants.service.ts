// Reversing an admin grant (issue 23 item 3): a counter-transfer that names the grant it takes
// back, once per grant, never taking the member below zero, written with its reason to the audit log.
import { fitcoinsFromMinor, formatMinor } from "../../../core/money";
import type { ReverseGrantResult } from "../../../core/schemas/finance";
import type { AppContext } from "../../context";
import { conflict, forbidden, notFound } from "../../errors";
import { requireAdmin, type Viewer } from "../../http/viewer";
import { lockTransfer, reversalKey, reversalReference, transferIdByKey } from "../../ledger/admin-moves";
import { insufficientFunds, lockAccounts, transfer } from "../../ledger/transfer";
import { recordAdminAction } from "../audit/audit.service";
import * as repo from "./admin.repo";

export async function reverseGrant(
  ctx: AppContext,
  viewer: Viewer,
  grantId: number,
  body: { reason: string },
): Promise<ReverseGrantResult> {
  const admin = requireAdmin(viewer);
  return ctx.db.transaction(async (tx) => {
    // The grant's row lock queues a second admin's reversal behind this one.
    const grant = await lockTransfer(tx, grantId);
    if (!grant) throw notFound("Transfer not found");
    if (grant.kind !== "admin_grant" || grant.userId === null) {
      // A well-formed request about a transfer that cannot be reversed: the transfer's state, not the input.
      throw conflict("Only an admin grant of FitCoins can be reversed: this transfer is not one");
    }
    if (grant.userId === admin.id) {
      // Money an admin holds is never moved by their own hand (neither granted nor taken back).
      throw forbidden("You cannot reverse a grant made to yourself: ask another admin");
    }
    if ((await transferIdByKey(tx, reversalKey(grant.id))) !== undefined) {
      throw conflict("This grant was already reversed");
    }
    // Both accounts locked in id order, as transfer() locks them, so no other path can deadlock with us.
    const accounts = await lockAccounts(tx, [grant.creditAccountId, grant.debitAccountId]);
    const held = accounts.find((a) => a.id === grant.creditAccountId)?.balance ?? 0;
    const fitcoins = fitcoinsFromMinor(grant.amount);
    if (held < grant.amount) {
      // The member's money is never taken below zero: an admin decides what else to do.
      throw insufficientFunds(
        `The member no longer holds these FitCoins: they hold ${formatMinor(held)} of the ${formatMinor(grant.amount)} granted`,
      );
    }
    const done = await transfer(tx, {
      from: grant.creditAccountId,
      to: grant.debitAccountId,
      amount: grant.amount,
      currency: "FC",
      kind: "admin_reversal",
      description: `Grant reversed: ${body.reason}`,
      userId: grant.userId,
      reference: reversalReference(grant.id),
      idempotencyKey: reversalKey(grant.id),
      actorId: admin.id,
    });
    await recordAdminAction(tx, {
      adminId: admin.id,
      action: "fitcoins.reverse",
      targetType: "transfer",
      targetId: grant.id,
      targetUserId: grant.userId,
      reason: body.reason,
      details: { fitcoins, grantTransferId: grant.id, transferId: done.id },
      at: ctx.clock.now(),
    });
    const names = await repo.usernames(tx, [grant.userId]);
    ctx.log.info({ adminId: admin.id, grantId: grant.id, userId: grant.userId }, "admin reversed a grant");
    return {
      message: `Reversed ${fitcoins} FitCoins granted to ${names.get(grant.userId) ?? "the member"}`,
      transferId: done.id,
      fitcoins,
    };
  });
}
