import { describe, expect, it } from "vitest";
import { splitFitcoinPurchase } from "./fitcoins";

describe("FitCoin purchase split", () => {
  it.each([
    [1000, 850, 150],
    [100, 85, 15],
    [101, 85, 16],
    [500, 425, 75],
    [5000, 4250, 750],
    [1, 0, 1],
    [999, 849, 150],
  ])("$%i cents gives %i hundredths of a FitCoin and a fee of %i cents", (amount, fitcoins, fee) => {
    const split = splitFitcoinPurchase(amount);
    expect(split).toEqual({ fitcoins, fee });
    expect(split.fitcoins + split.fee).toBe(amount);
  });
});
