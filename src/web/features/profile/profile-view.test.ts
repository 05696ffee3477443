import { describe, expect, it } from "vitest";
import { formatCount } from "../../../core/numbers";
import {
  checkImageFile,
  deletionLosses,
  displayName,
  PROFILE_IMAGE_MAX_BYTES,
  showsSubscription,
} from "./profile-view";

describe("checkImageFile", () => {
  it("accepts an image of at most 5 MB", () => {
    expect(checkImageFile({ type: "image/png", size: PROFILE_IMAGE_MAX_BYTES })).toEqual({ ok: true });
  });

  it("refuses a file that is not an image", () => {
    expect(checkImageFile({ type: "application/pdf", size: 10 })).toEqual({
      ok: false,
      title: "Invalid File",
      description: "Please select an image file.",
    });
    expect(checkImageFile({ type: "", size: 10 }).ok).toBe(false);
  });

  it("refuses an image over 5 MB", () => {
    expect(checkImageFile({ type: "image/jpeg", size: PROFILE_IMAGE_MAX_BYTES + 1 })).toEqual({
      ok: false,
      title: "File Too Large",
      description: "Please select an image smaller than 5MB.",
    });
  });
});

describe("displayName", () => {
  it("joins the names, or falls back to the username", () => {
    expect(displayName({ firstName: "Jane", lastName: "Doe", username: "jd" })).toBe("Jane Doe");
    expect(displayName({ firstName: " ", lastName: "", username: "jd" })).toBe("jd");
  });
});

describe("deletionLosses", () => {
  const cheapestRedemption = { fitcoins: 50, points: 1000 };
  const none = {
    balance: "0.00",
    fitcoins: 0,
    points: 0,
    cheapestRedemption,
    entries: [],
    emailVerified: true,
  };

  it("writes the three balances and says whether anything is left, and what could be redeemed", () => {
    expect(deletionLosses({ ...none, balance: "12.5", fitcoins: 52.5, points: 1340 })).toMatchObject({
      wallet: "$12.50",
      fitcoins: "52.50 FC",
      points: "1,340",
      any: true,
      redeem: { fitcoins: true, points: true },
      cannotRedeem: null,
    });
    expect(deletionLosses(none)).toMatchObject({
      any: false,
      redeem: { fitcoins: false, points: false },
      cannotRedeem: null,
    });
    // Dollars alone are not redeemed: they are converted on the wallet first.
    expect(deletionLosses({ ...none, balance: "5.00" })).toMatchObject({
      any: true,
      redeem: { fitcoins: false, points: false },
      cannotRedeem: null,
    });
  });

  it("offers to redeem only what reaches the cheapest gift card, and says why not otherwise", () => {
    expect(deletionLosses({ ...none, fitcoins: 50, points: 999 })).toMatchObject({
      redeem: { fitcoins: true, points: false },
      cannotRedeem: "Your points are too few to redeem: the smallest gift card takes 1,000 points.",
    });
    expect(deletionLosses({ ...none, fitcoins: 3.5, points: 40 })).toMatchObject({
      any: true,
      redeem: { fitcoins: false, points: false },
      cannotRedeem:
        "Your FitCoins are too few to redeem: the smallest gift card takes 50.00 FC. " +
        "Your points are too few to redeem: the smallest gift card takes 1,000 points.",
    });
    // Enough, but gift cards go only to a verified address: say that instead of the link.
    expect(deletionLosses({ ...none, fitcoins: 50, emailVerified: false })).toMatchObject({
      redeem: { fitcoins: false, points: false },
      cannotRedeem:
        "To redeem them, verify your email first: gift cards are sent only to a verified address.",
    });
    // Compared to the hundredth: 49.99 does not reach 50, 50.01 does.
    expect(deletionLosses({ ...none, fitcoins: 49.99 }).redeem.fitcoins).toBe(false);
    expect(deletionLosses({ ...none, fitcoins: 50.01 }).redeem.fitcoins).toBe(true);
    expect(
      deletionLosses({ ...none, fitcoins: 80, cheapestRedemption: { fitcoins: null, points: null } }),
    ).toMatchObject({
      redeem: { fitcoins: false, points: false },
      cannotRedeem: "No gift card is offered for FitCoins this month.",
    });
  });

  it("says what becomes of each entry: kept by its pool when under way, back and lost when not", () => {
    const entry = { kind: "competition" as const, id: 1, name: "Sprint", paid: 10, underWay: true };
    const texts = deletionLosses({
      ...none,
      entries: [
        entry,
        { ...entry, paid: 0 },
        { ...entry, underWay: false },
        { ...entry, kind: "group", paid: 0, underWay: false },
      ],
    }).entries.map((e) => e.text);
    expect(texts).toEqual([
      "Under way: the 10.00 FC you paid in stays in its pool, and you win no prize.",
      "Under way: you leave it and win no prize.",
      "Not started: the 10.00 FC you paid in comes back to your FitCoins, and is lost with them.",
      "Not started: you leave the group.",
    ]);
  });
});

it("formats counts with separators", () => {
  expect(formatCount(12345)).toBe("12,345");
});

it("shows the subscription card only while active or ending", () => {
  expect(showsSubscription("active")).toBe(true);
  expect(showsSubscription("cancel_at_period_end")).toBe(true);
  expect(showsSubscription("inactive")).toBe(false);
  expect(showsSubscription("expired")).toBe(false);
});
