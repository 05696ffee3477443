import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { AdminRedemption, AdminRedemptionPage } from "../../../../core/schemas/redemptions";
import { redemptionQueueKeys } from "../redemptions-api";
import { deliveredLines, RedemptionsQueueCard, redemptionDetails } from "./redemptions-queue-card";

const redemption = (over: Partial<AdminRedemption> = {}): AdminRedemption => ({
  id: 7,
  member: { id: 3, username: "dana" },
  item: "Amazon $50 Gift Card",
  value: "50.00",
  currency: "FC",
  cost: 50,
  status: "ordered",
  createdAt: "2026-11-21T09:00:00Z",
  deliveredAt: null,
  providerOrderId: "ORD123",
  orderReference: "redemption-3f2a9c",
  attempts: 2,
  lastError: null,
  failedAt: null,
  lateCardAt: null,
  ...over,
});

function render(pages: AdminRedemptionPage[]) {
  const client = new QueryClient();
  client.setQueryData(redemptionQueueKeys.list("pending"), { pages, pageParams: [null] });
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <RedemptionsQueueCard />
    </QueryClientProvider>,
  );
}

describe("the admins' gift-card orders queue", () => {
  it("offers Load more while the API has older pages, and not on the last", () => {
    expect(render([{ items: [redemption()], nextCursor: 7 }])).toContain("Load more");
    expect(render([{ items: [redemption()], nextCursor: null }])).not.toContain("Load more");
  });

  it("says why an order waits (its last error) or why it was refunded", () => {
    expect(redemptionDetails(redemption({ lastError: "Tremendous 503: down" }))).toBe(
      "$50.00 · 50.00 FitCoins · waiting at the provider · order ORD123 · 2 attempts. Last error: Tremendous 503: down",
    );
    expect(
      redemptionDetails(redemption({ status: "failed", lastError: "Refunded by an admin: asked" })),
    ).toMatch(/refunded .*\. Why: Refunded by an admin: asked$/);
    const late = redemption({
      status: "failed",
      lateCardAt: "2026-11-21T10:00:00Z",
      lastError: "The provider delivered a card for this redemption after it was refunded",
    });
    expect(redemptionDetails(late)).toMatch(
      /refunded, then a card was delivered · .*\. To do: The provider delivered a card/,
    );
  });

  it("says of a delivered card its value and price, the provider's order and our reference", () => {
    const delivered = redemption({ status: "fulfilled", deliveredAt: "2026-11-21T09:01:00Z" });
    expect(deliveredLines(delivered)).toEqual([
      "$50.00 · 50.00 FitCoins",
      "Order ORD123",
      "Reference redemption-3f2a9c",
    ]);
    expect(deliveredLines({ ...delivered, currency: "PTS", cost: 2500, providerOrderId: null })).toEqual([
      "$50.00 · 2,500 points",
      "Reference redemption-3f2a9c",
    ]);
  });
});
