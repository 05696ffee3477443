import { describe, expect, it } from "vitest";
import { PLATFORM_FEE_PERCENT, SUBSCRIPTION_PRICE_LABEL } from "../../../core/constants";
import { helpSections } from "./help-view";
import { legalBlocks } from "./legal-text";

describe("the Help page's questions", () => {
  const sections = helpSections({ graceMinutes: 10 });
  const all = sections.flatMap((s) => s.questions.map((q) => `${q.question} ${q.answer}`)).join("\n");

  it("covers steps, fees, prizes and refunds", () => {
    expect(sections.map((s) => s.title)).toEqual(["Steps", "Fees", "Prizes", "Refunds"]);
    for (const s of sections) expect(s.questions.length).toBeGreaterThan(0);
  });

  it("says the rules' numbers as the app runs them", () => {
    expect(all).toContain(`${PLATFORM_FEE_PERCENT}% of every conversion`);
    expect(all).toContain("$10 buys 8.5 FitCoins");
    expect(all).toContain(SUBSCRIPTION_PRICE_LABEL);
    expect(all).toContain("50% / 30% / 20%");
    expect(all).toContain("60% / 40%");
    expect(all).toContain("100%");
    expect(all).toContain("0 steps");
    expect(all).toContain("up to 10 minutes after the end");
    expect(all).toContain("Results under review");
    expect(all).toContain("Step Test is practice");
    expect(all).toContain("non-refundable");
    expect(all).toContain("every entry fee is refunded");
    expect(helpSections({ graceMinutes: 1 }).flatMap((s) => s.questions)[1].answer).toContain(
      "up to 1 minute after",
    );
  });
});

describe("the operator's legal text", () => {
  it("reads '# ' and '## ' lines as headings and blank lines as paragraph breaks", () => {
    expect(legalBlocks("# Terms\n\nFirst line\nsame paragraph.\n\n## Money\nFees apply.\n")).toEqual([
      { kind: "title", text: "Terms" },
      { kind: "paragraph", text: "First line same paragraph." },
      { kind: "heading", text: "Money" },
      { kind: "paragraph", text: "Fees apply." },
    ]);
    expect(legalBlocks("Just text, no headings.")).toEqual([
      { kind: "paragraph", text: "Just text, no headings." },
    ]);
    expect(legalBlocks("\r\n\r\n")).toEqual([]);
  });
});
