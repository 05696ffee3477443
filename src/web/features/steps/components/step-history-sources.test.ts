import { describe, expect, it } from "vitest";
import { bySourceText } from "./step-history-chart";

describe("a history day's steps by source (issue 33)", () => {
  it("names each source with its steps when a watch counted", () => {
    expect(
      bySourceText({
        sources: [
          { source: "phone", steps: 300 },
          { source: "withings", steps: 1000 },
        ],
      }),
    ).toBe("Phone 300 · Withings 1,000");
    expect(bySourceText({ sources: [{ source: "withings", steps: 12_500 }] })).toBe("Withings 12,500");
  });

  it("says nothing for the phone alone or for a member without sources", () => {
    expect(bySourceText({ sources: [{ source: "phone", steps: 300 }] })).toBe("");
    expect(
      bySourceText({
        sources: [
          { source: "phone", steps: 300 },
          { source: "withings", steps: 0 },
        ],
      }),
    ).toBe("");
    expect(bySourceText({})).toBe("");
  });
});
