import { describe, expect, it } from "vitest";
import { safeLink, timeAgo } from "./notification-view";

describe("notification view", () => {
  const now = new Date("2026-03-10T12:00:00Z");
  it("says how long ago, in words", () => {
    expect(timeAgo("2026-03-10T11:59:30Z", now)).toBe("just now");
    expect(timeAgo("2026-03-10T11:55:00Z", now)).toBe("5 min ago");
    expect(timeAgo("2026-03-10T09:00:00Z", now)).toBe("3 h ago");
    expect(timeAgo("2026-03-09T10:00:00Z", now)).toBe("yesterday");
    expect(timeAgo("2026-03-07T12:00:00Z", now)).toBe("3 days ago");
  });

  it("follows same-site paths only", () => {
    expect(safeLink("/groups/12")).toBe("/groups/12");
    expect(safeLink("//evil.example/x")).toBe("/notifications");
    expect(safeLink("https://evil.example")).toBe("/notifications");
    expect(safeLink("/\\evil.example")).toBe("/notifications");
  });
});
