import { describe, expect, it } from "vitest";
import { coins, dollars, formatInZone, signedMinor } from "./format";

describe("money display", () => {
  it("formats dollars from strings and numbers", () => {
    expect(dollars("12.50")).toBe("$12.50");
    expect(dollars(12.5)).toBe("$12.50");
    expect(dollars("-8.50")).toBe("-$8.50");
    expect(dollars("+20.00")).toBe("$20.00");
    expect(dollars(null)).toBe("$0.00");
    expect(dollars("nope")).toBe("$0.00");
  });

  it("formats FitCoins with two decimals", () => {
    expect(coins(8.5)).toBe("8.50");
    expect(coins(0)).toBe("0.00");
    expect(coins(undefined)).toBe("0.00");
  });

  it("reads signed amounts in minor units", () => {
    expect(signedMinor("+20.00")).toBe(2000);
    expect(signedMinor("-0.01")).toBe(-1);
    expect(signedMinor("1.5")).toBe(150);
  });
});

describe("dates in the member's zone", () => {
  it("shows an instant on the profile zone's wall clock, with the zone, on any device", () => {
    const at = "2026-03-10T13:00:00.000Z";
    expect(formatInZone(at, "America/New_York", "en-US")).toBe("Mar 10, 2026, 9:00 AM EDT");
    expect(formatInZone(at, "Asia/Tokyo", "en-US")).toBe("Mar 10, 2026, 10:00 PM GMT+9");
    expect(formatInZone("nope", "UTC", "en-US")).toBe("");
    // A zone this browser does not know reads as UTC rather than failing the screen.
    expect(formatInZone(at, "Mars/Olympus", "en-US")).toBe("Mar 10, 2026, 1:00 PM UTC");
  });
});
