import { Award } from "lucide-react";
import { describe, expect, it } from "vitest";
import { ACHIEVEMENTS } from "../../../core/achievements";
import { ACHIEVEMENT_ICONS, achievementIcon } from "./achievement-icons";

describe("badge icons", () => {
  it("has a component for every icon of the catalogue", () => {
    for (const a of ACHIEVEMENTS) expect(Object.hasOwn(ACHIEVEMENT_ICONS, a.icon), a.icon).toBe(true);
  });

  it("falls back to Award for an unknown name, own keys only", () => {
    expect(achievementIcon("no-such-icon")).toBe(Award);
    expect(achievementIcon("constructor")).toBe(Award);
    expect(achievementIcon("trophy")).not.toBe(Award);
  });
});
