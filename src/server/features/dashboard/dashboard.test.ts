import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { systemAccount, userAccount } from "../../ledger/accounts";
import { transfer } from "../../ledger/transfer";
import { buildUser, fundWallet, loginAs } from "../../test/factories";
import { useTestApp } from "../../test/test-app";

describe("dashboard stats", () => {
  const t = useTestApp();

  it("shows the step goal, the ledger's wallet balance, winnings and today's steps", async () => {
    t().clock.set("2026-05-20T22:30:00Z");
    const user = await buildUser(t().app, { timeZone: "Asia/Tokyo" });
    const session = await loginAs(t().app, user);
    const stats = () => t().app.inject({ url: "/api/dashboard/stats", headers: session.headers });

    expect((await stats()).json()).toEqual({
      stepGoal: 10000,
      balance: "0.00",
      totalWinnings: "0.00",
      todaySteps: 0,
      offline: false,
    });

    await fundWallet(t().app, user.id, 1250);
    await t().app.ctx.db.transaction(async (tx) => {
      const issuance = await systemAccount(tx, "fitcoinIssuance");
      const coins = await userAccount(tx, user.id, "FC");
      await transfer(tx, {
        from: issuance,
        to: coins,
        amount: 750,
        currency: "FC",
        kind: "prize",
        description: "1st place",
      });
      await transfer(tx, {
        from: issuance,
        to: coins,
        amount: 125,
        currency: "FC",
        kind: "winnings",
        description: "Group",
      });
      // FitCoins that are not winnings do not count.
      await transfer(tx, {
        from: issuance,
        to: coins,
        amount: 999,
        currency: "FC",
        kind: "admin_grant",
        description: "Gift",
      });
    });
    const sync = await t().app.inject({
      method: "POST",
      url: "/api/steps",
      headers: session.headers,
      payload: { steps: 42, timestamp: t().clock.now().toISOString(), batchId: randomUUID() },
    });
    expect(sync.statusCode).toBe(200);

    expect((await stats()).json()).toEqual({
      stepGoal: 10000,
      balance: "12.50",
      totalWinnings: "8.75",
      todaySteps: 42,
      offline: false,
    });

    // 22:30 UTC is 07:30 in Tokyo; at Tokyo's midnight (15:00 UTC) today starts at 0 again.
    t().clock.set("2026-05-21T15:00:00Z");
    expect((await stats()).json()).toMatchObject({ todaySteps: 0, balance: "12.50" });
  });

  it("needs a session", async () => {
    const res = await t().app.inject({ url: "/api/dashboard/stats" });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: "UNAUTHENTICATED" });
  });
});
