import { describe, expect, it } from "vitest";
import { formatCount } from "./numbers";

describe("formatCount", () => {
  it("groups thousands the way toLocaleString('en-US') does", () => {
    for (const n of [0, 7, 999, 1000, 12345, 60000, 1234567, -4321, 2.5]) {
      expect(formatCount(n)).toBe(n.toLocaleString("en-US"));
    }
    expect(formatCount(12345)).toBe("12,345");
  });
});
