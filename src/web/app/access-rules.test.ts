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
      expect(decideAccess({ status: "error", message }, "/wallet", false)).toEqual({
        type: "gotoLogin",
        to: "/login?next=%2Fwallet",
      });
      expect(decideAccess({ status: "error", message }, "/no-such-page", false)).toEqual({
        type: "gotoLogin",
        to: "/login",
      });
    }
    expect(pageOf({ status: "error", message: "Authentication required" }, "/login")).toBe("login");
  });

  // The server's real answers to a rejected session (DESIGN.md 2.1): none of rule 2's words.
  const sessionInvalid: SessionState = {
    status: "error",
    message: "Session expired",
    code: "SESSION_INVALID",
    sessionRejected: true,
  };
  const deviceChanged: SessionState = {
    status: "error",
    message: "This session belongs to another device. Please sign in again.",
    code: "DEVICE_CHANGED",
    sessionRejected: true,
  };

  it("rule 2: a session the server rejected goes to /login, and /login shows the sign-in form", () => {
    for (const session of [sessionInvalid, deviceChanged]) {
      expect(decideAccess(session, "/", false)).toEqual({ type: "gotoLogin", to: "/login" });
      expect(decideAccess(session, "/wallet", true)).toEqual({
        type: "gotoLogin",
        to: "/login?next=%2Fwallet",
      });
      expect(pageOf(session, "/login")).toBe("login");
    }
  });

  it("rule 2: the error code alone, or the flag alone, marks a rejected session", () => {
    for (const session of [sessionInvalid, deviceChanged]) {
      if (session.status !== "error") throw new Error("unreachable");
      const byCode: SessionState = { status: "error", message: session.message, code: session.code };
      const byFlag: SessionState = { status: "error", message: session.message, sessionRejected: true };
      for (const s of [byCode, byFlag]) {
        expect(pageOf(s, "/")).toBe("gotoLogin");
        expect(pageOf(s, "/login")).toBe("login");
      }
    }
  });

  it("issue 32: a banned member's session shows the suspended page, except sign-in, help and legal", () => {
    const suspended: SessionState = {
      status: "error",
      message: "This account is suspended: Fake steps. Contact support.",
      code: "ACCOUNT_SUSPENDED",
      sessionRejected: true,
    };
    for (const path of ["/", "/wallet", "/competitions/3", "/suspended", "/no-such-page"]) {
      expect(decideAccess(suspended, path, true)).toEqual({
        type: "page",
        page: "suspended",
        params: { message: "This account is suspended: Fake steps. Contact support." },
        layout: "bare",
      });
    }
    expect(pageOf(suspended, "/login")).toBe("login");
    expect(pageOf(suspended, "/help")).toBe("help");
    expect(pageOf(suspended, "/terms")).toBe("terms");
    // Signed out (cookies cleared), the page still says it, without the reason.
    expect(pageOf(anonymous, "/suspended")).toBe("suspended");
    // Signed in (another account), there is nothing to say: home.
    expect(decideAccess(active, "/suspended", true)).toEqual({ type: "redirect", to: "/" });
  });

  it("rule 3: other errors show the connection error, 404 counts as anonymous", () => {
    expect(pageOf({ status: "error", message: "Failed to fetch" }, "/")).toBe("connectionError");
    expect(pageOf({ status: "error", message: "404 Not Found" }, "/")).toBe("landing");
  });

  it("rule 4: /join/{code} and /groups/join/{code} show the invite screen whatever the login state", () => {
    for (const session of [anonymous, unsubscribed, rulesPending, active]) {
      for (const path of ["/join/ABC123", "/groups/join/ABC123"]) {
        const decision = decideAccess(session, path, false);
        expect(decision).toMatchObject({
          type: "page",
          page: "inviteJoin",
          params: { inviteCode: "ABC123" },
        });
      }
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
    const decision = decideAccess(anonymous, "/no/such/page/", false);
    expect(decision).toMatchObject({ type: "page", page: "notFound", params: { path: "/no/such/page" } });
  });

  // DESIGN 1, member pages while signed out: sign-in first, then back to the page.
  it("rule 5: a known member page opened signed out goes to sign-in and comes back", () => {
    for (const [path, search, next] of [
      ["/wallet", "", "/wallet"],
      ["/wallet/", "", "/wallet"],
      ["/competitions", "", "/competitions"],
      ["/groups/12", "", "/groups/12"],
      ["/groups/12/rounds/4/standings", "page=2", "/groups/12/rounds/4/standings?page=2"],
      ["/competitions/7/standings", "?page=3", "/competitions/7/standings?page=3"],
      // Issue 32: every competition has its page.
      ["/competitions/7", "", "/competitions/7"],
      ["/admin/users/5", "", "/admin/users/5"],
      ["/admin", "", "/admin"],
      ["/profile", "", "/profile"],
      ["/mobile-dashboard", "", "/mobile-dashboard"],
    ]) {
      expect(decideAccess(anonymous, path, true, search), path).toEqual({
        type: "redirect",
        to: `/login?next=${encodeURIComponent(next)}`,
      });
    }
    // Unknown paths still show not-found to visitors, and the visitors' pages stay theirs.
    expect(pageOf(anonymous, "/walletx")).toBe("notFound");
    expect(pageOf(anonymous, "/groups/12/nope")).toBe("notFound");
    expect(pageOf(anonymous, "/step-test")).toBe("stepTest");
  });

  it("a signed-in member sent to a sign-in link goes on to its next page", () => {
    expect(decideAccess(active, "/login", false, "next=%2Fwallet")).toEqual({
      type: "redirect",
      to: "/wallet",
    });
    expect(decideAccess(active, "/login", false, "?next=%2F%2Fevil.example")).toEqual({
      type: "redirect",
      to: "/",
    });
  });

  it("a competition invite link: visitors see it bare (to sign in), active members in the shell", () => {
    expect(decideAccess(anonymous, "/competitions/join/C0DE", false)).toMatchObject({
      type: "page",
      page: "competitionJoin",
      params: { inviteCode: "C0DE" },
      layout: "bare",
    });
    expect(decideAccess(active, "/competitions/join/C0DE", true)).toMatchObject({
      page: "competitionJoin",
      params: { inviteCode: "C0DE" },
      layout: "shell",
    });
    // Without a subscription or the rules the code waits (it was kept on arrival).
    expect(pageOf(unsubscribed, "/competitions/join/C0DE")).toBe("subscribe");
    expect(pageOf(rulesPending, "/competitions/join/C0DE")).toBe("communityRules");
  });

  it("rule 6: without an active subscription, the subscribe flow and the member's own money", () => {
    expect(pageOf(unsubscribed, "/subscribe")).toBe("subscribe");
    expect(pageOf(unsubscribed, "/subscription-success")).toBe("subscriptionSuccess");
    expect(pageOf(unsubscribed, "/forgot-password")).toBe("forgotPassword");
    expect(pageOf(unsubscribed, "/reset-password")).toBe("resetPassword");
    for (const path of [
      "/",
      "/competitions",
      "/groups/4",
      "/community-rules",
      "/nope",
      "/login",
      "/step-test",
    ]) {
      expect(pageOf(unsubscribed, path)).toBe("subscribe");
    }
    const expired: SessionState = {
      status: "signedIn",
      user: { subscriptionStatus: "expired", rulesAccepted: true },
    };
    expect(pageOf(expired, "/")).toBe("subscribe");
    expect(decideAccess(expired, "/subscribe", false)).toMatchObject({ layout: "bare" });
    // DESIGN 1, lapsed members: only competing needs the subscription. A member who never had one
    // is in the same state of the access routing, and reaches the same pages.
    for (const session of [expired, unsubscribed]) {
      for (const [path, page] of [
        ["/wallet", "wallet"],
        ["/checkout", "checkout"],
        ["/banking-setup", "bankingSetup"],
        ["/profile", "profile"],
        ["/redeem", "redeem"],
        ["/points", "points"],
        ["/help", "help"],
        ["/terms", "terms"],
        ["/privacy", "privacy"],
      ]) {
        expect(decideAccess(session, path, true)).toEqual({
          type: "page",
          page,
          params: {},
          layout: "simple",
        });
      }
    }
  });

  it("a cancelled subscription keeps access until the period ends", () => {
    const cancelling: SessionState = {
      status: "signedIn",
      user: { subscriptionStatus: "cancel_at_period_end", rulesAccepted: true },
    };
    expect(pageOf(cancelling, "/wallet")).toBe("wallet");
  });

  it("rule 7: rules not accepted shows the community rules except six routes", () => {
    expect(pageOf(rulesPending, "/community-rules")).toBe("communityRules");
    expect(pageOf(rulesPending, "/profile")).toBe("profile");
    expect(pageOf(rulesPending, "/forgot-password")).toBe("forgotPassword");
    expect(pageOf(rulesPending, "/reset-password")).toBe("resetPassword");
    // Just paid: the confirmation and the activated screen (specification 3) are reachable.
    expect(pageOf(rulesPending, "/subscription-success")).toBe("subscriptionSuccess");
    expect(pageOf(rulesPending, "/subscription-activated")).toBe("subscriptionActivated");
    expect(decideAccess(rulesPending, "/subscription-activated", false)).toMatchObject({ layout: "bare" });
    for (const path of [
      "/",
      "/dashboard",
      "/subscribe",
      "/competitions",
      "/safety",
      "/admin",
      "/login",
      "/nope",
    ]) {
      expect(pageOf(rulesPending, path)).toBe("communityRules");
    }
    // The member's own money and the help pages, as without a subscription.
    for (const [path, page] of [
      ["/wallet", "wallet"],
      ["/profile", "profile"],
      ["/redeem", "redeem"],
      ["/help", "help"],
    ]) {
      expect(decideAccess(rulesPending, path, false)).toEqual({
        type: "page",
        page,
        params: {},
        layout: "simple",
      });
    }
  });

  it("help, terms and privacy: for visitors and for every member", () => {
    for (const [path, page] of [
      ["/help", "help"],
      ["/terms", "terms"],
      ["/privacy", "privacy"],
    ]) {
      expect(decideAccess(anonymous, path, true)).toEqual({
        type: "page",
        page,
        params: {},
        layout: "simple",
      });
      expect(decideAccess(active, path, true)).toEqual({ type: "page", page, params: {}, layout: "shell" });
      expect(decideAccess(anonymous, `${path}/`, true)).toMatchObject({ page });
    }
  });

  it("rule 8: dashboards by device, every listed route, unknown paths redirect to /", () => {
    expect(pageOf(active, "/", true)).toBe("mobileDashboard");
    expect(pageOf(active, "/dashboard", false)).toBe("desktopDashboard");
    expect(pageOf(active, "/groups/42")).toBe("groupDetail");
    expect(decideAccess(active, "/groups/42", false)).toMatchObject({ params: { id: "42" } });
    expect(pageOf(active, "/groups/join/XYZW")).toBe("inviteJoin");
    expect(decideAccess(active, "/competitions/42", true)).toEqual({
      type: "page",
      page: "competitionDetail",
      params: { id: "42" },
      layout: "shell",
    });
    expect(pageOf(active, "/competitions/join/XYZW")).toBe("competitionJoin");
    expect(pageOf(active, "/competitions/42/standings")).toBe("competitionStandings");
    expect(pageOf(active, "/ads-admin")).toBe("adManager");
    expect(pageOf(active, "/ads-admin-complete")).toBe("adManager");
    expect(pageOf(active, "/leaderboard")).toBe("leaderboard");
    expect(pageOf(active, "/admin/audit-log")).toBe("auditLog");
    expect(pageOf(active, "/admin/finance")).toBe("finance");
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
