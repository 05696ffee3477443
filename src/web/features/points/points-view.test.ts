import { describe, expect, it } from "vitest";
import {
  DAILY_MILESTONES,
  POINT_DESCRIPTION_MAX,
  POINTS_PER_STEP_BLOCK,
  STREAK_BONUSES,
} from "../../../core/constants";
import {
  dollarValue,
  earnRules,
  isCreditPoint,
  pointsShort,
  pointsStatusTone,
  pointTypeLabel,
  redeemButtonLabel,
  signedPoints,
  stepsLabel,
  streakTiers,
  truncatePointDescription,
} from "./points-view";

describe("gift card button", () => {
  it("offers Redeem Now when the points cover the cost, exactly or more", () => {
    expect(redeemButtonLabel(5_000, 5_000)).toBe("Redeem Now");
    expect(redeemButtonLabel(13_200, 5_000)).toBe("Redeem Now");
    expect(pointsShort(13_200, 5_000)).toBe(0);
  });

  it("says how many points are missing, with thousands separators", () => {
    expect(pointsShort(700, 5_000)).toBe(4_300);
    expect(redeemButtonLabel(700, 5_000)).toBe("Need 4,300 More");
    expect(redeemButtonLabel(0, 25_000)).toBe("Need 25,000 More");
    expect(redeemButtonLabel(4_999, 5_000)).toBe("Need 1 More");
  });
});

describe("point history lines", () => {
  it("adds earned, milestone, bonus and refund points and takes away anything else", () => {
    for (const type of ["earned", "milestone", "bonus", "refund"]) expect(isCreditPoint(type)).toBe(true);
    for (const type of ["redemption", "expired", ""]) expect(isCreditPoint(type)).toBe(false);
    expect(signedPoints({ type: "earned", amount: 400 })).toBe("+400");
    expect(signedPoints({ type: "milestone", amount: 10_000 })).toBe("+10,000");
    expect(signedPoints({ type: "redemption", amount: 5_000 })).toBe("-5,000");
  });

  it("names the types and keeps an unknown one as sent", () => {
    expect(pointTypeLabel("earned")).toBe("Steps");
    expect(pointTypeLabel("bonus")).toBe("Streak Bonus");
    expect(pointTypeLabel("redemption")).toBe("Redemption");
    expect(pointTypeLabel("mystery")).toBe("mystery");
  });

  it("cuts descriptions after 60 characters with an ellipsis, counting characters not code units", () => {
    const exact = "a".repeat(POINT_DESCRIPTION_MAX);
    expect(truncatePointDescription(exact)).toBe(exact);
    expect(truncatePointDescription(`${exact}b`)).toBe(`${exact}...`);
    const emoji = "👟".repeat(POINT_DESCRIPTION_MAX);
    expect(truncatePointDescription(emoji)).toBe(emoji);
  });
});

describe("redemptions", () => {
  it("shows delivered as the success status and anything else as neutral", () => {
    expect(pointsStatusTone("delivered")).toBe("success");
    expect(pointsStatusTone("pending")).toBe("neutral");
    expect(pointsStatusTone("failed")).toBe("neutral");
  });

  it("formats a dollar value string and keeps anything else as sent", () => {
    expect(dollarValue("5.00")).toBe("$5.00");
    expect(dollarValue("25")).toBe("$25.00");
    expect(dollarValue("free")).toBe("free");
  });
});

describe("how to earn", () => {
  it("lists the per-500-steps rule and every milestone from the constants", () => {
    const rules = earnRules();
    expect(rules[0]).toEqual({ label: "Every 500 steps", points: POINTS_PER_STEP_BLOCK });
    expect(rules.slice(1).map((r) => r.points)).toEqual(DAILY_MILESTONES.map((m) => m.points));
    expect(rules[1]?.label).toBe("5k steps");
    expect(rules.at(-1)?.label).toBe("1M steps");
  });

  it("shortens step counts", () => {
    expect(stepsLabel(10_000)).toBe("10k");
    expect(stepsLabel(1_000_000)).toBe("1M");
    expect(stepsLabel(1_500)).toBe("1,500");
  });
});

describe("streak tiers", () => {
  it("has one tier per threshold with its bonuses, and no streak when the summary has none", () => {
    const tiers = streakTiers(undefined);
    expect(tiers.map((t) => t.steps)).toEqual([10_000, 30_000, 50_000]);
    expect(tiers.flatMap((t) => t.bonuses.map((b) => b.points))).toEqual(STREAK_BONUSES.map((b) => b.points));
    expect(tiers[0]).toMatchObject({ days: 0, next: { days: 7, points: 500, remaining: 7 } });
  });

  it("marks the bonuses a run has reached and counts the days to the next", () => {
    const [ten, thirty] = streakTiers([
      { steps: 10_000, days: 9 },
      { steps: 30_000, days: 7 },
    ]);
    expect(ten?.bonuses.map((b) => b.reached)).toEqual([true, false, false]);
    expect(ten?.next).toEqual({ days: 14, points: 800, remaining: 5 });
    expect(thirty?.next).toEqual({ days: 14, points: 1_500, remaining: 7 });
  });

  it("starts the cycle again after the longest bonus", () => {
    const [, thirty] = streakTiers([{ steps: 30_000, days: 14 }]);
    expect(thirty?.bonuses.every((b) => b.reached)).toBe(true);
    expect(thirty?.next).toEqual({ days: 7, points: 1_000, remaining: 7 });
    const [ten] = streakTiers([{ steps: 10_000, days: 31 }]);
    // Day 31 is day 1 of the second 30-day cycle.
    expect(ten?.bonuses.map((b) => b.reached)).toEqual([false, false, false]);
    expect(ten?.next).toEqual({ days: 7, points: 500, remaining: 6 });
  });
});
