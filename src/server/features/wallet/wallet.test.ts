import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ledgerAccounts, ledgerTransfers } from "../../db/schema";
import { systemBalance, userBalances } from "../../ledger/accounts";
import { auditLedger } from "../../ledger/audit";
import { buildUser, fundWallet, loginAs, type Session } from "../../test/factories";
import { useTestApp } from "../../test/test-app";

describe("wallet and FitCoin conversion", () => {
  const t = useTestApp();

  async function member(cents = 0): Promise<{ id: number; session: Session }> {
    const user = await buildUser(t().app);
    if (cents > 0) await fundWallet(t().app, user.id, cents);
    return { id: user.id, session: await loginAs(t().app, user) };
  }

  const convert = (session: Session, amount: unknown) =>
    t().app.inject({
      method: "POST",
      url: "/api/fitcoin/purchase",
      headers: session.headers,
      payload: { amount },
    });

  it("converts $10 into 8.50 FitCoins with a $1.50 fee, and shows all of it", async () => {
    const { session } = await member(2000);
    const feesBefore = await systemBalance(t().app.ctx.db, "platformFees");
    const res = await convert(session, 10);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: "Converted $10.00 to 8.50 FitCoins",
      fitcoins: 8.5,
      fee: "1.50",
      balance: "10.00",
      fitcoinBalance: 8.5,
    });
    expect(await systemBalance(t().app.ctx.db, "platformFees")).toBe(feesBefore + 150);

    const wallet = await t().app.inject({ url: "/api/wallet/balance", headers: session.headers });
    expect(wallet.json()).toEqual({ balance: "10.00" });
    const coins = await t().app.inject({ url: "/api/fitcoin/balance", headers: session.headers });
    expect(coins.json()).toEqual({ balance: 8.5, redemptions: [] });
    const me = await t().app.inject({ url: "/api/auth/user", headers: session.headers });
    expect(me.json()).toMatchObject({ balance: "10.00", fitcoins: 8.5 });

    const history = (await t().app.inject({ url: "/api/transactions", headers: session.headers })).json();
    expect(
      history.map((h: { type: string; amount: string; currency: string; source: string }) => [
        h.type,
        h.amount,
        h.currency,
        h.source,
      ]),
    ).toEqual([
      ["fitcoin_purchase", "+8.50", "FC", "wallet"],
      ["platform_fee", "-1.50", "USD", "wallet"],
      ["fitcoin_purchase", "-8.50", "USD", "wallet"],
      ["deposit", "+20.00", "USD", "wallet"],
      // Paid by card: in the history, but it never moved the wallet.
      ["subscription", "-6.99", "USD", "card"],
    ]);
    const recent = (
      await t().app.inject({ url: "/api/transactions/recent", headers: session.headers })
    ).json();
    expect(recent).toHaveLength(3);
    expect(recent[0].timestamp).toBe(recent[0].createdAt);
  });

  it("rounds the FitCoins down to the hundredth and gives the remainder to the fee", async () => {
    const { session } = await member(500);
    const res = await convert(session, 1.01);
    expect(res.json()).toMatchObject({ fitcoins: 0.85, fee: "0.16", balance: "3.99" });
  });

  it("answers 422 with the balance when the wallet is short, and changes nothing", async () => {
    const { id, session } = await member(500);
    const res = await convert(session, 5.01);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      code: "INSUFFICIENT_FUNDS",
      message: "Amount cannot exceed your balance of $5.00",
    });
    const accounts = await t().app.ctx.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.userId, id));
    expect(accounts.find((a) => a.currency === "USD")?.balance).toBe(500);
    expect(accounts.find((a) => a.currency === "FC")?.balance ?? 0).toBe(0);
  });

  it.each([
    [0.99, "Amount must be at least $1"],
    [-5, "Amount must be at least $1"],
    [1.005, "Amount can have at most 2 decimal places"],
    ["10", "Amount is required"],
    [undefined, "Amount is required"],
  ])("answers 400 for %s", async (amount, message) => {
    const { session } = await member(2000);
    const res = await convert(session, amount);
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0]).toEqual({ path: "amount", message });
  });

  it("answers 401 without a session; converting needs no subscription (DESIGN 1, lapsed members)", async () => {
    for (const url of [
      "/api/wallet/balance",
      "/api/fitcoin/balance",
      "/api/transactions",
      "/api/transactions/recent",
    ]) {
      expect((await t().app.inject({ url })).statusCode).toBe(401);
    }
    expect(
      (await t().app.inject({ method: "POST", url: "/api/fitcoin/purchase", payload: { amount: 5 } }))
        .statusCode,
    ).toBe(401);
    const lapsed = await buildUser(t().app, { subscribed: false });
    await fundWallet(t().app, lapsed.id, 500);
    const session = await loginAs(t().app, lapsed);
    const res = await convert(session, 5);
    expect(res.statusCode).toBe(200);
    expect(res.json().fitcoinBalance).toBe(4.25);
  });

  it("converts once when the same submission is replayed with its Idempotency-Key", async () => {
    const { id, session } = await member(2000);
    const send = (amount: number, key: string) =>
      t().app.inject({
        method: "POST",
        url: "/api/fitcoin/purchase",
        headers: { ...session.headers, "idempotency-key": key },
        payload: { amount },
      });
    const key = "b3f1c2d4-0000-4000-8000-000000000001";
    const results = await Promise.all([send(10, key), send(10, key), send(10, key)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(await userBalances(t().app.ctx.db, id)).toEqual({ usd: 1000, fc: 850 });
    // The key of an earlier request with other details is refused, not taken as done.
    const reused = await send(5, key);
    expect(reused.statusCode).toBe(409);
    expect(await userBalances(t().app.ctx.db, id)).toEqual({ usd: 1000, fc: 850 });
    // A new key is a new conversion.
    expect((await send(5, "b3f1c2d4-0000-4000-8000-000000000002")).statusCode).toBe(200);
    expect(await userBalances(t().app.ctx.db, id)).toEqual({ usd: 500, fc: 1275 });
    expect((await send(5, "bad key!")).statusCode).toBe(400);
  });

  it("lets exactly 10 of 50 simultaneous $1 conversions through from a $10 wallet", async () => {
    const { id, session } = await member(1000);
    const results = await Promise.all(Array.from({ length: 50 }, () => convert(session, 1)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 422)).toHaveLength(40);
    expect(await userBalances(t().app.ctx.db, id)).toEqual({ usd: 0, fc: 850 });
    // 10 conversions of three transfers each, after the one deposit: the 422s wrote nothing.
    expect(await t().app.ctx.db.$count(ledgerTransfers, eq(ledgerTransfers.userId, id))).toBe(1 + 1 + 30);
    const coins = await t().app.inject({ url: "/api/fitcoin/balance", headers: session.headers });
    expect(coins.json().balance).toBe(8.5);
    expect((await auditLedger(t().app.ctx.db)).ok).toBe(true);
  });
});
