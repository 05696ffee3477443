import { describe, expect, it } from "vitest";
import { isInvitePath, isJoinPath, loginPathFor, registerPathFor, safeReturnPath } from "./return-path";

describe("the return path of a sign-in link", () => {
  it("follows this site's paths, with their query and fragment", () => {
    expect(safeReturnPath("/wallet")).toBe("/wallet");
    expect(safeReturnPath("/groups/12")).toBe("/groups/12");
    expect(safeReturnPath("/competitions/7/standings?page=3")).toBe("/competitions/7/standings?page=3");
    expect(safeReturnPath("/admin/users/5#ban")).toBe("/admin/users/5#ban");
    expect(safeReturnPath("/competitions/join/AB12CD34")).toBe("/competitions/join/AB12CD34");
    // Dot segments resolve on this site, never above it.
    expect(safeReturnPath("/../../wallet")).toBe("/wallet");
  });

  it("refuses every way out of the site", () => {
    for (const bad of [
      "//evil.example",
      "//evil.example/wallet",
      "/.//evil.example",
      "/..//evil.example/x",
      "/%2e%2e//evil.example",
      "/a/..//evil.example",
      "/\\evil.example",
      "/\\/evil.example",
      "\\\\evil.example",
      "https://evil.example/wallet",
      "http:/evil.example",
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      "data:text/html,hi",
      "evil.example",
      "wallet",
      "/\twallet",
      "/\n/evil.example",
      " /wallet",
      "",
      "/".padEnd(3000, "a"),
    ]) {
      expect(safeReturnPath(bad), JSON.stringify(bad)).toBeNull();
    }
    expect(safeReturnPath(null)).toBeNull();
    expect(safeReturnPath(undefined)).toBeNull();
  });

  it("never leads back to sign-in or to an API endpoint", () => {
    for (const bad of ["/login", "/login?next=/wallet", "/register", "/api/logout", "/API/logout", "/api"]) {
      expect(safeReturnPath(bad), bad).toBeNull();
    }
    expect(safeReturnPath("/login-help")).toBe("/login-help");
  });

  it("builds sign-in and sign-up links that come back", () => {
    expect(loginPathFor("/wallet")).toBe("/login?next=%2Fwallet");
    expect(loginPathFor("/groups/12?tab=chat")).toBe("/login?next=%2Fgroups%2F12%3Ftab%3Dchat");
    expect(loginPathFor("/")).toBe("/login");
    expect(loginPathFor("//evil.example")).toBe("/login");
    expect(registerPathFor("/competitions/join/AB12")).toBe("/register?next=%2Fcompetitions%2Fjoin%2FAB12");
  });
});

describe("invitation pages", () => {
  it("knows a group's and a competition's invite links from other pages", () => {
    expect(isInvitePath("/join/700CM1QZ")).toBe(true);
    expect(isInvitePath("/groups/join/700CM1QZ")).toBe(true);
    expect(isInvitePath("/competitions/join/AB12CD")).toBe(true);
    expect(isInvitePath("/competitions/12")).toBe(false);
    expect(isInvitePath("/wallet?returnTo=/join/X")).toBe(false);
    expect(isInvitePath("/joined/1")).toBe(false);
  });
});

describe("going back to a join", () => {
  it("is a page that reopens a join dialog, or an invitation", () => {
    expect(isJoinPath("/competitions?join=12")).toBe(true);
    expect(isJoinPath("/competitions/12?join=12")).toBe(true);
    expect(isJoinPath("/join/700CM1QZ")).toBe(true);
    expect(isJoinPath("/groups")).toBe(false);
    expect(isJoinPath("/groups/4")).toBe(false);
  });
});
