// The finance view (issue 23 item 4): what the business earned, took in, gave back and owes over
// a date range, every figure a sum of ledger transfers (DESIGN 2.3), never a counter kept aside.
import { fitcoinsFromMinor, formatMinor } from "../../../core/money";
import type { FinanceRange, FinanceSummary } from "../../../core/schemas/finance";
import type { AppContext } from "../../context";
import { requireAdmin, type Viewer } from "../../http/viewer";
import { recordAdminAction } from "../audit/audit.service";
import * as repo from "./finance.repo";
import { csvStream, exportFileName, idBounds, ledgerCsv } from "./ledger-export";

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

/** Everything the figures read, from one snapshot of the database. */
type Snapshot = {
  flows: repo.Flow[];
  counts: repo.ReversalCounts;
  unbooked: Awaited<ReturnType<typeof repo.unbookedCardReversals>>;
  balances: repo.ClassBalance[];
};

/**
 * Reads the figures' inputs in one read-only REPEATABLE READ transaction: every query sees the same
 * snapshot, so a transfer committed meanwhile is in all the figures or in none (separate queries on
 * pool connections could each see a different moment). One after the other, as a transaction has
 * one connection (PGlite has only one anyway).
 */
function readSnapshot(ctx: AppContext, from: Date, to: Date, balancesAt: Date): Promise<Snapshot> {
  return ctx.db.transaction(
    async (tx) => ({
      flows: await repo.flows(tx, from, to),
      counts: await repo.reversalCounts(tx, from, to),
      unbooked: await repo.unbookedCardReversals(tx, from, to),
      balances: await repo.balancesAt(tx, balancesAt),
    }),
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/**
 * The figures, for transfers with `from <= created_at < to`, defined as follows:
 * - subscriptions: net dollars into subscription revenue (in minus anything taken out of it);
 * - conversionFees / purchaseFees: `platform_fee` transfers into the fee shards, paid from a
 *   member's wallet (a conversion) or from card payments (FitCoins bought by card);
 * - deposits: `deposit` transfers from card payments to a wallet;
 * - cardPurchases: the dollars of FitCoins bought by card (reserve part plus fee), counted by purchase;
 * - cardRefunds: card refunds of deposits (`chargeback` transfers under a `refund:` key, see
 *   `repo.reversalCounts`): dollars back to the card, from wallets and from chargeback losses;
 * - chargebacks: disputes of deposits (the other `chargeback` transfers): dollars taken back to the
 *   card, `returned` what won disputes gave back, `net` the difference; counted by dispute;
 * - unbookedCardReversals: refunds and disputes of memberships and FitCoin purchases, flagged
 *   (payment_flags, by the flag's time) and never booked: the revenue above still includes them;
 * - returnedToMembers: `refund` transfers into members' accounts (entry fees and contributions
 *   given back, failed gift cards), FitCoins and points apart;
 * - adminGrants: `admin_grant` FitCoins issued to members; reversals: `admin_reversal` taken back;
 * - giftCards: `gift_card_cost` transfers into the gift cards payable (count, dollar face value),
 *   split by what paid: the USD reserve (FitCoin cards) or the marketing budget (points cards);
 * - costs: the marketing budget's net outflow, and chargeback losses' net outflow (what refunds
 *   and disputes took beyond wallets, less what won disputes put back);
 * and, at `balancesAt` (the end of the range, or now for a range reaching past now): owedToProvider,
 * the payable's balance; usdReserve, the FitCoin reserve's shards; fitcoinsOutstanding,
 * pointsOutstanding and walletUsd, what members' own accounts hold; fitcoinsInPools, what
 * competition and group pools hold.
 */
export async function financeSummary(
  ctx: AppContext,
  viewer: Viewer,
  range: FinanceRange,
): Promise<FinanceSummary> {
  requireAdmin(viewer);
  const { from, to } = range;
  const now = ctx.clock.now();
  const balancesAt = to.getTime() > now.getTime() ? now : to;
  const { flows, counts, unbooked, balances } = await readSnapshot(ctx, from, to, balancesAt);
  const balance = (cls: string, currency: string) =>
    balances.find((b) => b.class === cls && b.currency === currency)?.balance ?? 0;
  /** Net outflow of a system account class over the range (out minus in). */
  const outflow = (cls: string) =>
    sum(flows, { currency: "USD", debit: cls }).amount - sum(flows, { currency: "USD", credit: cls }).amount;

  const subscriptions = -outflow("subscriptionRevenue");
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
  const refundedFromWallets = sum(flows, { kind: "card_refund", debit: "user", credit: "cardPayments" });
  const refundedFromLosses = sum(flows, {
    kind: "card_refund",
    debit: "chargebackLosses",
    credit: "cardPayments",
  });
  const takenBack = sum(flows, { kind: "chargeback", currency: "USD", credit: "cardPayments" }).amount;
  const returned = sum(flows, { kind: "chargeback", currency: "USD", debit: "cardPayments" }).amount;
  const returnedFc = sum(flows, { kind: "refund", currency: "FC", credit: "user" });
  const returnedPts = sum(flows, { kind: "refund", currency: "PTS", credit: "user" });
  const grants = sum(flows, { kind: "admin_grant", currency: "FC", credit: "user" });
  const reversals = sum(flows, { kind: "admin_reversal", currency: "FC", debit: "user" });
  const cards = sum(flows, { kind: "gift_card_cost", currency: "USD", credit: "giftCardsPayable" });
  const fitcoinCards = sum(flows, {
    kind: "gift_card_cost",
    debit: "fitcoinReserve",
    credit: "giftCardsPayable",
  });
  const pointsCards = sum(flows, {
    kind: "gift_card_cost",
    debit: "marketingBudget",
    credit: "giftCardsPayable",
  });
  const usd = (x: { count: number; amount: number }) => ({ count: x.count, amount: formatMinor(x.amount) });

  return {
    from: from.toISOString(),
    to: to.toISOString(),
    revenue: {
      subscriptions: formatMinor(subscriptions),
      conversionFees: formatMinor(conversionFees),
      purchaseFees: formatMinor(purchaseFees),
      total: formatMinor(subscriptions + conversionFees + purchaseFees),
    },
    deposits: usd(deposits),
    cardPurchases: { count: cardReserve.count, amount: formatMinor(cardReserve.amount + purchaseFees) },
    cardRefunds: {
      count: counts.refunds,
      amount: formatMinor(refundedFromWallets.amount + refundedFromLosses.amount),
      fromWallets: formatMinor(refundedFromWallets.amount),
      fromLosses: formatMinor(refundedFromLosses.amount),
    },
    chargebacks: {
      count: counts.disputes,
      amount: formatMinor(takenBack),
      returned: formatMinor(returned),
      won: counts.disputesWon,
      net: formatMinor(takenBack - returned),
    },
    unbookedCardReversals: {
      count: unbooked.count,
      amount: formatMinor(unbooked.amount),
      open: unbooked.open,
    },
    returnedToMembers: {
      count: returnedFc.count + returnedPts.count,
      fitcoins: fitcoinsFromMinor(returnedFc.amount),
      points: returnedPts.amount,
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
      fitcoinCards: usd(fitcoinCards),
      pointsCards: usd(pointsCards),
      owedToProvider: formatMinor(balance("giftCardsPayable", "USD")),
    },
    costs: {
      marketingBudget: formatMinor(outflow("marketingBudget")),
      chargebackLosses: formatMinor(outflow("chargebackLosses")),
      total: formatMinor(outflow("marketingBudget") + outflow("chargebackLosses")),
    },
    balancesAt: balancesAt.toISOString(),
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
 * The ledger's transfers of the range as a CSV stream. A read, but of every member's money at once:
 * recorded in the audit log (who took a copy of the books, and of which range). Everything that can
 * fail before the first row (the range's id bounds, the audit entry) is done here, before the route
 * answers 200, so such a failure is an ordinary JSON error rather than a cut-off file.
 */
export async function exportTransfers(ctx: AppContext, viewer: Viewer, range: FinanceRange) {
  const admin = requireAdmin(viewer);
  const { from, to } = range;
  const bounds = await idBounds(ctx.db, from, to);
  await recordAdminAction(ctx.db, {
    adminId: admin.id,
    action: "ledger.export",
    targetType: "ledger",
    details: { from: from.toISOString(), to: to.toISOString() },
    at: ctx.clock.now(),
  });
  return { fileName: exportFileName(from, to), stream: csvStream(ledgerCsv(ctx.db, from, to, bounds)) };
}
