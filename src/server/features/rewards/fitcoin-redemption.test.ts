import { describe, expect, it } from "vitest";
import { SANDBOX_GIFT_CARD_NOTE } from "../../../core/constants";
import { emails, giftCardOffers } from "../../db/schema";
import { GiftCardRejectedError } from "../../gift-cards/provider";
import { userBalances, userPoints } from "../../ledger/accounts";
import { buildUser, fundedMember, loginAs, type Session } from "../../test/factories";
import { expectBooksBalanced, useTestApp } from "../../test/test-app";
import { finishPendingRedemptions } from "./redemption.service";
import { memberWithPoints } from "./rewards-test-kit";

/**
 * The test clock stands still in the middle of a month (issue 29): a run that crossed a month's end
 * on the real clock would find its offer's month ended. An offer of an ended month is not offered.
 */
const now = "2026-11-14T12:00:00Z";
const thisMonth = "2026-11";

describe("Gift Card of the Month: offers and FitCoin redemption", () => {
  const t = useTestApp({}, {}, { now });
  let admin: Session;

  const offerBody = (over: Record<string, unknown> = {}) => ({
    month: thisMonth,
    brand: "Amazon",
    description: "Shop millions of items",
    imageUrl: "",
    ...over,
  });

  const post = (session: Session | null, url: string, payload?: unknown, key?: string) =>
    t().app.inject({
      method: "POST",
      url,
      headers: { ...(session?.headers ?? {}), ...(key ? { "idempotency-key": key } : {}) },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  async function activeOffer(over: Record<string, unknown> = {}) {
    admin ??= await loginAs(t().app, await buildUser(t().app, { isAdmin: true }));
    const created = await post(admin, "/api/admin/gift-card-offers", offerBody(over));
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    expect((await post(admin, `/api/admin/gift-card-offers/${id}/activate`)).statusCode).toBe(200);
    return id;
  }

  it("creates an offer with the default tiers, activates it, and members see it", async () => {
    admin = await loginAs(t().app, await buildUser(t().app, { isAdmin: true }));
    const member = await loginAs(t().app, await buildUser(t().app));
    const created = await post(admin, "/api/admin/gift-card-offers", offerBody());
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      month: thisMonth,
      brand: "Amazon",
      imageUrl: null,
      value50: "50.00",
      fitcoins50: 50,
      value100: "100.00",
      fitcoins100: 100,
      isActive: false,
    });
    const id = created.json().id;
    const activated = await post(admin, `/api/admin/gift-card-offers/${id}/activate`);
    expect(activated.json()).toMatchObject({
      message: `Amazon (${thisMonth}) is now the Gift Card of the Month`,
      offer: { id, isActive: true },
    });
    const current = await t().app.inject({ url: "/api/fitcoin/gift-card-offer", headers: member.headers });
    expect(current.json()).toMatchObject({ id, brand: "Amazon", isActive: true });
  });

  it("edits an offer; blank amounts keep the current ones", async () => {
    const id = await activeOffer({ fitcoins50: 55.5 });
    const res = await t().app.inject({
      method: "PUT",
      url: `/api/admin/gift-card-offers/${id}`,
      headers: admin.headers,
      payload: offerBody({ brand: "Target", value100: "95.00", fitcoins50: "" }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      brand: "Target",
      fitcoins50: 55.5,
      value100: "95.00",
      isActive: true,
    });
  });

  it("only one offer is ever active: activations replace each other, even at once, and the database refuses a second", async () => {
    const a = await activeOffer({ brand: "A" });
    const b = await activeOffer({ brand: "B" });
    const list = (
      await t().app.inject({ url: "/api/admin/gift-card-offers", headers: admin.headers })
    ).json();
    expect(list.filter((o: { isActive: boolean }) => o.isActive).map((o: { id: number }) => o.id)).toEqual([
      b,
    ]);
    const results = await Promise.all(
      [a, b, a, b].map((id) => post(admin, `/api/admin/gift-card-offers/${id}/activate`)),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const after = (
      await t().app.inject({ url: "/api/admin/gift-card-offers", headers: admin.headers })
    ).json();
    expect(after.filter((o: { isActive: boolean }) => o.isActive)).toHaveLength(1);
    await expect(
      t().app.ctx.db.insert(giftCardOffers).values({
        month: "2026-12",
        brand: "C",
        description: "d",
        value50Cents: 5000,
        fitcoins50: 5000,
        value100Cents: 10000,
        fitcoins100: 10000,
        isActive: true,
      }),
    ).rejects.toThrow();
  });

  it("admin routes: 400 bad month or missing brand, 401 signed out, 403 for members, 404 unknown offer", async () => {
    admin ??= await loginAs(t().app, await buildUser(t().app, { isAdmin: true }));
    const member = await loginAs(t().app, await buildUser(t().app));
    const bad = await post(admin, "/api/admin/gift-card-offers", offerBody({ month: "2026-13" }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].message).toBe("Month must be in YYYY-MM format");
    expect((await post(admin, "/api/admin/gift-card-offers", offerBody({ brand: " " }))).statusCode).toBe(
      400,
    );
    expect((await post(admin, "/api/admin/gift-card-offers", offerBody({ value50: "-5" }))).statusCode).toBe(
      400,
    );
    expect((await post(null, "/api/admin/gift-card-offers", offerBody())).statusCode).toBe(401);
    expect((await post(member, "/api/admin/gift-card-offers", offerBody())).statusCode).toBe(403);
    expect(
      (await t().app.inject({ url: "/api/admin/gift-card-offers", headers: member.headers })).statusCode,
    ).toBe(403);
    expect((await post(member, "/api/admin/gift-card-offers/1/activate")).statusCode).toBe(403);
    const put = await t().app.inject({
      method: "PUT",
      url: "/api/admin/gift-card-offers/1",
      headers: member.headers,
      payload: offerBody(),
    });
    expect(put.statusCode).toBe(403);
    expect((await post(admin, "/api/admin/gift-card-offers/999999/activate")).statusCode).toBe(404);
    const put404 = await t().app.inject({
      method: "PUT",
      url: "/api/admin/gift-card-offers/999999",
      headers: admin.headers,
      payload: offerBody(),
    });
    expect(put404.statusCode).toBe(404);
  });

  it("redeems $50 for 50 FitCoins: the balance drops, the code is stored, emailed and listed latest first", async () => {
    const offer = await activeOffer({ brand: "Nike" });
    const { user, session } = await fundedMember(t().app, 120);
    const res = await post(session, "/api/fitcoin/redeem", { giftCardOfferId: offer, amount: 50 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: `Your $50.00 Nike gift card is ready: the code is under your redemptions and was emailed to ${user.email}. ${SANDBOX_GIFT_CARD_NOTE}`,
      balance: 70,
      redemption: { amount: 50, brand: "Nike", fitcoinsSpent: 50, status: "fulfilled" },
    });
    const second = await post(session, "/api/fitcoin/redeem", { giftCardOfferId: offer, amount: 50 });
    expect(second.json().balance).toBe(20);
    const balance = (await t().app.inject({ url: "/api/fitcoin/balance", headers: session.headers })).json();
    expect(balance.balance).toBe(20);
    expect(balance.redemptions.map((r: { id: number }) => r.id)).toEqual([
      second.json().redemption.id,
      res.json().redemption.id,
    ]);
    expect(balance.redemptions[0].giftCardCode).toMatch(/^NIKE-/);
    const tx = (await t().app.inject({ url: "/api/transactions", headers: session.headers })).json();
    expect(tx[0]).toMatchObject({ type: "redemption", amount: "-50.00", currency: "FC" });
    await expectBooksBalanced(t().app);
  });

  it("422 without enough FitCoins, 409 for an offer no longer active, 404 unknown, 400 other amounts", async () => {
    const old = await activeOffer({ brand: "Old" });
    const { user, session } = await fundedMember(t().app, 99);
    const short = await post(session, "/api/fitcoin/redeem", { giftCardOfferId: old, amount: 100 });
    expect(short.statusCode).toBe(422);
    expect(short.json().message).toBe("Not enough FitCoins for this gift card");
    await activeOffer({ brand: "New" });
    const stale = await post(session, "/api/fitcoin/redeem", { giftCardOfferId: old, amount: 50 });
    expect(stale.statusCode).toBe(409);
    expect(
      (await post(session, "/api/fitcoin/redeem", { giftCardOfferId: 999_999, amount: 50 })).statusCode,
    ).toBe(404);
    expect(
      (await post(session, "/api/fitcoin/redeem", { giftCardOfferId: old, amount: 75 })).statusCode,
    ).toBe(400);
    expect((await post(null, "/api/fitcoin/redeem", { giftCardOfferId: old, amount: 50 })).statusCode).toBe(
      401,
    );
    expect((await t().app.inject({ url: "/api/fitcoin/gift-card-offer" })).statusCode).toBe(401);
    expect((await userBalances(t().app.ctx.db, user.id)).fc).toBe(9_900);
  });

  it("concurrent $50 redemptions from 120 FitCoins: two succeed; a retried one redeems once", async () => {
    const offer = await activeOffer({ brand: "REI" });
    const { user, session } = await fundedMember(t().app, 120);
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        post(session, "/api/fitcoin/redeem", { giftCardOfferId: offer, amount: 50 }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 422, 422]);
    expect((await userBalances(t().app.ctx.db, user.id)).fc).toBe(2_000);
    const other = await fundedMember(t().app, 60);
    const again = await Promise.all(
      [1, 2, 3].map(() =>
        post(other.session, "/api/fitcoin/redeem", { giftCardOfferId: offer, amount: 50 }, "fc-retry-0001"),
      ),
    );
    expect(again.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect((await userBalances(t().app.ctx.db, other.user.id)).fc).toBe(1_000);
    await expectBooksBalanced(t().app);
  });
});

describe("a gift-card provider that fails", () => {
  const t = useTestApp(
    {},
    {
      giftCards: {
        name: "down",
        delivers: "code",
        issue: async () => {
          throw new GiftCardRejectedError("brand not offered");
        },
        lookup: async () => ({ status: "missing" }),
        stop: async () => ({ outcome: "refused", reason: "nothing pending" }),
      },
    },
    { now },
  );

  it("that refuses an order: gives the FitCoins back, marks the redemption failed, and a retry says so again", async () => {
    const admin = await loginAs(t().app, await buildUser(t().app, { isAdmin: true }));
    const created = await t().app.inject({
      method: "POST",
      url: "/api/admin/gift-card-offers",
      headers: admin.headers,
      payload: { month: thisMonth, brand: "Amazon", description: "d" },
    });
    const id = created.json().id;
    await t().app.inject({
      method: "POST",
      url: `/api/admin/gift-card-offers/${id}/activate`,
      headers: admin.headers,
    });
    const { user, session } = await fundedMember(t().app, 60);
    const attempt = () =>
      t().app.inject({
        method: "POST",
        url: "/api/fitcoin/redeem",
        headers: { ...session.headers, "idempotency-key": "refused-0001" },
        payload: { giftCardOfferId: id, amount: 50 },
      });
    const res = await attempt();
    expect(res.statusCode).toBe(502);
    expect((await attempt()).statusCode).toBe(502);
    expect(res.json().code).toBe("PROVIDER_UNAVAILABLE");
    expect((await userBalances(t().app.ctx.db, user.id)).fc).toBe(6_000);
    const balance = (await t().app.inject({ url: "/api/fitcoin/balance", headers: session.headers })).json();
    expect(balance.redemptions[0]).toMatchObject({ status: "failed", giftCardCode: null });
    await expectBooksBalanced(t().app);
  });
});

describe("a gift-card provider that times out once", () => {
  let calls = 0;
  const t = useTestApp(
    {},
    {
      giftCards: {
        name: "flaky",
        delivers: "code",
        issue: async (order) => {
          calls++;
          if (calls === 1) throw new Error("socket hang up");
          return {
            code: "FLAKY-CODE-0001",
            link: null,
            rewardId: null,
            providerReference: `flaky_${order.reference}`,
            recipientEmail: order.recipientEmail,
            valueCents: order.valueCents,
            status: "delivered",
          };
        },
        // The first order's answer was lost before it was placed: the provider has none.
        lookup: async () => ({ status: "missing" }),
        stop: async () => ({ outcome: "refused", reason: "nothing pending" }),
      },
    },
    { now },
  );

  it("keeps the order pending (the card may exist), then the fulfilment job issues and emails it", async () => {
    const { user, session } = await memberWithPoints(t().app, 60_000);
    const [card] = (
      await t().app.inject({ url: "/api/rewards/gift-cards", headers: session.headers })
    ).json();
    const res = await t().app.inject({
      method: "POST",
      url: "/api/rewards/redeem",
      headers: session.headers,
      payload: { giftCardId: card.id, deliveryEmail: "later@example.test" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().redemption).toMatchObject({ status: "pending", giftCardCode: null });
    expect(res.json().message).toBe(
      "Your Amazon $5 Gift Card is being issued; the code will be emailed to later@example.test shortly",
    );
    expect(await userPoints(t().app.ctx.db, user.id)).toBe(8_200);
    // Not the job's before a minute has passed (its request may still be at it).
    expect(await finishPendingRedemptions(t().app.ctx)).toBe(0);
    t().clock.advance(61_000);
    expect(await finishPendingRedemptions(t().app.ctx)).toBe(1);
    const history = (await t().app.inject({ url: "/api/rewards/history", headers: session.headers })).json();
    expect(history[0]).toMatchObject({ status: "delivered", giftCardCode: "FLAKY-CODE-0001" });
    await t().app.ctx.mailer.idle();
    const mail = (await t().app.ctx.db.select().from(emails)).filter(
      (m) => m.toAddress === "later@example.test",
    );
    expect(mail).toHaveLength(1);
    expect(await finishPendingRedemptions(t().app.ctx)).toBe(0);
    await expectBooksBalanced(t().app);
  });
});
