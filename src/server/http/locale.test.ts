import { describe, expect, it } from "vitest";
import { preferredLocale } from "./locale";

describe("preferredLocale", () => {
  it("takes the browser's first language by preference, canonical", () => {
    expect(preferredLocale("en-US,en;q=0.9")).toBe("en-US");
    expect(preferredLocale("de;q=0.5, en-gb;q=0.8")).toBe("en-GB");
    expect(preferredLocale("fr-CA")).toBe("fr-CA");
  });

  it("skips what is not a language it can write dates in", () => {
    expect(preferredLocale("*, not a tag!, en-AU;q=0.1")).toBe("en-AU");
    expect(preferredLocale("en-US;q=0, en-GB;q=0.4")).toBe("en-GB");
  });

  it("answers null for no header, an empty one or one too long to be a browser's", () => {
    expect(preferredLocale(undefined)).toBeNull();
    expect(preferredLocale("")).toBeNull();
    expect(preferredLocale(["en-US"])).toBeNull();
    expect(preferredLocale(`${"x".repeat(600)},en-US`)).toBeNull();
  });
});
