import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { subscriptions } from "../../db/schema";
import { userBalances } from "../../ledger/accounts";
import {
  buildCompetition,
  buildUser,
  fundWallet,
  grantFitcoins,
  loginAs,
  type Session,
  syncSteps,
} from "../../test/factories";
import { useTestApp } from "../../test/test-app";
import { runPointsJob, walkOn } from "../rewards/rewards-test-kit";

/*
 * DESIGN 1, lapsed members: only competing needs the subscription. A member whose subscription
 * ended (and one who never had one: the same state of specification 1's access routing) still
 * reaches their wallet, profile, redemptions and account deletion, and redeems what they hold.
 */
describe("a member without an active subscription keeps their money within reach", () => {
  const t = useTestApp();
  const DAY = 24 * 3600 * 1000;

  const call = (
    method: "GET" | "POST" | "PATCH" | "DELETE",
    url: string,
    session: Session,
    payload?: object,
  ) => t().app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : {}) });

  /** Ends a member's paid period yesterday, as the period-end job leaves it. */
  async function lapse(userId: number) {
    const now = t().app.ctx.clock.now();
    await t()
      .app.ctx.db.update(subscriptions)
      .set({ status: "expired", currentPeriodEnd: new Date(now.getTime() - DAY) })
      .where(eq(subscriptions.userId, userId));
  }

  const joinCompetition = (id: number, session: Session) =>
    call("POST", `/api/competitions/${id}/join`, session, { deviceFingerprint: session.fingerprint });

  async function activeOffer(admin: Session) {
    const created = await call("POST", "/api/admin/gift-card-offers", admin, {
      // Activate takes the offer of the current month only.
      month: t().app.ctx.clock.now().toISOString().slice(0, 7),
      brand: "Amazon",
      description: "Shop millions of items",
      imageUrl: "",
    });
    const id = created.json().id as number;
    expect((await call("POST", `/api/admin/gift-card-offers/${id}/activate`, admin)).statusCode).toBe(200);
    return id;
  }

  it("a lapsed member reads and moves their own money, edits and deletes their account", async () => {
    const admin = await loginAs(t().app, await buildUser(t().app, { isAdmin: true }));
    const offerId = await activeOffer(admin);
    const competition = await buildCompetition(t().app, admin, { entryFee: 10 });

    const user = await buildUser(t().app);
    const session = await loginAs(t().app, user);
    await fundWallet(t().app, user.id, 2_000);
    await grantFitcoins(t().app, user.id, 6_000);
    await walkOn(t().app, user.id, t().app.ctx.clock.now().toISOString().slice(0, 10), 60_000);
    await runPointsJob(t().app);
    // Joined while subscribed; the competition has not started, so leaving still refunds.
    expect((await joinCompetition(competition.id, session)).statusCode).toBe(200);
    await lapse(user.id);

    const me = await call("GET", "/api/auth/user", session);
    expect(me.json()).toMatchObject({ subscriptionStatus: "expired" });

    for (const url of [
      "/api/wallet/balance",
      "/api/fitcoin/balance",
      "/api/transactions",
      "/api/transactions/recent",
      "/api/user/stats",
      "/api/points/summary",
      "/api/points/transactions",
      "/api/rewards/gift-cards",
      "/api/rewards/history",
      "/api/fitcoin/gift-card-offer",
      "/api/auth/banking",
    ]) {
      const res = await call("GET", url, session);
      expect([url, res.statusCode]).toEqual([url, 200]);
    }

    const profile = await call("PATCH", "/api/user/profile", session, {
      firstName: "Lapsed",
      lastName: "Member",
      email: user.email,
    });
    expect(profile.statusCode).toBe(200);

    // Leaving before the start refunds the entry fee: 60 + 10 FitCoins again.
    expect((await call("DELETE", `/api/competitions/${competition.id}/leave`, session)).statusCode).toBe(200);
    expect((await userBalances(t().app.ctx.db, user.id)).fc).toBe(6_000);

    // Wallet dollars leave only as FitCoin gift cards, so converting them is keeping them in reach.
    const convert = await call("POST", "/api/fitcoin/purchase", session, { amount: 10 });
    expect([convert.statusCode, convert.json().fitcoinBalance]).toEqual([200, 68.5]);
    // Adding money is not competing either (and pays for the way back).
    expect((await call("POST", "/api/create-payment-intent", session, { amount: 20 })).statusCode).toBe(200);

    const fitcoins = await call("POST", "/api/fitcoin/redeem", session, {
      giftCardOfferId: offerId,
      amount: 50,
    });
    expect(fitcoins.statusCode).toBe(200);
    const [card] = (await call("GET", "/api/rewards/gift-cards", session)).json();
    const points = await call("POST", "/api/rewards/redeem", session, {
      giftCardId: card.id,
      deliveryEmail: user.email,
    });
    expect(points.statusCode).toBe(200);
    expect((await call("GET", "/api/rewards/history", session)).json()).toHaveLength(1);
    expect((await call("GET", "/api/fitcoin/balance", session)).json().redemptions).toHaveLength(1);

    const deleted = await call("DELETE", "/api/user/account", session, { currentPassword: user.password });
    expect(deleted.statusCode).toBe(200);
    expect((await call("GET", "/api/auth/user", session)).statusCode).toBe(401);
  });

  it("competing still needs the subscription: joins, groups, contributions, steps and chat answer 403", async () => {
    const admin = await loginAs(t().app, await buildUser(t().app, { isAdmin: true }));
    const competition = await buildCompetition(t().app, admin, { entryFee: null });
    const owner = await loginAs(t().app, await buildUser(t().app));
    await grantFitcoins(
      t().app,
      (await t().app.inject({ url: "/api/auth/user", headers: owner.headers })).json().id,
      10_000,
    );
    const group = (await call("POST", "/api/groups", owner, { name: "Walkers" })).json();

    const user = await buildUser(t().app);
    const session = await loginAs(t().app, user);
    await grantFitcoins(t().app, user.id, 10_000);
    // A member of both while subscribed, then the plan ends.
    expect((await joinCompetition(competition.id, session)).statusCode).toBe(200);
    expect((await call("POST", `/api/groups/join/${group.inviteCode}`, session)).statusCode).toBe(200);
    await lapse(user.id);
    const never = await loginAs(t().app, await buildUser(t().app, { subscribed: false }));

    for (const who of [session, never]) {
      const refused = [
        await joinCompetition(competition.id, who),
        await call("POST", "/api/groups", who, { name: "Solo" }),
        await call("POST", `/api/groups/join/${group.inviteCode}`, who),
        await call("POST", `/api/groups/${group.id}/contribute`, who, { amount: 5 }),
        await syncSteps(t().app, who, 100),
        await call("POST", `/api/competitions/${competition.id}/messages`, who, { message: "hi" }),
        await call("POST", `/api/groups/${group.id}/messages`, who, { message: "hi" }),
      ];
      for (const res of refused) {
        expect([res.statusCode, res.json()]).toEqual([
          403,
          { code: "SUBSCRIPTION_REQUIRED", message: "Active subscription required" },
        ]);
      }
    }
  });

  it("a member who never subscribed reaches their wallet, profile and redemptions the same way", async () => {
    const user = await buildUser(t().app, { subscribed: false, rulesAccepted: false });
    const session = await loginAs(t().app, user);
    await fundWallet(t().app, user.id, 500);
    for (const url of [
      "/api/wallet/balance",
      "/api/transactions",
      "/api/rewards/history",
      "/api/user/stats",
    ]) {
      expect([url, (await call("GET", url, session)).statusCode]).toEqual([url, 200]);
    }
    expect((await call("POST", "/api/fitcoin/purchase", session, { amount: 5 })).statusCode).toBe(200);
    // New card money needs a membership once held: never subscribed, the card path is closed.
    const card = await call("POST", "/api/create-payment-intent", session, { amount: 20 });
    expect([card.statusCode, card.json().code]).toEqual([403, "SUBSCRIPTION_REQUIRED"]);
    expect(
      (await call("DELETE", "/api/user/account", session, { currentPassword: user.password })).statusCode,
    ).toBe(200);
  });
});
