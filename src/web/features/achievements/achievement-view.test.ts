import { describe, expect, it } from "vitest";
import { ACHIEVEMENTS } from "../../../core/achievements";
import type { Achievement, UserAchievement } from "../../../core/schemas/achievements";
import {
  badgeViews,
  filterByCategory,
  groupByRarity,
  progressSummary,
  progressText,
  requirementText,
} from "./achievement-view";

const catalogue: Achievement[] = ACHIEVEMENTS.map((a) => ({ ...a, current: 0 }));
const withCurrent = (id: string, current: number): Achievement[] =>
  catalogue.map((a) => (a.id === id ? { ...a, current } : a));
const unlock = (achievementId: string, isNew = false): UserAchievement => ({
  achievementId,
  unlockedAt: "2026-11-20T10:00:00Z",
  isNew,
});

describe("badge views", () => {
  it("joins the catalogue with the unlocks: unlocked at 100%, locked by the member's progress", () => {
    const views = badgeViews(withCurrent("stroller", 12_345), [unlock("first-steps", true)]);
    const first = views.find((v) => v.achievement.id === "first-steps");
    const stroller = views.find((v) => v.achievement.id === "stroller");
    expect(first).toMatchObject({
      unlocked: true,
      isNew: true,
      progress: 100,
      unlockedAt: "2026-11-20T10:00:00Z",
    });
    expect(stroller).toMatchObject({ unlocked: false, isNew: false, progress: 24.6, unlockedAt: null });
  });

  it("reads a missing current value (signed out) as no progress", () => {
    const views = badgeViews(
      catalogue.map((a) => ({ ...a, current: null })),
      [],
    );
    expect(views.every((v) => v.progress === 0)).toBe(true);
  });

  it("filters by category, All keeping every badge", () => {
    const views = badgeViews(catalogue, []);
    expect(filterByCategory(views, "all")).toHaveLength(ACHIEVEMENTS.length);
    const social = filterByCategory(views, "social");
    expect(social.length).toBeGreaterThan(0);
    expect(social.every((v) => v.achievement.category === "social")).toBe(true);
  });
});

describe("rarity groups", () => {
  it("come in the order legendary, epic, rare, common with unlocked badges first", () => {
    const groups = groupByRarity(badgeViews(catalogue, [unlock("chatterbox")]));
    expect(groups.map((g) => g.rarity)).toEqual(["legendary", "epic", "rare", "common"]);
    expect(groups.map((g) => g.label)).toEqual(["Legendary", "Epic", "Rare", "Common"]);
    const common = groups[3]?.badges ?? [];
    expect(common[0]?.achievement.id).toBe("chatterbox");
    expect(common.slice(1).every((b) => !b.unlocked)).toBe(true);
  });

  it("leave out a rarity with no badge in the category", () => {
    const social = filterByCategory(badgeViews(catalogue, []), "social");
    expect(groupByRarity(social).map((g) => g.rarity)).toEqual(["epic", "rare", "common"]);
  });
});

describe("progress text", () => {
  it("summarises unlocked of total as a whole percent rounded down", () => {
    const views = badgeViews(catalogue, [unlock("first-steps"), unlock("stroller")]);
    expect(progressSummary(views)).toEqual({ unlocked: 2, total: 24, percent: 8 });
    expect(progressSummary([])).toEqual({ unlocked: 0, total: 0, percent: 0 });
  });

  it("shows a locked badge's progress with one decimal", () => {
    expect(progressText(0)).toBe("0.0%");
    expect(progressText(45.3)).toBe("45.3%");
    expect(progressText(100)).toBe("100.0%");
  });

  it("states the requirement with the member's value, capped at the requirement", () => {
    const [stroller] = withCurrent("stroller", 12_345).filter((a) => a.id === "stroller");
    expect(requirementText(stroller as Achievement)).toBe("12,345 / 50,000 steps");
    const [race] = withCurrent("first-race", 3).filter((a) => a.id === "first-race");
    expect(requirementText(race as Achievement)).toBe("1 / 1 competition joined");
    const [streak] = catalogue.filter((a) => a.id === "week-streak");
    expect(requirementText({ ...(streak as Achievement), current: null })).toBe("0 / 7 days in a row");
  });
});
