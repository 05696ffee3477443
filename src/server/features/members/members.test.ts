import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { pointsIssuanceAccount, userAccount, userBalances } from "../../ledger/accounts";
import { transfer } from "../../ledger/transfer";
import {
  buildUser,
  DEVICE,
  fundedMember,
  fundWallet,
  grantFitcoins,
  loginAs,
  type Session,
} from "../../test/factories";
import { expectBooksBalanced, useTestApp } from "../../test/test-app";

describe("profile, account deletion and the admin's user tools", () => {
  const t = useTestApp();
  const call = (method: "GET" | "PATCH" | "DELETE" | "POST", url: string, s?: Session, payload?: object) =>
    t().app.inject({ method, url, headers: s?.headers ?? DEVICE, payload });
  let adminSession: Session | undefined;
  const admin = async () => {
    adminSession ??= await loginAs(t().app, await buildUser(t().app, { isAdmin: true }));
    return adminSession;
  };

  it("edits the profile: validation messages, a taken email refused, time zone and goal", async () => {
    const { user, session } = await fundedMember(t().app, 0);
    const other = await buildUser(t().app);
    const ok = await call("PATCH", "/api/user/profile", session, {
      firstName: " Rita ",
      lastName: "Runner",
      email: "rita.new@example.test",
      timeZone: "Europe/Berlin",
      stepGoal: 12_000,
      currentPassword: user.password,
    });
    expect(ok.statusCode).toBe(200);
    // The new email waits for its link (issue 30); the rest changes at once.
    expect(ok.json()).toMatchObject({
      id: user.id,
      firstName: "Rita",
      email: user.email,
      pendingEmail: "rita.new@example.test",
      timeZone: "Europe/Berlin",
      stepGoal: 12_000,
    });
    const messages = async (payload: object) =>
      (await call("PATCH", "/api/user/profile", session, payload))
        .json()
        .details?.map((d: { message: string }) => d.message);
    expect(await messages({ firstName: "", lastName: "R", email: "a@example.test" })).toEqual([
      "First name is required",
    ]);
    expect(await messages({ firstName: "R", lastName: " ", email: "a@example.test" })).toEqual([
      "Last name is required",
    ]);
    expect(await messages({ firstName: "R", lastName: "R", email: "nope" })).toEqual([
      "Invalid email address",
    ]);
    const taken = await call("PATCH", "/api/user/profile", session, {
      firstName: "R",
      lastName: "R",
      email: other.email.toUpperCase(),
      currentPassword: user.password,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe("That email address is already used by another account");
    const anonymous = { firstName: "A", lastName: "B", email: "anon@example.test" };
    expect((await call("PATCH", "/api/user/profile", undefined, anonymous)).statusCode).toBe(401);
  });

  it("time zones: the picker's zones, old names stored and shown by their current name (issue 32 item 5)", async () => {
    const { user, session } = await fundedMember(t().app, 0);
    const profile = { firstName: "Rita", lastName: "Runner", email: user.email };
    const stored = async () =>
      (await t().app.ctx.db.select({ tz: users.timeZone }).from(users).where(eq(users.id, user.id)))[0]?.tz;
    // A zone stored by an old name before: it still works, and reads by its current name.
    await t().app.ctx.db.update(users).set({ timeZone: "Asia/Calcutta" }).where(eq(users.id, user.id));
    expect((await call("GET", "/api/auth/user", session)).json().timeZone).toBe("Asia/Kolkata");
    const kiev = await call("PATCH", "/api/user/profile", session, { ...profile, timeZone: "Europe/Kiev" });
    expect(kiev.statusCode).toBe(200);
    expect(kiev.json().timeZone).toBe("Europe/Kyiv");
    expect(await stored()).toBe("Europe/Kyiv");
    const kolkata = await call("PATCH", "/api/user/profile", session, {
      ...profile,
      timeZone: "Asia/Kolkata",
    });
    expect(kolkata.json().timeZone).toBe("Asia/Kolkata");
    // What the picker does not offer is refused, and nothing changes.
    for (const timeZone of ["Etc/GMT+5", "Mars/Olympus", "Asia/Nowhere"]) {
      const refused = await call("PATCH", "/api/user/profile", session, { ...profile, timeZone });
      expect(refused.statusCode, timeZone).toBe(400);
    }
    expect(await stored()).toBe("Asia/Kolkata");
  });

  it("statistics come from stored facts", async () => {
    const { session } = await fundedMember(t().app, 0);
    const res = await call("GET", "/api/user/stats", session);
    expect(res.json()).toEqual({
      totalWinnings: 0,
      competitionsWon: 0,
      totalSteps: 0,
      activeCompetitions: 0,
    });
    expect((await call("GET", "/api/user/stats")).statusCode).toBe(401);
  });

  it("deleting the account signs out everywhere, frees the username, keeps the ledger", async () => {
    const { user, session } = await fundedMember(t().app, 25);
    const res = await call("DELETE", "/api/user/account", session, { currentPassword: user.password });
    expect(res.json()).toEqual({ message: "Your account has been deleted" });
    expect((await call("GET", "/api/auth/user", session)).statusCode).toBe(401);
    const login = await t().app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: DEVICE,
      payload: { username: user.username, password: user.password },
    });
    expect(login.statusCode).toBe(401);
    // The username is free for someone new; the deleted member's FitCoins are still on the books.
    const again = await buildUser(t().app, { username: user.username, email: user.email });
    expect(again.id).not.toBe(user.id);
    expect((await userBalances(t().app.ctx.db, user.id)).fc).toBe(2_500);
    await expectBooksBalanced(t().app);
  });

  it("admins find members by username or email, paged; members get 403", async () => {
    const a = await admin();
    const target = await buildUser(t().app, { username: `findme${Date.now()}` });
    const found = (await call("GET", `/api/admin/users?search=${target.username.slice(0, 10)}`, a)).json();
    expect(found.map((u: { id: number }) => u.id)).toContain(target.id);
    expect(found[0]).toMatchObject({
      balance: "0.00",
      fitcoins: 0,
      subscriptionStatus: "active",
      isAdmin: false,
    });
    const byEmail = (
      await call("GET", `/api/admin/users?search=${encodeURIComponent(target.email)}`, a)
    ).json();
    expect(byEmail.map((u: { id: number }) => u.id)).toEqual([target.id]);
    const page = (await call("GET", "/api/admin/users?page=1&pageSize=2", a)).json();
    expect(page).toHaveLength(2);
    expect((await call("GET", "/api/admin/users?pageSize=1000", a)).statusCode).toBe(400);
    const member = await loginAs(t().app, await buildUser(t().app));
    for (const [method, url] of [
      ["GET", "/api/admin/users"],
      ["GET", "/api/admin/test-accounts"],
      ["DELETE", "/api/admin/test-accounts"],
      ["DELETE", `/api/admin/users/${target.id}`],
      ["PATCH", `/api/admin/users/${target.id}/mark-test`],
      ["PATCH", `/api/admin/users/${target.id}/unmark-test`],
    ] as const) {
      expect((await call(method, url, member)).statusCode, url).toBe(403);
      expect((await call(method, url)).statusCode, url).toBe(401);
    }
  });

  it("marks test accounts and undoes it, deletes them singly, never an admin", async () => {
    const a = await admin();
    const one = await buildUser(t().app, { subscribed: false });
    const otherAdmin = await buildUser(t().app, { isAdmin: true });
    expect((await call("PATCH", `/api/admin/users/${one.id}/mark-test`, a)).json()).toEqual({
      message: "User marked as a test account",
    });
    expect((await call("PATCH", `/api/admin/users/${one.id}/mark-test`, a)).statusCode).toBe(400);
    expect((await call("PATCH", `/api/admin/users/${otherAdmin.id}/mark-test`, a)).statusCode).toBe(403);
    expect((await call("DELETE", `/api/admin/users/${otherAdmin.id}`, a)).statusCode).toBe(403);
    expect((await call("DELETE", "/api/admin/users/999999", a)).statusCode).toBe(404);
    expect((await call("PATCH", "/api/admin/users/999999/unmark-test", a)).statusCode).toBe(404);
    const testIds = async () =>
      (await call("GET", "/api/admin/test-accounts", a)).json().map((u: { id: number }) => u.id);
    expect(await testIds()).toContain(one.id);

    // Undo: an ordinary member again, gone from Test Account Management; undoing twice is refused.
    expect((await call("PATCH", `/api/admin/users/${one.id}/unmark-test`, a)).json()).toEqual({
      message: "User is no longer a test account",
    });
    expect(await testIds()).not.toContain(one.id);
    const row = (await call("GET", `/api/admin/users?search=${one.username}`, a)).json()[0];
    expect(row).toMatchObject({ id: one.id, isTestAccount: false });
    const again = await call("PATCH", `/api/admin/users/${one.id}/unmark-test`, a);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe("This account is not a test account");

    await call("PATCH", `/api/admin/users/${one.id}/mark-test`, a);
    expect((await call("DELETE", `/api/admin/users/${one.id}`, a)).json()).toEqual({
      message: "User deleted",
    });
    expect((await call("DELETE", `/api/admin/users/${one.id}`, a)).statusCode).toBe(404);
    expect((await call("PATCH", `/api/admin/users/${one.id}/unmark-test`, a)).statusCode).toBe(404);
    await expectBooksBalanced(t().app);
  });

  it("Delete All Test Accounts lists what each holds and keeps members with a subscription or a balance unless named", async () => {
    const a = await admin();
    // Whatever earlier tests left as test accounts goes first, so this test sees only its own.
    const leftovers = (await call("GET", "/api/admin/test-accounts", a)).json();
    await call("DELETE", "/api/admin/test-accounts", a, {
      includeIds: leftovers.map((u: { id: number }) => u.id),
    });

    const clean = await buildUser(t().app, { subscribed: false });
    const subscribed = await buildUser(t().app);
    const coins = await buildUser(t().app, { subscribed: false });
    await grantFitcoins(t().app, coins.id, 1_250);
    const dollars = await buildUser(t().app, { subscribed: false });
    await fundWallet(t().app, dollars.id, 300);
    const points = await buildUser(t().app, { subscribed: false });
    await t().app.ctx.db.transaction(async (tx) =>
      transfer(tx, {
        from: await pointsIssuanceAccount(tx, points.id),
        to: await userAccount(tx, points.id, "PTS"),
        amount: 1_300,
        currency: "PTS",
        kind: "earned",
        description: "Test points",
      }),
    );
    // An admin who is also flagged as a test account (made admin after being marked) is never deleted.
    const adminTest = await buildUser(t().app, { isAdmin: true, subscribed: false });
    await t().app.ctx.db.update(users).set({ isTestAccount: true }).where(eq(users.id, adminTest.id));
    for (const u of [clean, subscribed, coins, dollars, points]) {
      expect((await call("PATCH", `/api/admin/users/${u.id}/mark-test`, a)).statusCode).toBe(200);
    }

    // The preview: every test account and what deleting it would leave behind.
    const listed = (await call("GET", "/api/admin/test-accounts", a)).json() as {
      id: number;
      atStake: string[];
      points: number;
    }[];
    const stakes = Object.fromEntries(listed.map((u) => [u.id, u.atStake]));
    expect(stakes).toEqual({
      [clean.id]: [],
      [subscribed.id]: ["active subscription"],
      [coins.id]: ["holds 12.50 FC"],
      [dollars.id]: ["holds $3.00"],
      [points.id]: ["holds 1,300 points"],
      [adminTest.id]: ["admin account (never deleted)"],
    });
    expect(listed.find((u) => u.id === points.id)?.points).toBe(1_300);

    // Without naming anyone, only the account with nothing at stake goes; the rest are said to be kept.
    const first = await call("DELETE", "/api/admin/test-accounts", a);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      message: "Deleted 1 test account; kept 5 with a subscription or a balance",
      deletedCount: 1,
      deletedIds: [clean.id],
    });
    expect(
      first
        .json()
        .kept.map((k: { id: number }) => k.id)
        .sort(),
    ).toEqual([subscribed.id, coins.id, dollars.id, points.id, adminTest.id].sort());
    expect(first.json().kept.find((k: { id: number }) => k.id === coins.id)).toEqual({
      id: coins.id,
      username: coins.username,
      atStake: ["holds 12.50 FC"],
    });
    const remaining = async () =>
      (await call("GET", "/api/admin/test-accounts", a)).json().map((u: { id: number }) => u.id);
    expect(await remaining()).not.toContain(clean.id);

    // Named by the admin: deleted, and their FitCoins stay on the books. An admin named too is still kept;
    // a member who is not a test account is never deleted this way.
    const ordinary = await buildUser(t().app, { subscribed: false });
    const second = await call("DELETE", "/api/admin/test-accounts", a, {
      includeIds: [coins.id, adminTest.id, ordinary.id],
    });
    expect(second.json()).toMatchObject({ deletedCount: 1, deletedIds: [coins.id] });
    expect((await remaining()).sort()).toEqual([subscribed.id, dollars.id, points.id, adminTest.id].sort());
    expect((await userBalances(t().app.ctx.db, coins.id)).fc).toBe(1_250);
    expect((await call("GET", `/api/admin/users?search=${ordinary.username}`, a)).json()).toHaveLength(1);

    // Only the accounts the confirmation listed: one marked as test after the admin looked stays.
    const shown = await remaining();
    const late = await buildUser(t().app, { subscribed: false });
    await call("PATCH", `/api/admin/users/${late.id}/mark-test`, a);
    const third = await call("DELETE", "/api/admin/test-accounts", a, { includeIds: [], shownIds: shown });
    expect(third.json()).toMatchObject({ deletedCount: 0 });
    expect(await remaining()).toContain(late.id);
    await call("PATCH", `/api/admin/users/${late.id}/unmark-test`, a);

    // A malformed list is a 400, not a partial delete.
    const bad = await call("DELETE", "/api/admin/test-accounts", a, { includeIds: ["x"] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe("VALIDATION_ERROR");
    expect((await remaining()).length).toBe(4);
    await expectBooksBalanced(t().app);
  });
});
