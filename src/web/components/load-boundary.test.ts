import { describe, expect, it } from "vitest";
import { isFailedLoad } from "./load-boundary";

describe("isFailedLoad", () => {
  it("knows a module that could not be fetched in each browser's words, and nothing else", () => {
    expect(isFailedLoad(new TypeError("Failed to fetch dynamically imported module: /assets/x.js"))).toBe(
      true,
    );
    expect(isFailedLoad(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isFailedLoad(new TypeError("error loading dynamically imported module: /assets/x.js"))).toBe(true);
    expect(isFailedLoad(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isFailedLoad("Failed to fetch dynamically imported module")).toBe(false);
  });
});
