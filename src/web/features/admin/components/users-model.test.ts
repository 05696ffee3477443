import { describe, expect, it } from "vitest";
import type { TestAccount } from "../../../../core/schemas/members";
import {
  addCoinsRequest,
  adminUsersUrl,
  atStakeLabel,
  canDelete,
  canMarkTest,
  canUnmarkTest,
  displayName,
  fitcoinsLabel,
  hasNextPage,
  subscriptionLabel,
  testAccountsDeletion,
  userBadges,
} from "./users-model";

const INVALID = "Please select a user and enter a valid amount";

describe("adminUsersUrl", () => {
  it("sends the trimmed search and the page", () => {
    expect(adminUsersUrl({ search: "  jane@x.io ", page: 2, pageSize: 10 })).toBe(
      "/api/admin/users?search=jane%40x.io&page=2&pageSize=10",
    );
  });
  it("leaves a blank search out", () => {
    expect(adminUsersUrl({ search: "  " })).toBe("/api/admin/users?page=1&pageSize=20");
  });
});

describe("hasNextPage", () => {
  it("is true only for a full page", () => {
    expect(hasNextPage(undefined)).toBe(false);
    expect(hasNextPage([1, 2], 2)).toBe(true);
    expect(hasNextPage([1], 2)).toBe(false);
  });
});

describe("addCoinsRequest", () => {
  it("needs a selected user", () => {
    expect(addCoinsRequest(null, "5", "Prize")).toEqual({ ok: false, field: "amount", error: INVALID });
  });
  it.each(["", "0", "-3", "1.5", "abc", " "])("refuses the amount %j", (amount) => {
    expect(addCoinsRequest(7, amount, "Prize")).toEqual({ ok: false, field: "amount", error: INVALID });
  });
  it.each(["", "   "])("needs a reason (%j)", (reason) => {
    expect(addCoinsRequest(7, " 25 ", reason)).toEqual({
      ok: false,
      field: "reason",
      error: "A reason is required",
    });
  });
  it("refuses a reason over 200 characters", () => {
    expect(addCoinsRequest(7, "1", "x".repeat(201))).toMatchObject({ ok: false, field: "reason" });
  });
  it("keeps the reason, trimmed", () => {
    expect(addCoinsRequest(7, "1", " Prize ")).toEqual({
      ok: true,
      body: { userId: 7, amount: 1, reason: "Prize" },
    });
  });
});

describe("badges and actions", () => {
  const member = { isAdmin: false, isTestAccount: false, subscriptionStatus: "inactive" as const };
  it("lists Admin, Test and Subscribed", () => {
    expect(userBadges(member)).toEqual([]);
    expect(userBadges({ isAdmin: true, isTestAccount: true, subscriptionStatus: "active" })).toEqual([
      "Admin",
      "Test",
      "Subscribed",
    ]);
    expect(userBadges({ ...member, subscriptionStatus: "cancel_at_period_end" })).toEqual(["Subscribed"]);
    expect(userBadges({ ...member, subscriptionStatus: "expired" })).toEqual([]);
  });
  it("hides Mark as Test for test accounts and admins, Delete for admins", () => {
    expect(canMarkTest(member)).toBe(true);
    expect(canMarkTest({ ...member, isTestAccount: true })).toBe(false);
    expect(canMarkTest({ ...member, isAdmin: true })).toBe(false);
    expect(canDelete(member)).toBe(true);
    expect(canDelete({ isAdmin: true })).toBe(false);
  });
  it("offers Unmark Test, the undo of Mark as Test, on test accounts that are not admins", () => {
    expect(canUnmarkTest(member)).toBe(false);
    expect(canUnmarkTest({ ...member, isTestAccount: true })).toBe(true);
    expect(canUnmarkTest({ isAdmin: true, isTestAccount: true })).toBe(false);
  });
  it("labels names and statuses", () => {
    expect(displayName({ firstName: " ", lastName: "", username: "jd" })).toBe("jd");
    expect(displayName({ firstName: "Jane", lastName: "Doe", username: "jd" })).toBe("Jane Doe");
    expect(subscriptionLabel("active")).toBe("Active");
  });
  it("shows FitCoins with two decimals, as the member's screens do", () => {
    expect(fitcoinsLabel(0)).toBe("0.00 FC");
    expect(fitcoinsLabel(12.5)).toBe("12.50 FC");
    expect(fitcoinsLabel(1250)).toBe("1,250.00 FC");
  });
});

describe("testAccountsDeletion", () => {
  const account = (id: number, atStake: string[] = [], isAdmin = false): TestAccount => ({
    id,
    username: `t${id}`,
    email: `t${id}@example.test`,
    firstName: "T",
    lastName: String(id),
    balance: "0.00",
    fitcoins: 0,
    points: 0,
    subscriptionStatus: "inactive",
    isAdmin,
    isTestAccount: true,
    isBanned: false,
    createdAt: "2026-01-01T00:00:00.000Z",
    atStake,
  });
  const accounts = [
    account(1),
    account(2, ["active subscription"]),
    account(3, ["holds 12.50 FC"]),
    account(4, ["admin account (never deleted)"], true),
    account(5),
  ];

  it("deletes those with nothing at stake and lists the rest apart", () => {
    const plan = testAccountsDeletion(accounts, new Set());
    expect(plan.clean.map((a) => a.id)).toEqual([1, 5]);
    expect(plan.atStake.map((a) => a.id)).toEqual([2, 3, 4]);
    expect(plan.includeIds).toEqual([]);
    expect(plan.deleteCount).toBe(2);
  });

  it("names the ticked ones in the request, never an admin", () => {
    const plan = testAccountsDeletion(accounts, new Set([3, 4, 99]));
    expect(plan.includeIds).toEqual([3]);
    expect(plan.deleteCount).toBe(3);
  });

  it("says what is at stake in one line", () => {
    expect(atStakeLabel({ atStake: ["active subscription", "holds $3.00"] })).toBe(
      "active subscription · holds $3.00",
    );
    expect(atStakeLabel({ atStake: [] })).toBe("");
  });
});
