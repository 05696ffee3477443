import { describe, expect, it } from "vitest";
import { GiftCardRejectedError } from "../../gift-cards/provider";
import type { Session } from "../../test/factories";
import { expectBooksBalanced, useTestApp } from "../../test/test-app";
import { memberWithPoints } from "../rewards/rewards-test-kit";

type Item = { kind: string; title: string; body: string; link: string };

const items = async (app: ReturnType<ReturnType<typeof useTestApp>>["app"], s: Session) =>
  (await app.inject({ url: "/api/notifications", headers: s.headers })).json().items as Item[];

async function redeemCheapest(app: ReturnType<ReturnType<typeof useTestApp>>["app"], s: Session) {
  const [card] = (await app.inject({ url: "/api/rewards/gift-cards", headers: s.headers })).json();
  return app.inject({
    method: "POST",
    url: "/api/rewards/redeem",
    headers: { ...s.headers, "idempotency-key": `notify-${card.id}-${s.fingerprint}` },
    payload: { giftCardId: card.id, deliveryEmail: "gifts@example.test" },
  });
}

/** Issue 24: gift cards delivered and failed orders refunded are news to the member, once each. */
describe("gift-card notifications", () => {
  const t = useTestApp();

  it("tells the member their card is delivered, once however often it is asked", async () => {
    const { session } = await memberWithPoints(t().app, 60_000);
    expect((await redeemCheapest(t().app, session)).statusCode).toBe(200);
    expect((await redeemCheapest(t().app, session)).statusCode).toBe(200); // the same request again
    expect((await items(t().app, session)).filter((n) => n.kind === "gift_card_delivered")).toEqual([
      expect.objectContaining({
        title: "Your $5.00 Amazon gift card is here",
        body: "Its code is under your redemptions, and on its way by email.",
        link: "/points",
      }),
    ]);
  });
});

describe("gift-card notifications of a provider that refuses", () => {
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
        stop: async () => ({ outcome: "stopped" }),
      },
    },
  );

  it("tells the member the order failed and what came back", async () => {
    const { session } = await memberWithPoints(t().app, 60_000);
    expect((await redeemCheapest(t().app, session)).statusCode).toBe(502);
    expect((await redeemCheapest(t().app, session)).statusCode).toBe(502);
    expect((await items(t().app, session)).filter((n) => n.kind === "refund_gift_card")).toEqual([
      expect.objectContaining({
        title: "Your $5.00 Amazon gift card could not be issued",
        body: "The order failed, so your 5,000 points came back to you.",
        link: "/points",
      }),
    ]);
    await expectBooksBalanced(t().app);
  });
});
