import { describe, expect, it } from "vitest";
import { RECENT_REDEMPTIONS } from "../../../core/constants";
import type { FitcoinRedemptionDetail, GiftCardOffer } from "../../../core/schemas/rewards";
import {
  canAffordFitcoins,
  fitcoinStatusTone,
  fitcoinsShort,
  monthLabel,
  needsMoreFitcoins,
  recentRedemptions,
  tierOptions,
} from "./redeem-view";

function offer(overrides: Partial<GiftCardOffer> = {}): GiftCardOffer {
  return {
    id: 3,
    month: "2026-07",
    brand: "Nike",
    description: "Run further in July.",
    imageUrl: null,
    value50: "50.00",
    fitcoins50: 50,
    value100: "100.00",
    fitcoins100: 100,
    isActive: true,
    scheduled: false,
    status: "active",
    createdAt: "2026-07-01T00:00:00Z",
    ...overrides,
  };
}

function redemption(id: number, status = "fulfilled"): FitcoinRedemptionDetail {
  return {
    id,
    amount: 50,
    brand: "Nike",
    fitcoinsSpent: 50,
    status: status as FitcoinRedemptionDetail["status"],
    giftCardCode: `CODE-${id}`,
    sandbox: false,
    giftCardLink: null,
    createdAt: "2026-07-02T10:00:00Z",
  };
}

describe("gift card of the month options", () => {
  it("prices $50 and $100 at the offer's own FitCoin prices", () => {
    expect(tierOptions(offer())).toEqual([
      { tier: 50, value: "50.00", price: 50 },
      { tier: 100, value: "100.00", price: 100 },
    ]);
    expect(tierOptions(offer({ fitcoins50: 45, fitcoins100: 90 })).map((o) => o.price)).toEqual([45, 90]);
  });

  it("needs a balance of at least the price, compared in hundredths", () => {
    expect(canAffordFitcoins(50, 50)).toBe(true);
    expect(canAffordFitcoins(49.99, 50)).toBe(false);
    expect(canAffordFitcoins(0.1 + 0.2 + 49.7, 50)).toBe(true);
    expect(canAffordFitcoins(99.5, 100)).toBe(false);
    expect(fitcoinsShort(42.5, 50)).toBe(7.5);
    expect(fitcoinsShort(120, 100)).toBe(0);
  });
});

describe("Need More FitCoins", () => {
  it("shows under 50 FitCoins by default and not from 50", () => {
    expect(needsMoreFitcoins(49.99, null)).toBe(true);
    expect(needsMoreFitcoins(50, null)).toBe(false);
    expect(needsMoreFitcoins(10, offer())).toBe(true);
    expect(needsMoreFitcoins(50, offer())).toBe(false);
  });

  it("follows an offer's cheaper price", () => {
    expect(needsMoreFitcoins(45, offer({ fitcoins50: 45 }))).toBe(false);
    expect(needsMoreFitcoins(44, offer({ fitcoins50: 45 }))).toBe(true);
  });
});

describe("recent redemptions", () => {
  it("keeps the latest 5 in the server's order", () => {
    const all = [7, 6, 5, 4, 3, 2, 1].map((id) => redemption(id));
    expect(recentRedemptions(all).map((r) => r.id)).toEqual([7, 6, 5, 4, 3]);
    expect(recentRedemptions(all)).toHaveLength(RECENT_REDEMPTIONS);
    expect(recentRedemptions([])).toEqual([]);
  });

  it("colours fulfilled (and delivered, a code issued at once) green, pending amber and anything else red", () => {
    expect(fitcoinStatusTone("fulfilled")).toBe("success");
    expect(fitcoinStatusTone("delivered")).toBe("success");
    expect(fitcoinStatusTone("pending")).toBe("pending");
    expect(fitcoinStatusTone("failed")).toBe("danger");
    expect(fitcoinStatusTone("cancelled")).toBe("danger");
  });

  it("names the offer's month", () => {
    expect(monthLabel("2026-07")).toBe("July 2026");
    expect(monthLabel("2026-12")).toBe("December 2026");
    expect(monthLabel("2026-13")).toBe("2026-13");
    expect(monthLabel("July")).toBe("July");
  });
});
