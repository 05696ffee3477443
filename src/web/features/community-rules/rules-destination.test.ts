import { describe, expect, it } from "vitest";
import { rulesDestination } from "./rules-destination";

describe("where accepting the rules leads, and what the button says", () => {
  it("goes back to a kept invitation or page, saying which", () => {
    expect(rulesDestination("/competitions/join/AB12CD", null)).toEqual({
      path: "/competitions/join/AB12CD",
      label: "Continue to the Invite",
      keptInvite: false,
    });
    expect(rulesDestination("/competitions/12", { inviteCode: "X", type: "group" })).toEqual({
      path: "/competitions/12",
      label: "Continue Where You Left Off",
      keptInvite: false,
    });
  });

  it("goes to a kept invite when no page is kept (or only the dashboard)", () => {
    for (const back of [null, "/"]) {
      expect(rulesDestination(back, { inviteCode: "700CM1QZ", type: "group" })).toEqual({
        path: "/join/700CM1QZ",
        label: "Continue to the Invite",
        keptInvite: true,
      });
    }
  });

  it("otherwise goes to the dashboard, in the specification's words", () => {
    expect(rulesDestination(null, null)).toEqual({
      path: "/",
      label: "Continue to Dashboard",
      keptInvite: false,
    });
    expect(rulesDestination("/", null).label).toBe("Continue to Dashboard");
  });
});
