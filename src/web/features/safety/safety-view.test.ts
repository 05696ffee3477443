import { describe, expect, it } from "vitest";
import { REPORT_REASONS } from "../../../core/schemas/safety";
import { ApiError } from "../../lib/api-client";
import { blockedName, checkBlock, checkReport, ENCOURAGED, PROHIBITED, reportFailure } from "./safety-view";

describe("the Block User form", () => {
  it("needs a username after trimming", () => {
    for (const username of ["", "   "]) {
      expect(checkBlock({ username, reason: "rude" })).toEqual({
        ok: false,
        title: "Username Required",
        description: "Please enter a username to block",
      });
    }
  });

  it("sends the trimmed username as blockedId, and no reason when it is blank", () => {
    expect(checkBlock({ username: "  dana ", reason: "  " })).toEqual({
      ok: true,
      body: { blockedId: "dana", reason: undefined },
    });
    expect(checkBlock({ username: "dana", reason: " spam in chat " })).toEqual({
      ok: true,
      body: { blockedId: "dana", reason: "spam in chat" },
    });
  });
});

describe("the Report User form", () => {
  const missing = {
    ok: false,
    title: "Missing Information",
    description: "Please enter a username and select a reason",
  };

  it("needs a username and one of the six reasons", () => {
    expect(checkReport({ username: " ", reason: "spam", description: "" })).toEqual(missing);
    expect(checkReport({ username: "dana", reason: "", description: "" })).toEqual(missing);
    expect(checkReport({ username: "dana", reason: "rude", description: "" })).toEqual(missing);
    expect(REPORT_REASONS.map((r) => r.label)).toEqual([
      "Harassment or Bullying",
      "Spam or Unwanted Content",
      "Inappropriate Content",
      "Cheating or Unfair Play",
      "Fake Profile",
      "Other",
    ]);
  });

  it("sends the trimmed username as reportedId, and no description when it is blank", () => {
    expect(checkReport({ username: " dana", reason: "cheating", description: " " })).toEqual({
      ok: true,
      body: { reportedId: "dana", reason: "cheating", description: undefined },
    });
    expect(checkReport({ username: "dana", reason: "other", description: " 40k steps in an hour " })).toEqual(
      {
        ok: true,
        body: { reportedId: "dana", reason: "other", description: "40k steps in an hour" },
      },
    );
  });

  it("says why the server refused the member named, and only the plain text otherwise", () => {
    expect(reportFailure(new ApiError(404, "User not found"))).toBe(
      "Failed to submit report: User not found",
    );
    expect(reportFailure(new ApiError(400, "You cannot report yourself"))).toBe(
      "Failed to submit report: You cannot report yourself",
    );
    expect(reportFailure(new ApiError(500, "Internal Server Error"))).toBe("Failed to submit report");
    expect(reportFailure(new TypeError("Failed to fetch"))).toBe("Failed to submit report");
  });
});

describe("the Safety page's texts", () => {
  it("names a blocked member, or shows the username when the account has no name", () => {
    const record = { blockedUser: { username: "dana", firstName: "Dana", lastName: "Cole" } };
    expect(blockedName(record)).toBe("Dana Cole");
    expect(blockedName({ blockedUser: { username: "deleted-7", firstName: "", lastName: "" } })).toBe(
      "deleted-7",
    );
  });

  it("lists five encouraged and five prohibited behaviours, step cheating among them", () => {
    expect(ENCOURAGED).toHaveLength(5);
    expect(PROHIBITED).toHaveLength(5);
    expect(PROHIBITED).toContain("Cheating or manipulating step counts");
  });
});
