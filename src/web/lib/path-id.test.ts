import { describe, expect, it } from "vitest";
import { pathId } from "./path-id";

describe("pathId", () => {
  it("reads a positive whole number written in digits", () => {
    expect(pathId("1")).toBe(1);
    expect(pathId("123456789")).toBe(123456789);
  });

  it("refuses anything else: zero, signs, exponents, spaces, too long, missing", () => {
    for (const raw of ["0", "-1", "+1", "1e3", " 5", "5 ", "1.0", "abc", "1234567890", "", undefined]) {
      expect(pathId(raw)).toBeNull();
    }
  });
});
