import { describe, expect, it } from "vitest";
import { eligibleCount, prizeRuleText, prizeSplitText, splitPrizePool } from "./prize-split";

/** The percentages a pool of 100.00 really pays to `n` walkers with different step counts. */
const paidPercents = (n: number) =>
  splitPrizePool(
    10_000,
    Array.from({ length: n }, (_, i) => ({ userId: i + 1, steps: 1000 - i })),
  ).map((p) => `${p.amount / 100}%`);

describe("the prize text", () => {
  it("counts only walkers with steps as eligible", () => {
    expect(eligibleCount([{ steps: 10 }, { steps: 0 }, { steps: 1 }])).toBe(2);
    expect(eligibleCount([])).toBe(0);
  });

  it("says the split that will really be paid for the eligible walkers now", () => {
    expect(paidPercents(1)).toEqual(["100%"]);
    expect(prizeSplitText(1)).toBe("Prize split now: 100% to the one walker with steps so far.");
    expect(paidPercents(2)).toEqual(["60%", "40%"]);
    expect(prizeSplitText(2)).toContain("60% / 40%");
    expect(prizeSplitText(2)).not.toContain("50%");
    expect(paidPercents(3)).toEqual(["50%", "30%", "20%"]);
    expect(prizeSplitText(3)).toContain("50% / 30% / 20%");
    expect(prizeSplitText(7)).toBe(prizeSplitText(3));
  });

  it("with nobody eligible yet, gives every case and that 0 steps wins nothing", () => {
    expect(prizeSplitText(0)).toBe(
      "Prize split: 50% / 30% / 20% to the top three walkers (60% / 40% with two, 100% with one). 0 steps wins nothing.",
    );
  });

  it("explains every case in the guidelines before anyone pays", () => {
    const text = prizeRuleText("competition");
    for (const part of [
      "50% / 30% / 20%",
      "two walkers it is 60% / 40%",
      "with one 100%",
      "Tied walkers share",
    ])
      expect(text).toContain(part);
    expect(text).toContain("0 steps wins");
    expect(text).toContain("every entry fee is refunded");
    expect(text).toMatch(/^When the competition ends, the prize pool goes to the top three by steps/);
    expect(prizeRuleText("group")).toMatch(/^When a group competition ends, the pool goes/);
    expect(prizeRuleText("group")).toContain("everyone gets back what they paid into the pool");
  });

  it("matches the payout of a tie: two tied for first share 50% + 30%", () => {
    const payouts = splitPrizePool(10_000, [
      { userId: 1, steps: 500 },
      { userId: 2, steps: 500 },
      { userId: 3, steps: 100 },
    ]);
    expect(payouts.map((p) => p.amount)).toEqual([4000, 4000, 2000]);
  });
});
