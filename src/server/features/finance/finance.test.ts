import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { SUBSCRIPTION_PRICE_CENTS } from "../../../core/constants";
import { formatMinor } from "../../../core/money";
import type { FinanceSummary } from "../../../core/schemas/finance";
import { queryRows } from "../../db/client";
import { buildUser, loginAs, type Session } from "../../test/factories";
import { expectBooksBalanced, useTestApp } from "../../test/test-app";
import { financeMoves, refusingGiftCards } from "./finance-test-kit";

/*
 * The finance view against the ledger: one known month of money moves (finance-test-kit.ts), made
 * through the app's own routes and services, is repeated before the range, exactly at its start
 * (included) and exactly at its end (excluded); every figure must be the sum of the range's
 * transfers, and the balances those at its end.
 */

const BEFORE = "2001-01-15T12:00:00.000Z";
const AT_FROM = "2001-02-01T00:00:00.000Z";
const AT_TO = "2001-03-01T00:00:00.000Z";
const RANGE = "from=2001-02-01&to=2001-03-01";

const cards = refusingGiftCards();

describe("GET /api/admin/finance", () => {
  const t = useTestApp({}, { giftCards: cards.provider });
  const app = () => t().app;
  let admin: Session;
  const moves = financeMoves(t, cards.state);

  beforeAll(async () => {
    admin = await moves.setUp();
    // The admin's own subscription is dated today: after every range but the last test's.
    await moves.monthAt("before", BEFORE);
    await moves.monthAt("from", AT_FROM);
    await moves.monthAt("to", AT_TO);
  });

  const summary = async (query: string) => {
    const res = await app().inject({ url: `/api/admin/finance?${query}`, headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as FinanceSummary;
  };

  type Row = {
    kind: string;
    currency: string;
    amount: string;
    debit: string;
    credit: string;
    key: string | null;
    at: Date;
  };
  /** The ledger's transfers with their accounts' owner keys, read directly. */
  const allTransfers = () =>
    queryRows<Row>(
      app().ctx.db,
      sql`select t.kind, t.currency, t.amount::text, d.owner_key as debit, c.owner_key as credit,
        t.idempotency_key as key, t.created_at as at
      from ledger_transfers t join ledger_accounts d on d.id = t.debit_account_id
      join ledger_accounts c on c.id = t.credit_account_id`,
    );
  const total = (rows: Row[], keep: (r: Row) => boolean) =>
    rows.filter(keep).reduce((s, r) => s + Number(r.amount), 0);
  const isSystem = (key: string, name: string) =>
    key === `system:${name}` || key.startsWith(`system:${name}:`);
  const isUser = (key: string) => key.startsWith("user:");
  const isPool = (key: string) => key.startsWith("competition:") || key.startsWith("group:");
  const isRefund = (r: Row) => r.kind === "chargeback" && (r.key ?? "").startsWith("refund:");
  const isDispute = (r: Row) => r.kind === "chargeback" && !isRefund(r);

  /** The figures of one month of moves, and the balances of `months` of them. */
  const oneMonth = (months: number) => ({
    revenue: {
      subscriptions: formatMinor(SUBSCRIPTION_PRICE_CENTS),
      conversionFees: "9.00",
      purchaseFees: "1.50",
      total: formatMinor(SUBSCRIPTION_PRICE_CENTS + 1050),
    },
    deposits: { count: 2, amount: "107.00" },
    cardPurchases: { count: 1, amount: "10.00" },
    cardRefunds: { count: 1, amount: "45.00", fromWallets: "40.00", fromLosses: "5.00" },
    chargebacks: { count: 2, amount: "25.00", returned: "20.00", won: 1, net: "5.00" },
    unbookedCardReversals: { count: 2, amount: "15.00", open: 2 },
    returnedToMembers: { count: 2, fitcoins: 10, points: 5_000 },
    adminGrants: { count: 2, fitcoins: 35, reversals: { count: 1, fitcoins: 5 }, net: 30 },
    giftCards: {
      issued: 2,
      faceValue: "55.00",
      fitcoinCards: { count: 1, amount: "50.00" },
      pointsCards: { count: 1, amount: "5.00" },
      owedToProvider: formatMinor(months * 5500),
    },
    costs: { marketingBudget: "5.00", chargebackLosses: "10.00", total: "15.00" },
    // Each month: $51 + $8.50 into the reserve, $50 out for the FitCoin card; 51 + 8.5 + 30 FC,
    // 10 in a pool and 50 on the card; 13,200 - 5,000 points; $7 in the wallet.
    balances: {
      usdReserve: formatMinor(months * 950),
      fitcoinsOutstanding: months * 29.5,
      fitcoinsInPools: months * 10,
      pointsOutstanding: months * 8_200,
      walletUsd: formatMinor(months * 700),
    },
  });

  it("answers each figure as the sum of the range's transfers: those at `from` in, those at `to` out", async () => {
    const body = await summary(RANGE);
    expect(body).toEqual({
      from: AT_FROM,
      to: AT_TO,
      balancesAt: AT_TO,
      ...oneMonth(2),
    });

    // And every figure equals the sum of its transfers, read here without the service's SQL.
    const rows = await allTransfers();
    const from = new Date(AT_FROM);
    const to = new Date(AT_TO);
    const inRange = rows.filter((r) => new Date(r.at) >= from && new Date(r.at) < to);
    const usd = (n: number) => formatMinor(n);
    const into = (name: string) => (r: Row) => isSystem(r.credit, name);
    const outOf = (name: string) => (r: Row) => isSystem(r.debit, name);
    expect(body.revenue.subscriptions).toBe(
      usd(total(inRange, into("subscription_revenue")) - total(inRange, outOf("subscription_revenue"))),
    );
    expect(body.revenue.conversionFees).toBe(
      usd(total(inRange, (r) => r.kind === "platform_fee" && isUser(r.debit))),
    );
    expect(body.revenue.purchaseFees).toBe(
      usd(total(inRange, (r) => r.kind === "platform_fee" && isSystem(r.debit, "card_payments"))),
    );
    expect(body.deposits.amount).toBe(usd(total(inRange, (r) => r.kind === "deposit")));
    expect(body.cardRefunds.amount).toBe(usd(total(inRange, (r) => isRefund(r) && into("card_payments")(r))));
    expect(body.cardRefunds.fromLosses).toBe(
      usd(total(inRange, (r) => isRefund(r) && outOf("chargeback_losses")(r))),
    );
    expect(body.chargebacks.amount).toBe(
      usd(total(inRange, (r) => isDispute(r) && into("card_payments")(r))),
    );
    expect(body.chargebacks.returned).toBe(
      usd(total(inRange, (r) => isDispute(r) && outOf("card_payments")(r))),
    );
    expect(body.costs.chargebackLosses).toBe(
      usd(total(inRange, outOf("chargeback_losses")) - total(inRange, into("chargeback_losses"))),
    );
    expect(body.costs.marketingBudget).toBe(usd(total(inRange, outOf("marketing_budget"))));
    expect(body.adminGrants.fitcoins * 100).toBe(total(inRange, (r) => r.kind === "admin_grant"));
    expect(body.adminGrants.reversals.fitcoins * 100).toBe(
      total(inRange, (r) => r.kind === "admin_reversal"),
    );
    const returned = (currency: string) =>
      total(inRange, (r) => r.kind === "refund" && r.currency === currency);
    expect(body.returnedToMembers.fitcoins * 100).toBe(returned("FC"));
    expect(body.returnedToMembers.points).toBe(returned("PTS"));
    expect(body.giftCards.faceValue).toBe(usd(total(inRange, (r) => r.kind === "gift_card_cost")));
    expect(body.giftCards.pointsCards.amount).toBe(
      usd(total(inRange, (r) => r.kind === "gift_card_cost" && outOf("marketing_budget")(r))),
    );

    const upToEnd = rows.filter((r) => new Date(r.at) < to);
    const balance = (owner: (key: string) => boolean, currency: string) =>
      total(upToEnd, (r) => r.currency === currency && owner(r.credit)) -
      total(upToEnd, (r) => r.currency === currency && owner(r.debit));
    expect(body.balances.usdReserve).toBe(usd(balance((k) => isSystem(k, "fitcoin_reserve"), "USD")));
    expect(body.balances.walletUsd).toBe(usd(balance(isUser, "USD")));
    expect(body.balances.fitcoinsOutstanding * 100).toBe(balance(isUser, "FC"));
    expect(body.balances.fitcoinsInPools * 100).toBe(balance(isPool, "FC"));
    expect(body.balances.pointsOutstanding).toBe(balance(isUser, "PTS"));
    expect(body.giftCards.owedToProvider).toBe(usd(balance((k) => isSystem(k, "gift_cards_payable"), "USD")));
    await expectBooksBalanced(app());
  });

  it("counts the moves exactly at a range's start, and a range ending exactly at them counts none", async () => {
    const next = await summary("from=2001-03-01&to=2001-04-01");
    expect(next).toEqual({
      from: AT_TO,
      to: "2001-04-01T00:00:00.000Z",
      balancesAt: "2001-04-01T00:00:00.000Z",
      ...oneMonth(3),
    });

    // Instants with offsets: 2001-02-01T00:00+02:00 is 22:00 the day before; `to` is AT_FROM itself.
    const q = new URLSearchParams({ from: "2001-02-01T00:00:00+02:00", to: AT_FROM });
    const before = await summary(q.toString());
    expect(before.from).toBe("2001-01-31T22:00:00.000Z");
    expect(before.deposits).toEqual({ count: 0, amount: "0.00" });
    expect(before.revenue.total).toBe("0.00");
    expect(before.unbookedCardReversals).toEqual({ count: 0, amount: "0.00", open: 0 });
    // The balances are those the month before left, without the moves at AT_FROM.
    expect(before.balances).toEqual(oneMonth(1).balances);
    expect(before.giftCards.owedToProvider).toBe("55.00");
  });

  it("gives today's balances for a range that reaches past now, and says so", async () => {
    const now = t().clock.now();
    const day = 24 * 3600 * 1000;
    const q = new URLSearchParams({
      from: new Date(now.getTime() - day).toISOString(),
      to: new Date(now.getTime() + 2 * day).toISOString(),
    });
    const body = await summary(q.toString());
    expect(body.balancesAt).toBe(now.toISOString());
    expect(body.balances).toEqual(oneMonth(3).balances);
    // Only the admin's own subscription was paid today.
    expect(body.revenue.subscriptions).toBe(formatMinor(SUBSCRIPTION_PRICE_CENTS));
  });

  it("reads every figure in one read-only REPEATABLE READ transaction (one snapshot)", async () => {
    const spy = vi.spyOn(app().ctx.db, "transaction");
    try {
      await summary(RANGE);
      expect(spy).toHaveBeenCalledTimes(1);
      expect(spy.mock.calls[0][1]).toEqual({ isolationLevel: "repeatable read", accessMode: "read only" });
    } finally {
      spy.mockRestore();
    }
  });

  it.each([
    ["no range", "", "from"],
    ["no to", "from=2001-02-01", "to"],
    ["a date that does not exist", "from=2001-02-30&to=2001-03-10", "from"],
    ["text", "from=yesterday&to=2001-03-10", "from"],
    ["an instant without an offset", "from=2001-02-01T00:00:00&to=2001-03-10", "from"],
    ["from after to", "from=2001-03-01&to=2001-02-01", "to"],
    ["an empty range", "from=2001-03-01&to=2001-03-01", "to"],
    ["more than 366 days", "from=2001-01-01&to=2002-01-03", "to"],
  ])("answers 400 for %s", async (_name, query, path) => {
    const res = await app().inject({ url: `/api/admin/finance?${query}`, headers: admin.headers });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe("VALIDATION_ERROR");
    expect(res.json().details.map((d: { path: string }) => d.path)).toContain(path);
  });

  it("answers 403 to members and 401 without a session", async () => {
    const member = await loginAs(app(), await buildUser(app()));
    const res = await app().inject({ url: `/api/admin/finance?${RANGE}`, headers: member.headers });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: "FORBIDDEN", message: "Admin privileges required" });
    expect((await app().inject({ url: `/api/admin/finance?${RANGE}` })).statusCode).toBe(401);
  });
});
