import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FeeBreakdown } from "./amount-input";

const breakdown = (cents: number | null, maxCents?: number | null) =>
  renderToStaticMarkup(<FeeBreakdown amountLabel="Amount" cents={cents} maxCents={maxCents} />);

describe("the conversion preview", () => {
  it("shows the fee and what the member gets for an amount within the balance", () => {
    const html = breakdown(1000, 2000);
    expect(html).toContain("You get");
    expect(html).toContain("8.50 FitCoins");
    expect(html).toContain("-$1.50");
    expect(breakdown(2000, 2000)).toContain("17.00 FitCoins");
  });

  it("promises nothing for an amount above the balance", () => {
    const html = breakdown(2001, 2000);
    expect(html).not.toContain("You get");
    expect(html).not.toContain("FitCoins");
    expect(html).toContain("More than your wallet balance of $20.00.");
    expect(breakdown(100, null)).not.toContain("You get");
  });

  it("has no limit when buying by card", () => {
    expect(breakdown(5000)).toContain("42.50 FitCoins");
  });
});
