// The finance view (issue 23 item 4): what the business earned, took in, gave back and owes over
// a date range, every figure a sum of ledger transfers (DESIGN 2.3), never a counter kept aside.
import { fitcoinsFromMinor, formatMinor } from "../../../core/money";
import type { FinanceRange, FinanceSummary } from "../../../core/schemas/finance";
import type { AppContext } from "../../context";
import { requireAdmin, type Viewer } from "../../http/viewer";
import { recordAdminAction } from "../audit/audit.service";
import * as repo from "./finance.repo";
import { exportFileName, ledgerCsv } from "./ledger-export";

type Match = Partial<Pick<repo.Flow, "kind" | "currency" | "debit" | "credit">>;

/** Count and minor units of the range's transfers that match (classes as `repo.accountClass` names them). */
function sum(flows: repo.Flow[], match: Match): { count: number; amount: number } {
  let count = 0;
  let amount = 0;
  for (const f of flows) {
    if (match.kind !== undefined && f.kind !== match.kind) continue;
    if (match.currency !== undefined && f.currency !== match.currency) continue;
    if (match.debit !== undefined && f.debit !== match.debit) continue;
    if (match.credit !== undefined && f.credit !== match.credit) continue;
    count += f.count;
    amount += f.amount;
  }
  return { count, amount };
}

/**
 * The figures, for transfers with `from <= created_at < to`, defined as follows:
 * - subscriptions: net dollars into subscription revenue (in minus anything taken out of it);
 * - conversionFees / purchaseFees: `platform_fee` transfers into the fee shards, paid from a
 *   member's wallet (a conversion) or from card payments (FitCoins bought by card);
 * - deposits: `deposit` transfers from card payments to a wallet;
 * - cardPurchases: the dollars of FitCoins bought by card (reserve part plus fee), counted by purchase;
 * - refunds: `refund` transfers into members' accounts (entry fees and contributions given back,
 *   failed gift cards), FitCoins and points apart;
 * - chargebacks: `chargeback` dollars paid back to the card (from wallets and chargeback losses),
 *   counted by card payment; `returned` is what won disputes gave back; `net` the difference;
 * - adminGrants: `admin_grant` FitCoins issued to members; reversals: `admin_reversal` taken back;
 * - giftCards: `gift_card_cost` transfers into the gift cards payable (count, dollar face value);
 * and, at the end of the range (`to`): owedToProvider, the payable's balance; usdReserve, the
 * FitCoin reserve's shards; fitcoinsOutstanding, pointsOutstanding and walletUsd, what members'
 * own accounts hold; fitcoinsInPools, what competition and group pools hold.
 */
export async function financeSummary(
  ctx: AppContext,
  viewer: Viewer,
  range: FinanceRange,
): Promise<FinanceSummary> {
  requireAdmin(viewer);
  const { from, to } = range;
  const [flows, chargedBack, balances] = await Promise.all([
    repo.flows(ctx.db, from, to),
    repo.chargedBackPayments(ctx.db, from, to),
    repo.balancesAt(ctx.db, to),
  ]);
  const balance = (cls: string, currency: string) =>
    balances.find((b) => b.class === cls && b.currency === currency)?.balance ?? 0;

  const subscriptions =
    sum(flows, { currency: "USD", credit: "subscriptionRevenue" }).amount -
    sum(flows, { currency: "USD", debit: "subscriptionRevenue" }).amount;
  const conversionFees = sum(flows, { kind: "platform_fee", debit: "user", credit: "platformFees" }).amount;
  const purchaseFees = sum(flows, {
    kind: "platform_fee",
    debit: "cardPayments",
    credit: "platformFees",
  }).amount;
  const deposits = sum(flows, { kind: "deposit", currency: "USD", debit: "cardPayments", credit: "user" });
  const cardReserve = sum(flows, {
    kind: "fitcoin_purchase",
    currency: "USD",
    debit: "cardPayments",
    credit: "fitcoinReserve",
  });
  const refundsFc = sum(flows, { kind: "refund", currency: "FC", credit: "user" });
  const refundsPts = sum(flows, { kind: "refund", currency: "PTS", credit: "user" });
  const takenBack = sum(flows, { kind: "chargeback", currency: "USD", credit: "cardPayments" }).amount;
  const returned = sum(flows, { kind: "chargeback", currency: "USD", debit: "cardPayments" }).amount;
  const grants = sum(flows, { kind: "admin_grant", currency: "FC", credit: "user" });
  const reversals = sum(flows, { kind: "admin_reversal", currency: "FC", debit: "user" });
  const cards = sum(flows, { kind: "gift_card_cost", currency: "USD", credit: "giftCardsPayable" });

  return {
    from: from.toISOString(),
    to: to.toISOString(),
    revenue: {
      subscriptions: formatMinor(subscriptions),
      conversionFees: formatMinor(conversionFees),
      purchaseFees: formatMinor(purchaseFees),
      total: formatMinor(subscriptions + conversionFees + purchaseFees),
    },
    deposits: { count: deposits.count, amount: formatMinor(deposits.amount) },
    cardPurchases: { count: cardReserve.count, amount: formatMinor(cardReserve.amount + purchaseFees) },
    refunds: {
      count: refundsFc.count + refundsPts.count,
      fitcoins: fitcoinsFromMinor(refundsFc.amount),
      points: refundsPts.amount,
    },
    chargebacks: {
      count: chargedBack,
      amount: formatMinor(takenBack),
      returned: formatMinor(returned),
      net: formatMinor(takenBack - returned),
    },
    adminGrants: {
      count: grants.count,
      fitcoins: fitcoinsFromMinor(grants.amount),
      reversals: { count: reversals.count, fitcoins: fitcoinsFromMinor(reversals.amount) },
      net: fitcoinsFromMinor(grants.amount - reversals.amount),
    },
    giftCards: {
      issued: cards.count,
      faceValue: formatMinor(cards.amount),
      owedToProvider: formatMinor(balance("giftCardsPayable", "USD")),
    },
    balances: {
      usdReserve: formatMinor(balance("fitcoinReserve", "USD")),
      fitcoinsOutstanding: fitcoinsFromMinor(balance("user", "FC")),
      fitcoinsInPools: fitcoinsFromMinor(balance("pool", "FC")),
      pointsOutstanding: balance("user", "PTS"),
      walletUsd: formatMinor(balance("user", "USD")),
    },
  };
}

/**
 * The ledger's transfers of the range as CSV chunks. A read, but of every member's money at once:
 * recorded in the audit log (who took a copy of the books, and of which range) before it starts.
 */
export async function exportTransfers(ctx: AppContext, viewer: Viewer, range: FinanceRange) {
  const admin = requireAdmin(viewer);
  const { from, to } = range;
  await recordAdminAction(ctx.db, {
    adminId: admin.id,
    action: "ledger.export",
    targetType: "ledger",
    details: { from: from.toISOString(), to: to.toISOString() },
    at: ctx.clock.now(),
  });
  return { fileName: exportFileName(from, to), chunks: ledgerCsv(ctx.db, from, to) };
}
