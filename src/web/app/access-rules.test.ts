import { describe, expect, it } from "vitest";
import { decideAccess, inviteFromPath, type SessionState } from "./access-rules";

const anonymous: SessionState = { status: "anonymous" };
const unsubscribed: SessionState = {
  status: "signedIn",
  user: { subscriptionStatus: "inactive", rulesAccepted: false },
};
const rulesPending: SessionState = {
  status: "signedIn",
  user: { subscriptionStatus: "active", rulesAccepted: false },
};
const active: SessionState = {
  status: "signedIn",
  user: { subscriptionStatus: "active", rulesAccepted: true },
};

const pageOf = (session: SessionState, path: string, mobile = false) => {
  const decision = decideAccess(session, path, mobile);
  return decision.type === "page" ? decision.page : decision.type;
};

describe("decideAccess", () => {
  it("rule 1: shows the splash while the session loads", () => {
    expect(decideAccess({ status: "loading" }, "/wallet", true)).toEqual({ type: "splash" });
  });

  it("rule 2: authentication errors go to /login, except on /login itself", () => {
    for (const message of [
      "401: nope",
      "Unauthorized",
      "Authentication required",
      "Invalid JSON response: <x",
    ]) {
      expect(decideAccess({ status: "error", message }, "/wallet", false)).toEqual({ type: "gotoLogin" });
    }
    expect(pageOf({ status: "error", message: "Session expired 401" }, "/login")).toBe("login");
  });

  it("rule 3: other errors show the connection error, 404 counts as anonymous", () => {
    expect(pageOf({ status: "error", message: "Failed to fetch" }, "/")).toBe("connectionError");
    expect(pageOf({ status: "error", message: "404 Not Found" }, "/")).toBe("landing");
  });

  it("rule 4: /join/{code} shows the invite screen whatever the login state", () => {
    for (const session of [anonymous, unsubscribed, rulesPending, active]) {
      const decision = decideAccess(session, "/join/ABC123", false);
      expect(decision).toMatchObject({ type: "page", page: "inviteJoin", params: { inviteCode: "ABC123" } });
    }
    expect(decideAccess(active, "/join/ABC123", false)).toMatchObject({ layout: "shell" });
    expect(decideAccess(anonymous, "/join/ABC123", false)).toMatchObject({ layout: "bare" });
  });

  it("rule 5: anonymous visitors get their nine routes, and not-found elsewhere", () => {
    expect(pageOf(anonymous, "/")).toBe("landing");
    expect(pageOf(anonymous, "/dashboard")).toBe("landing");
    for (const [path, page] of [
      ["/login", "login"],
      ["/register", "register"],
      ["/forgot-password", "forgotPassword"],
      ["/reset-password", "resetPassword"],
      ["/community-rules", "communityRules"],
      ["/subscription-success", "subscriptionSuccess"],
      ["/step-test", "stepTest"],
    ]) {
      expect(pageOf(anonymous, path)).toBe(page);
    }
    const decision = decideAccess(anonymous, "/wallet/", false);
    expect(decision).toMatchObject({ type: "page", page: "notFound", params: { path: "/wallet" } });
    expect(pageOf(anonymous, "/groups/join/ABCD")).toBe("notFound");
  });

  it("rule 6: without an active subscription only the subscribe flow is reachable", () => {
    expect(pageOf(unsubscribed, "/subscribe")).toBe("subscribe");
    expect(pageOf(unsubscribed, "/subscription-success")).toBe("subscriptionSuccess");
    expect(pageOf(unsubscribed, "/forgot-password")).toBe("forgotPassword");
    expect(pageOf(unsubscribed, "/reset-password")).toBe("resetPassword");
    for (const path of ["/", "/wallet", "/community-rules", "/nope", "/login"]) {
      expect(pageOf(unsubscribed, path)).toBe("subscribe");
    }
    const expired: SessionState = {
      status: "signedIn",
      user: { subscriptionStatus: "expired", rulesAccepted: true },
    };
    expect(pageOf(expired, "/")).toBe("subscribe");
  });

  it("a cancelled subscription keeps access until the period ends", () => {
    const cancelling: SessionState = {
      status: "signedIn",
      user: { subscriptionStatus: "cancel_at_period_end", rulesAccepted: true },
    };
    expect(pageOf(cancelling, "/wallet")).toBe("wallet");
  });

  it("rule 7: rules not accepted shows the community rules except four routes", () => {
    expect(pageOf(rulesPending, "/profile")).toBe("profile");
    expect(pageOf(rulesPending, "/forgot-password")).toBe("forgotPassword");
    for (const path of ["/", "/subscribe", "/subscription-activated", "/wallet", "/nope"]) {
      expect(pageOf(rulesPending, path)).toBe("communityRules");
    }
  });

  it("rule 8: dashboards by device, every listed route, unknown paths redirect to /", () => {
    expect(pageOf(active, "/", true)).toBe("mobileDashboard");
    expect(pageOf(active, "/dashboard", false)).toBe("desktopDashboard");
    expect(pageOf(active, "/groups/42")).toBe("groupDetail");
    expect(decideAccess(active, "/groups/42", false)).toMatchObject({ params: { id: "42" } });
    expect(pageOf(active, "/groups/join/XYZW")).toBe("inviteJoin");
    expect(pageOf(active, "/ads-admin")).toBe("adManager");
    expect(pageOf(active, "/ads-admin-complete")).toBe("adManager");
    expect(pageOf(active, "/leaderboard")).toBe("leaderboard");
    expect(decideAccess(active, "/login", false)).toEqual({ type: "redirect", to: "/" });
    expect(decideAccess(active, "/no/such/page", false)).toEqual({ type: "redirect", to: "/" });
    expect(decideAccess(active, "/wallet", false)).toMatchObject({ layout: "shell" });
    expect(decideAccess(active, "/community-rules", false)).toMatchObject({ layout: "bare" });
  });
});

describe("inviteFromPath", () => {
  it("recognises the three invite link forms", () => {
    expect(inviteFromPath("/join/ABCD")).toEqual({ inviteCode: "ABCD", type: "group" });
    expect(inviteFromPath("/groups/join/ABCD/")).toEqual({ inviteCode: "ABCD", type: "group" });
    expect(inviteFromPath("/competitions/join/C0DE")).toEqual({ inviteCode: "C0DE", type: "competition" });
    expect(inviteFromPath("/groups/12")).toBeNull();
  });
});
