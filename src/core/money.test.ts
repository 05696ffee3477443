import { describe, expect, it } from "vitest";
import { cents, formatMinor, formatUsd, parseMinor } from "./money";

describe("money in minor units", () => {
  it.each([
    [0, "0.00"],
    [5, "0.05"],
    [1250, "12.50"],
    [-699, "-6.99"],
    [123456789, "1234567.89"],
  ])("formats %i as %s", (minor, text) => {
    expect(formatMinor(minor)).toBe(text);
  });

  it("formats dollars with the sign before the symbol", () => {
    expect(formatUsd(699)).toBe("$6.99");
    expect(formatUsd(-2000)).toBe("-$20.00");
  });

  it.each([
    ["12", 1200],
    ["12.5", 1250],
    ["12.50", 1250],
    [" 0.01 ", 1],
    [6.99, 699],
    [0.3, 30],
  ])("parses %s without floating-point error", (input, minor) => {
    expect(parseMinor(input)).toBe(minor);
  });

  it.each(["", "abc", "1.234", "-5", "1e3", "12.", ".5", Number.NaN, Number.POSITIVE_INFINITY])(
    "refuses %s",
    (input) => {
      expect(parseMinor(input as string | number)).toBeNull();
    },
  );

  it("refuses fractional minor units", () => {
    expect(() => cents(1.5)).toThrow(RangeError);
    expect(cents(150)).toBe(150);
  });
});
