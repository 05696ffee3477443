import { describe, expect, it } from "vitest";
import { safeLink } from "./notification-view";

describe("notification view", () => {
  it("follows same-site paths only", () => {
    expect(safeLink("/groups/12")).toBe("/groups/12");
    expect(safeLink("//evil.example/x")).toBe("/notifications");
    expect(safeLink("https://evil.example")).toBe("/notifications");
    expect(safeLink("/\\evil.example")).toBe("/notifications");
  });
});
