import { describe, expect, it } from "vitest";
import {
  ACHIEVEMENT_CATEGORIES,
  ACHIEVEMENT_RARITIES,
  ACHIEVEMENTS,
  type AchievementFacts,
  achievementProgress,
  metAchievements,
  REQUIREMENT_TYPES,
} from "./achievements";

const none = Object.fromEntries(REQUIREMENT_TYPES.map((t) => [t, 0])) as AchievementFacts;

describe("the achievement catalogue", () => {
  it("holds about 24 badges with unique ids, every category and every rarity used", () => {
    expect(ACHIEVEMENTS.length).toBe(24);
    expect(new Set(ACHIEVEMENTS.map((a) => a.id)).size).toBe(ACHIEVEMENTS.length);
    expect(new Set(ACHIEVEMENTS.map((a) => a.category))).toEqual(new Set(ACHIEVEMENT_CATEGORIES));
    expect(new Set(ACHIEVEMENTS.map((a) => a.rarity))).toEqual(new Set(ACHIEVEMENT_RARITIES));
    for (const a of ACHIEVEMENTS) expect(a.requirement).toBeGreaterThan(0);
  });

  it("a badge is met exactly at its requirement", () => {
    expect(metAchievements(none)).toEqual([]);
    const almost = { ...none, total_steps: 999, daily_steps: 9_999, streak_days: 6, chat_messages: 9 };
    expect(metAchievements(almost)).toEqual([]);
    const met = { ...none, total_steps: 1_000, daily_steps: 10_000, streak_days: 7, chat_messages: 10 };
    expect(
      metAchievements(met)
        .map((a) => a.id)
        .sort(),
    ).toEqual(["chatterbox", "first-steps", "ten-thousand-club", "week-streak"].sort());
    const legend = { ...none, competitions_won: 20, competitions_joined: 25 };
    expect(metAchievements(legend).map((a) => a.id)).toEqual(
      expect.arrayContaining(["podium", "champion", "legend", "first-race", "competitor", "veteran"]),
    );
  });

  it("progress is a percentage rounded down to one decimal, never above 100", () => {
    expect(achievementProgress(1_000, 0)).toBe(0);
    expect(achievementProgress(50_000, 2_500)).toBe(5);
    expect(achievementProgress(7, 1)).toBe(14.2);
    expect(achievementProgress(3, 2)).toBe(66.6);
    expect(achievementProgress(10, 25)).toBe(100);
    expect(achievementProgress(10, -5)).toBe(0);
  });
});
