import { describe, expect, it } from "vitest";
import {
  balanceCents,
  fitcoinsAfterFee,
  formatSignedAmount,
  isCredit,
  paidByCard,
  truncateDescription,
} from "./money-view";

describe("FitCoins after the 15% platform fee", () => {
  it.each([
    [1000, 850, 150], // $10.00 -> 8.50 FC, fee $1.50
    [100, 85, 15], // the $1 minimum
    [500, 425, 75], // $5 purchase
    [5000, 4250, 750], // $50 purchase
    [1, 0, 1], // one cent: rounds down, all fee
    [333, 283, 50], // 283.05 rounded down to 283
    [999, 849, 150], // 849.15 rounded down
  ])("%i cents buys %i hundredths of a FitCoin with a fee of %i cents", (cents, fitcoins, fee) => {
    expect(fitcoinsAfterFee(cents)).toEqual({ fitcoins, fee });
    expect(fitcoins + fee).toBe(cents);
  });

  it("gives nothing for nothing, negatives or fractions of a cent", () => {
    expect(fitcoinsAfterFee(0)).toEqual({ fitcoins: 0, fee: 0 });
    expect(fitcoinsAfterFee(-100)).toEqual({ fitcoins: 0, fee: 0 });
    expect(fitcoinsAfterFee(10.5)).toEqual({ fitcoins: 0, fee: 0 });
  });
});

describe("transaction descriptions", () => {
  it("keeps 40 characters or fewer as they are", () => {
    const forty = "a".repeat(40);
    expect(truncateDescription(forty)).toBe(forty);
    expect(truncateDescription("Deposit")).toBe("Deposit");
  });

  it("cuts longer ones at 40 characters with an ellipsis", () => {
    const text = "Converted $10.00 to FitCoins at the platform rate of 85%";
    expect(truncateDescription(text)).toBe(`${text.slice(0, 40)}...`);
  });

  it("does not split an emoji", () => {
    const text = `${"x".repeat(39)}🏃‍ and more`;
    expect(truncateDescription(text).startsWith("x".repeat(39))).toBe(true);
    expect(truncateDescription(text)).not.toContain("\uFFFD");
  });
});

describe("signed amounts", () => {
  it("shows dollars with $ and FitCoins with FC, always signed", () => {
    expect(formatSignedAmount("+20.00", "USD")).toBe("+$20.00");
    expect(formatSignedAmount("-8.50", "USD")).toBe("-$8.50");
    expect(formatSignedAmount("+8.50", "FC")).toBe("+8.50 FC");
    expect(formatSignedAmount("-15.00", "FC")).toBe("-15.00 FC");
    expect(formatSignedAmount("1.50", "USD")).toBe("+$1.50");
  });

  it("is green only when the amount starts with +", () => {
    expect(isCredit("+20.00")).toBe(true);
    expect(isCredit("-1.50")).toBe(false);
    expect(isCredit("20.00")).toBe(false);
  });

  it("reads the balance in cents", () => {
    expect(balanceCents("12.50")).toBe(1250);
    expect(balanceCents("0.99")).toBe(99);
    expect(balanceCents(null)).toBeNull();
    expect(balanceCents("abc")).toBeNull();
  });
});

describe("paidByCard", () => {
  it("is true only for lines whose source is card (a missing source is a wallet line)", () => {
    expect(paidByCard({ source: "card" })).toBe(true);
    expect(paidByCard({ source: "wallet" })).toBe(false);
    expect(paidByCard({})).toBe(false);
  });
});
