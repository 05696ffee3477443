import { describe, expect, it } from "vitest";
import {
  checkImageFile,
  displayName,
  formatCount,
  PROFILE_IMAGE_MAX_BYTES,
  remainingHoldings,
  showsSubscription,
  timeZoneOptions,
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

describe("remainingHoldings", () => {
  it("formats both balances and says whether anything is left", () => {
    expect(remainingHoldings({ balance: "12.5", fitcoins: 42.5 })).toEqual({
      wallet: "$12.50",
      fitcoins: "42.50",
      any: true,
    });
    expect(remainingHoldings({ balance: "0.00", fitcoins: 0 }).any).toBe(false);
    expect(remainingHoldings({ balance: "0.00", fitcoins: 0.01 }).any).toBe(true);
  });
});

describe("timeZoneOptions", () => {
  it("keeps the member's zone even when the platform does not list it", () => {
    expect(timeZoneOptions("Etc/Unknown", ["Europe/Paris"])).toEqual(["Etc/Unknown", "Europe/Paris"]);
    expect(timeZoneOptions("Europe/Paris", ["Europe/Paris"])).toEqual(["Europe/Paris"]);
    expect(timeZoneOptions("", [])).toEqual(["UTC"]);
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
