import { describe, expect, it } from "vitest";
import { giftCardOfferBodySchema } from "../../../../core/schemas/rewards";
import {
  currentMonth,
  emptyOfferForm,
  monthLabel,
  offerActions,
  offerFormFrom,
  offerRequest,
} from "./gift-card-offer-form-model";

const parse = (input: Record<string, unknown>) => giftCardOfferBodySchema.safeParse(input);

describe("the gift-card offer form", () => {
  it("starts a new offer on this month with blank amounts", () => {
    const form = emptyOfferForm(new Date(2026, 0, 15));
    expect(form).toMatchObject({ month: "2026-01", brand: "", value50: "", fitcoins100: "" });
    expect(currentMonth(new Date(2026, 10, 30))).toBe("2026-11");
  });

  it("sends blank amounts as $50 for 50.00 FC and $100 for 100.00 FC, and no image as null", () => {
    const checked = parse({
      ...emptyOfferForm(),
      month: "2026-12",
      brand: " Amazon ",
      description: "Any gift",
    });
    expect(checked.success).toBe(true);
    if (!checked.success) return;
    expect(offerRequest(checked.data)).toEqual({
      month: "2026-12",
      brand: "Amazon",
      description: "Any gift",
      imageUrl: null,
      value50: "50.00",
      fitcoins50: "50.00",
      value100: "100.00",
      fitcoins100: "100.00",
    });
  });

  it("keeps given amounts with two decimals and an image URL", () => {
    const checked = parse({
      month: "2026-12",
      brand: "Nike",
      description: "Shoes",
      imageUrl: "https://example.com/nike.png",
      value50: "55",
      fitcoins50: "55.5",
      value100: "110.00",
      fitcoins100: "120",
    });
    expect(checked.success).toBe(true);
    if (!checked.success) return;
    expect(offerRequest(checked.data)).toMatchObject({
      imageUrl: "https://example.com/nike.png",
      value50: "55.00",
      fitcoins50: "55.50",
      value100: "110.00",
      fitcoins100: "120.00",
    });
  });

  it("refuses a FitCoin price below its card's value, on the price's field", () => {
    const checked = parse({
      ...emptyOfferForm(),
      brand: "Nike",
      description: "Shoes",
      value50: "55",
      fitcoins50: "45.5",
      value100: "110",
      fitcoins100: "110",
    });
    expect(checked.success).toBe(false);
    if (checked.success) return;
    expect(checked.error.issues.map((i) => [i.path[0], i.message])).toEqual([
      ["fitcoins50", "$50 FitCoin price must be at least the card's value (55 FitCoins)"],
    ]);
  });

  it("refuses a missing brand or description and a month not in YYYY-MM", () => {
    const checked = parse({ ...emptyOfferForm(), month: "12/2026" });
    expect(checked.success).toBe(false);
    if (checked.success) return;
    const paths = checked.error.issues.map((i) => i.path[0]);
    expect(paths).toEqual(expect.arrayContaining(["month", "brand", "description"]));
  });

  it("fills the edit form from an offer, FitCoins with two decimals", () => {
    const form = offerFormFrom({
      id: 3,
      month: "2026-11",
      brand: "Target",
      description: "Anything",
      imageUrl: null,
      value50: "50.00",
      fitcoins50: 42.5,
      value100: "100.00",
      fitcoins100: 100,
      isActive: true,
      scheduled: false,
      status: "active",
      createdAt: "2026-11-01T00:00:00Z",
    });
    expect(form).toEqual({
      month: "2026-11",
      brand: "Target",
      description: "Anything",
      imageUrl: "",
      value50: "50.00",
      fitcoins50: "42.50",
      value100: "100.00",
      fitcoins100: "100.00",
    });
  });

  it("names a month", () => {
    expect(monthLabel("2026-11")).toBe("November 2026");
    expect(monthLabel("soon")).toBe("soon");
  });

  it("offers Activate for this month's offer only, Schedule for a later month's, End while it runs", () => {
    const now = new Date("2026-11-30T23:59:00Z");
    const inactive = (month: string) => offerActions({ status: "inactive", month }, now);
    expect(inactive("2026-11")).toEqual(["activate"]);
    expect(inactive("2026-12")).toEqual(["schedule"]);
    expect(inactive("2027-05")).toEqual(["schedule"]);
    expect(inactive("2026-10")).toEqual([]);
    expect(offerActions({ status: "active", month: "2026-11" }, now)).toEqual(["end"]);
    expect(offerActions({ status: "scheduled", month: "2026-12" }, now)).toEqual(["end"]);
    // Months are UTC: a minute later it is December everywhere.
    expect(offerActions({ status: "inactive", month: "2026-12" }, new Date("2026-12-01T00:00:00Z"))).toEqual([
      "activate",
    ]);
  });
});
