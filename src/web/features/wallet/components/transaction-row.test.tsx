import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Router } from "wouter";
import type { TransactionSource } from "../money-view";
import { TransactionRow } from "./transaction-row";

function row(amount: string, source?: TransactionSource, currency: "USD" | "FC" = "USD") {
  return renderToStaticMarkup(
    <Router ssrPath="/wallet">
      <TransactionRow
        id={7}
        type="subscription"
        description="StepRace membership"
        amount={amount}
        currency={currency}
        at="2025-03-01T10:00:00.000Z"
        source={source}
      />
    </Router>,
  );
}

/** The class list of the element whose text is the signed amount. */
function amountClasses(html: string, text: string): string {
  const match = new RegExp(`class="([^"]*)">${text.replace(/[$+]/g, "\\$&")}</span>`).exec(html);
  return match?.[1] ?? "";
}

describe("a history line paid by card", () => {
  it("is marked Paid by card, with the usual red minus", () => {
    const html = row("-9.99", "card");
    expect(html).toContain("Paid by card");
    expect(amountClasses(html, "-$9.99")).toContain("text-red-600");
  });

  it("keeps the green plus on a credit paid by card (FitCoins bought by card)", () => {
    const html = row("+8.50", "card", "FC");
    expect(html).toContain("Paid by card");
    expect(amountClasses(html, "+8.50 FC")).toContain("text-emerald-700");
  });

  it("is not marked on wallet lines, nor on lines without a source", () => {
    expect(row("-9.99", "wallet")).not.toContain("Paid by card");
    expect(row("+20.00")).not.toContain("Paid by card");
  });
});

describe("a history line", () => {
  it("opens its receipt (issue 32 item 7)", () => {
    expect(row("-9.99", "wallet")).toContain('href="/wallet/receipts/7"');
  });
});
