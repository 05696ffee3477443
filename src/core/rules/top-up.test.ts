import { describe, expect, it } from "vitest";
import { centsForFitcoins, splitFitcoinPurchase } from "./fitcoins";
import { fitcoinShortfall, planTopUp } from "./top-up";

describe("the dollars a number of FitCoins needs", () => {
  it.each([
    [2500, 2942],
    [8500, 10000],
    [85, 100],
    [1, 2],
    [100, 118],
    [15000, 17648],
  ])("%i hundredths of a FitCoin need %i cents", (fitcoins, cents) => {
    expect(centsForFitcoins(fitcoins)).toBe(cents);
  });

  it("is the fewest cents giving at least that many, for every amount up to 200 FitCoins", () => {
    const wrong: number[] = [];
    for (let fitcoins = 1; fitcoins <= 20_000; fitcoins += 1) {
      const cents = centsForFitcoins(fitcoins);
      const enough = splitFitcoinPurchase(cents).fitcoins >= fitcoins;
      const fewest = splitFitcoinPurchase(cents - 1).fitcoins < fitcoins;
      if (!enough || !fewest) wrong.push(fitcoins);
    }
    expect(wrong).toEqual([]);
  });

  it("is 0 for nothing", () => {
    expect(centsForFitcoins(0)).toBe(0);
    expect(centsForFitcoins(-5)).toBe(0);
  });
});

describe("the plan to add FitCoins for a join", () => {
  it("pays the whole conversion by card when the wallet is empty", () => {
    expect(planTopUp(2500, 0)).toEqual({
      fitcoins: 2500,
      convertCents: 2942,
      fee: 442,
      payCents: 2942,
      walletAfterCents: 0,
    });
  });

  it("pays at least the $5 deposit minimum and leaves the rest in the wallet", () => {
    // 1.00 FitCoin needs $1.18; $5 is the least a deposit may be.
    expect(planTopUp(100, 0)).toEqual({
      fitcoins: 100,
      convertCents: 118,
      fee: 18,
      payCents: 500,
      walletAfterCents: 382,
    });
  });

  it("converts at least the $1 conversion minimum", () => {
    expect(planTopUp(10, 0)).toMatchObject({ convertCents: 100, fitcoins: 85, payCents: 500 });
  });

  it("uses the wallet's dollars first: only what they lack is paid by card", () => {
    expect(planTopUp(2500, 2000)).toMatchObject({ convertCents: 2942, payCents: 942, walletAfterCents: 0 });
    expect(planTopUp(2500, 2700)).toMatchObject({ payCents: 500, walletAfterCents: 258 });
  });

  it("needs no card when the wallet holds enough", () => {
    expect(planTopUp(2500, 5000)).toMatchObject({ convertCents: 2942, payCents: 0, walletAfterCents: 2058 });
  });

  it("has nothing to do for nothing, and no plan past the $500 deposit maximum", () => {
    expect(planTopUp(0, 0)).toBeNull();
    expect(planTopUp(42_500, 0)).toMatchObject({ payCents: 50_000 });
    expect(planTopUp(42_501, 0)).toBeNull();
  });

  it("counts the shortfall from what the member holds", () => {
    expect(fitcoinShortfall(2500, 1000)).toBe(1500);
    expect(fitcoinShortfall(2500, 3000)).toBe(0);
  });
});
