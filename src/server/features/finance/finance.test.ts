import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { SUBSCRIPTION_PRICE_CENTS } from "../../../core/constants";
import { formatMinor } from "../../../core/money";
import type { FinanceSummary } from "../../../core/schemas/finance";
import { queryRows } from "../../db/client";
import { systemAccount } from "../../ledger/accounts";
import { transfer } from "../../ledger/transfer";
import { buildCompetition, buildUser, loginAs, type Session } from "../../test/factories";
import { expectBooksBalanced, useTestApp } from "../../test/test-app";
import { CARD } from "../deposits/deposit-helpers";
import { onCardReversals } from "../deposits/reversals.service";

/*
 * The finance view against the ledger: one known set of money moves, made through the app's own
 * routes and services, is repeated before, inside and after the range (their transfers dated so
 * afterwards); every figure must be the sum of the range's transfers, and the moves outside it
 * must not count.
 */

const BEFORE = "2001-01-15T12:00:00Z";
const INSIDE = "2001-02-10T12:00:00Z";
const AFTER = "2001-03-10T12:00:00Z";
const RANGE = "from=2001-02-01&to=2001-03-01";

describe("GET /api/admin/finance", () => {
  const t = useTestApp();
  const app = () => t().app;
  let admin: Session;

  const post = (session: Session, url: string, payload?: Record<string, unknown>) =>
    app().inject({ method: "POST", url, headers: session.headers, payload: payload ?? {} });
  const ok = async (res: Promise<{ statusCode: number; body: string; json(): unknown }>) => {
    const r = await res;
    expect(r.statusCode, r.body).toBeLessThan(300);
    return r.json() as Record<string, unknown>;
  };
  const lastTransferId = async () =>
    Number(
      (
        await queryRows<{ id: string | null }>(
          app().ctx.db,
          sql`select max(id)::text as id from ledger_transfers`,
        )
      )[0].id ?? 0,
    );

  /**
   * One member's month: a subscription, a $50 deposit, a $20 conversion, $10 of FitCoins bought by
   * card, grants of 30 and 5 FitCoins (the 5 reversed), a $10 refund of the deposit taken back to
   * the card, an entry fee refunded on leaving, and a $5 gift card's cost written with transfer().
   */
  async function monthOfMoves(tag: string) {
    const user = await buildUser(app());
    const session = await loginAs(app(), user);
    const deposit = (await ok(post(session, "/api/create-payment-intent", { amount: 50 }))) as {
      clientSecret: string;
      paymentIntentId: string;
    };
    await ok(
      post(session, "/api/sandbox/payment-intents/confirm", { clientSecret: deposit.clientSecret, ...CARD }),
    );
    await ok(post(session, "/api/fitcoin/purchase", { amount: 20 }));
    const bought = (await ok(
      post(session, "/api/create-payment-intent", { amount: 10, purpose: "fitcoins" }),
    )) as {
      clientSecret: string;
    };
    await ok(
      post(session, "/api/sandbox/payment-intents/confirm", { clientSecret: bought.clientSecret, ...CARD }),
    );
    await ok(post(admin, "/api/admin/add-coins", { userId: user.id, amount: 30, reason: "Contest winner" }));
    await ok(post(admin, "/api/admin/add-coins", { userId: user.id, amount: 5, reason: "Oops" }));
    const [grant] = await queryRows<{ id: string }>(
      app().ctx.db,
      sql`select id::text from ledger_transfers where user_id = ${user.id} and kind = 'admin_grant' order by id desc limit 1`,
    );
    await ok(post(admin, `/api/admin/transfers/${grant.id}/reverse`, { reason: "Granted twice" }));
    await onCardReversals(
      app().ctx,
      { providerPaymentId: deposit.paymentIntentId, memberByCustomer: async () => undefined },
      [{ reason: "refund", reference: `re_${tag}`, amountCents: 1000 }],
    );
    const competition = await buildCompetition(app(), admin, { entryFee: 10 });
    await ok(post(session, `/api/competitions/${competition.id}/join`));
    await ok(
      app().inject({
        method: "DELETE",
        url: `/api/competitions/${competition.id}/leave`,
        headers: session.headers,
      }),
    );
    // A FitCoin gift card's books, as the gift-card provider work writes them (issue 23 item 2).
    await app().ctx.db.transaction(async (tx) => {
      await transfer(tx, {
        from: await systemAccount(tx, "fitcoinReserve", user.id),
        to: await systemAccount(tx, "giftCardsPayable"),
        amount: 500,
        currency: "USD",
        kind: "gift_card_cost",
        description: "Gift card: $5.00 owed to the provider",
        userId: user.id,
        idempotencyKey: `gift-card-cost:${tag}`,
      });
    });
  }

  /** Runs the moves, then dates every transfer they wrote at `at`. */
  async function movesAt(tag: string, at: string) {
    const mark = await lastTransferId();
    await monthOfMoves(tag);
    await app().ctx.db.execute(
      sql`update ledger_transfers set created_at = ${at}::timestamptz where id > ${mark}`,
    );
  }

  beforeAll(async () => {
    admin = await loginAs(app(), await buildUser(app(), { isAdmin: true }));
    // The admin's own subscription is dated today: after the range.
    await movesAt("before", BEFORE);
    await movesAt("inside", INSIDE);
    await movesAt("after", AFTER);
  });

  type Row = { kind: string; currency: string; amount: string; debit: string; credit: string; at: Date };
  /** The ledger's transfers with their accounts' owner keys, read directly. */
  const allTransfers = () =>
    queryRows<Row>(
      app().ctx.db,
      sql`select t.kind, t.currency, t.amount::text, d.owner_key as debit, c.owner_key as credit, t.created_at as at
      from ledger_transfers t join ledger_accounts d on d.id = t.debit_account_id
      join ledger_accounts c on c.id = t.credit_account_id`,
    );
  const total = (rows: Row[], keep: (r: Row) => boolean) =>
    rows.filter(keep).reduce((s, r) => s + Number(r.amount), 0);
  const isSystem = (key: string, name: string) =>
    key === `system:${name}` || key.startsWith(`system:${name}:`);
  const isUser = (key: string) => key.startsWith("user:");

  it("answers each figure as the sum of the range's transfers, moves outside the range excluded", async () => {
    const res = await app().inject({ url: `/api/admin/finance?${RANGE}`, headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as FinanceSummary;

    // The known month, once: the moves before and after the range are not in it.
    expect(body).toEqual({
      from: "2001-02-01T00:00:00.000Z",
      to: "2001-03-01T00:00:00.000Z",
      revenue: {
        subscriptions: formatMinor(SUBSCRIPTION_PRICE_CENTS),
        conversionFees: "3.00",
        purchaseFees: "1.50",
        total: formatMinor(SUBSCRIPTION_PRICE_CENTS + 450),
      },
      deposits: { count: 1, amount: "50.00" },
      cardPurchases: { count: 1, amount: "10.00" },
      refunds: { count: 1, fitcoins: 10, points: 0 },
      chargebacks: { count: 1, amount: "10.00", returned: "0.00", net: "10.00" },
      adminGrants: { count: 2, fitcoins: 35, reversals: { count: 1, fitcoins: 5 }, net: 30 },
      giftCards: { issued: 1, faceValue: "5.00", owedToProvider: "10.00" },
      // Balances at the end of the range: the month before and this one, not the one after.
      balances: {
        usdReserve: "41.00",
        fitcoinsOutstanding: 111,
        fitcoinsInPools: 0,
        pointsOutstanding: 0,
        walletUsd: "40.00",
      },
    });

    // And every figure equals the sum of its transfers, read here without the service's SQL.
    const rows = await allTransfers();
    const from = new Date("2001-02-01T00:00:00Z");
    const to = new Date("2001-03-01T00:00:00Z");
    const inRange = rows.filter((r) => new Date(r.at) >= from && new Date(r.at) < to);
    const usd = (n: number) => formatMinor(n);
    expect(body.revenue.subscriptions).toBe(
      usd(
        total(inRange, (r) => isSystem(r.credit, "subscription_revenue")) -
          total(inRange, (r) => isSystem(r.debit, "subscription_revenue")),
      ),
    );
    expect(body.revenue.conversionFees).toBe(
      usd(total(inRange, (r) => r.kind === "platform_fee" && isUser(r.debit))),
    );
    expect(body.revenue.purchaseFees).toBe(
      usd(total(inRange, (r) => r.kind === "platform_fee" && isSystem(r.debit, "card_payments"))),
    );
    expect(body.deposits.amount).toBe(usd(total(inRange, (r) => r.kind === "deposit")));
    expect(body.chargebacks.amount).toBe(
      usd(total(inRange, (r) => r.kind === "chargeback" && isSystem(r.credit, "card_payments"))),
    );
    expect(body.adminGrants.fitcoins * 100).toBe(total(inRange, (r) => r.kind === "admin_grant"));
    expect(body.adminGrants.reversals.fitcoins * 100).toBe(
      total(inRange, (r) => r.kind === "admin_reversal"),
    );
    expect(body.refunds.fitcoins * 100).toBe(
      total(inRange, (r) => r.kind === "refund" && r.currency === "FC"),
    );
    expect(body.giftCards.faceValue).toBe(usd(total(inRange, (r) => r.kind === "gift_card_cost")));

    const upToEnd = rows.filter((r) => new Date(r.at) < to);
    const balance = (owner: (key: string) => boolean, currency: string) =>
      total(upToEnd, (r) => r.currency === currency && owner(r.credit)) -
      total(upToEnd, (r) => r.currency === currency && owner(r.debit));
    expect(body.balances.usdReserve).toBe(usd(balance((k) => isSystem(k, "fitcoin_reserve"), "USD")));
    expect(body.balances.walletUsd).toBe(usd(balance(isUser, "USD")));
    expect(body.balances.fitcoinsOutstanding * 100).toBe(balance(isUser, "FC"));
    expect(body.balances.pointsOutstanding).toBe(balance(isUser, "PTS"));
    expect(body.giftCards.owedToProvider).toBe(usd(balance((k) => isSystem(k, "gift_cards_payable"), "USD")));
    await expectBooksBalanced(app());
  });

  it("takes instants with offsets: a range that ends before the month's moves counts none of them", async () => {
    const q = new URLSearchParams({ from: "2001-02-01T00:00:00+02:00", to: "2001-02-10T11:59:59.999Z" });
    const res = await app().inject({ url: `/api/admin/finance?${q}`, headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as FinanceSummary;
    expect(body.from).toBe("2001-01-31T22:00:00.000Z");
    expect(body.deposits).toEqual({ count: 0, amount: "0.00" });
    expect(body.revenue.total).toBe("0.00");
    // The balances are those the month before left.
    expect(body.balances).toMatchObject({
      usdReserve: "20.50",
      walletUsd: "20.00",
      fitcoinsOutstanding: 55.5,
    });
    expect(body.giftCards).toEqual({ issued: 0, faceValue: "0.00", owedToProvider: "5.00" });
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
