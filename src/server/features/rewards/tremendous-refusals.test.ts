import { describe, expect, it } from "vitest";
import type { GiftCardOrder } from "../../gift-cards/provider";
import { userBalances } from "../../ledger/accounts";
import { fundedMember } from "../../test/factories";
import { expectBooksBalanced, useTestApp } from "../../test/test-app";
import { finishPendingRedemptions } from "./redemption.service";
import { POLL_MS, redemptionCalls, tremendousTestKit } from "./tremendous-test-kit";

/** Tremendous refusing an order (refunded) or unreachable (never refunded, tried again later). */
describe("gift cards from Tremendous (the fake): refusals and outages", () => {
  const k = tremendousTestKit();
  const { t, fake } = k;
  const job = () => finishPendingRedemptions(t().app.ctx);

  it("refused by Tremendous (422): 502 to the member, refunded once, told by email", async () => {
    fake().mode = "reject";
    const offer = await k.activeOffer("Refused");
    const { user, session } = await fundedMember(t().app, 50);
    const res = await k.redeemFitcoins(session, offer, "tremendous-refused-1");
    expect(res.statusCode).toBe(502);
    expect((await k.redeemFitcoins(session, offer, "tremendous-refused-1")).statusCode).toBe(502);
    expect((await userBalances(t().app.ctx.db, user.id)).fc).toBe(5_000);
    const [r] = (await k.fitcoinRedemptions(session)).redemptions;
    expect(r.status).toBe("failed");
    expect((await k.row(r.id)).lastError).toMatch(/Tremendous 422/);
    expect(await k.refundTransfers(r.id)).toBe(1);
    expect(await k.mailTo(user.email)).toHaveLength(1);
  });

  it("an outage keeps the order pending with a growing delay, never refunded; it goes through afterwards", async () => {
    fake().mode = "deliver";
    fake().down = true;
    const offer = await k.activeOffer("Outage");
    const { user, session } = await fundedMember(t().app, 50);
    const res = await k.redeemFitcoins(session, offer);
    const id = res.json().redemption.id;
    expect(res.json().redemption.status).toBe("pending");
    // No order yet, but a Tremendous card comes as a link, not a code.
    expect(res.json().message).toBe(
      `Your $50.00 Outage gift card is being issued; its link will be emailed to ${user.email} shortly`,
    );
    const first = await k.row(id);
    expect(first).toMatchObject({ status: "pending", attempts: 1 });
    expect(first.lastError).toMatch(/Tremendous 503/);
    t().clock.advance(POLL_MS + 1);
    await job();
    const second = await k.row(id);
    expect(second.attempts).toBe(2);
    // The second failure waits twice as long.
    expect((second.nextCheckAt as Date).getTime() - t().clock.now().getTime()).toBe(2 * POLL_MS);
    fake().down = false;
    t().clock.advance(2 * POLL_MS + 1);
    expect(await job()).toBe(1);
    expect((await k.row(id)).status).toBe("fulfilled");
    expect((await userBalances(t().app.ctx.db, user.id)).fc).toBe(0);
    await expectBooksBalanced(t().app);
  });
});

describe("Tremendous without a campaign", () => {
  const k = tremendousTestKit({ TREMENDOUS_CAMPAIGN_ID: "" });

  it("refuses (and refunds) a card without a product of its own, with no request to Tremendous", async () => {
    const offer = await k.activeOffer("No Product");
    const { user, session } = await fundedMember(k.t().app, 50);
    const res = await k.redeemFitcoins(session, offer);
    expect(res.statusCode).toBe(502);
    expect((await userBalances(k.t().app.ctx.db, user.id)).fc).toBe(5_000);
    expect(k.fake().orders()).toHaveLength(0);
  });
});

describe("a provider that says delivered but gives neither a code nor a link", () => {
  let link: string | null = null;
  const orders = new Map<string, GiftCardOrder>();
  const card = (o: GiftCardOrder) => ({
    status: "delivered" as const,
    code: null,
    link,
    providerReference: `ORD-${o.reference}`,
    rewardId: null,
    recipientEmail: o.recipientEmail,
    valueCents: o.valueCents,
  });
  const t = useTestApp(
    {},
    {
      giftCards: {
        name: "linkless",
        delivers: "link",
        async issue(o) {
          orders.set(o.reference, o);
          return card(o);
        },
        async lookup({ reference }) {
          const o = orders.get(reference);
          return o ? card(o) : { status: "missing" };
        },
        stop: async () => ({ outcome: "refused", reason: "nothing to stop" }),
      },
    },
  );
  const k = redemptionCalls(() => t().app);

  it("is not closed: nothing booked or emailed until a link comes, then delivered once", async () => {
    const offer = await k.activeOffer("Linkless");
    const { user, session } = await fundedMember(t().app, 50);
    const res = await k.redeemFitcoins(session, offer);
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().redemption.id;
    const row = await k.row(id);
    expect(row).toMatchObject({ status: "pending", deliveredAt: null, errorStreak: 1 });
    expect(row.lastError).toMatch(/delivered but gave no code or link/);
    expect(await k.costTransfers(id)).toEqual([]);
    expect(await k.mailTo(user.email)).toHaveLength(0);
    link = "https://cards.example/link-1";
    t().clock.advance(2 * POLL_MS);
    await finishPendingRedemptions(t().app.ctx);
    expect(await k.row(id)).toMatchObject({ status: "fulfilled", giftCardLink: link });
    expect(await k.costTransfers(id)).toHaveLength(1);
    expect(await k.mailTo(user.email)).toHaveLength(1);
  });
});
