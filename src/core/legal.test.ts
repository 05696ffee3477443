import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { memberLegalText } from "./legal";

describe("Terms and Privacy as members read them (issue 32 item 6)", () => {
  it("takes out the operator's notes and reads the effective date", () => {
    const raw =
      "# Terms\n\n<!--\nOperator: replace this file.\n-->\nEffective: 2026-11-28\n\n## Money\n\nFees.\n";
    expect(memberLegalText(raw)).toEqual({
      text: "# Terms\n\n## Money\n\nFees.\n",
      effectiveDate: "2026-11-28",
    });
    // Notes anywhere, several, one left open to the end: none reaches a member.
    expect(memberLegalText("A <!-- x --> B\n<!-- y -->C\nD <!-- open").text).toBe("A  B\nC\nD ");
    expect(memberLegalText("Effective date: 2027-01-05\nText").effectiveDate).toBe("2027-01-05");
    expect(memberLegalText("Text only").effectiveDate).toBeNull();
    expect(memberLegalText("Effective: 2026-13-45\n").effectiveDate).toBeNull();
  });

  it("the shipped texts show members no operator note and an effective date", () => {
    for (const file of ["content/terms.md", "content/privacy.md"]) {
      const { text, effectiveDate } = memberLegalText(readFileSync(file, "utf8"));
      expect(effectiveDate, file).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(text, file).not.toMatch(/operator|starting point|<!--|Effective/i);
    }
  });
});
