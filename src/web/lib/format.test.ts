import { describe, expect, it } from "vitest";
import { coins, dollars, signedMinor } from "./format";

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
