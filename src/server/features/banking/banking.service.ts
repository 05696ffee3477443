import type { AccountType, BankingDetails, BankingSetupBody } from "../../../core/schemas/money";
import type { AppContext } from "../../context";
import { requireUser, type Viewer } from "../../http/viewer";
import * as repo from "./banking.repo";

function view(row: repo.BankingRow): BankingDetails {
  return {
    bankName: row.bankName,
    accountType: row.accountType as AccountType,
    routingNumber: row.routingNumber,
    accountLast4: row.accountLast4,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function getBanking(ctx: AppContext, viewer: Viewer) {
  const user = requireUser(viewer);
  const row = await repo.findBanking(ctx.db, user.id);
  return { banking: row ? view(row) : null };
}

/**
 * Saves where winnings would be paid. The full account number is used only to check the
 * confirmation (done by the schema) and to take its last four digits; it is never stored or logged.
 */
export async function setupBanking(ctx: AppContext, viewer: Viewer, body: BankingSetupBody) {
  const user = requireUser(viewer);
  const row = await repo.saveBanking(
    ctx.db,
    {
      userId: user.id,
      bankName: body.bankName,
      accountType: body.accountType,
      routingNumber: body.routingNumber,
      accountLast4: body.accountNumber.slice(-4),
    },
    ctx.clock.now(),
  );
  return { message: "Banking information saved", banking: view(row) };
}
