import { describe, expect, it } from "vitest";
import { userBalances } from "../../ledger/accounts";
import { buildUser, DEVICE, fundedMember, loginAs, type Session } from "../../test/factories";
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
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      id: user.id,
      firstName: "Rita",
      email: "rita.new@example.test",
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
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe("That email address is already used by another account");
    const anonymous = { firstName: "A", lastName: "B", email: "anon@example.test" };
    expect((await call("PATCH", "/api/user/profile", undefined, anonymous)).statusCode).toBe(401);
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
    const res = await call("DELETE", "/api/user/account", session);
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
    ] as const) {
      expect((await call(method, url, member)).statusCode, url).toBe(403);
      expect((await call(method, url)).statusCode, url).toBe(401);
    }
  });

  it("marks test accounts one way, deletes them singly or all at once, never an admin", async () => {
    const a = await admin();
    const one = await buildUser(t().app);
    const two = await buildUser(t().app);
    const otherAdmin = await buildUser(t().app, { isAdmin: true });
    expect((await call("PATCH", `/api/admin/users/${one.id}/mark-test`, a)).json()).toEqual({
      message: "User marked as a test account",
    });
    expect((await call("PATCH", `/api/admin/users/${one.id}/mark-test`, a)).statusCode).toBe(400);
    await call("PATCH", `/api/admin/users/${two.id}/mark-test`, a);
    expect((await call("PATCH", `/api/admin/users/${otherAdmin.id}/mark-test`, a)).statusCode).toBe(403);
    expect((await call("DELETE", `/api/admin/users/${otherAdmin.id}`, a)).statusCode).toBe(403);
    expect((await call("DELETE", "/api/admin/users/999999", a)).statusCode).toBe(404);

    const tests = (await call("GET", "/api/admin/test-accounts", a)).json().map((u: { id: number }) => u.id);
    expect(tests).toEqual(expect.arrayContaining([one.id, two.id]));
    expect((await call("DELETE", `/api/admin/users/${one.id}`, a)).json()).toEqual({
      message: "User deleted",
    });
    expect((await call("DELETE", `/api/admin/users/${one.id}`, a)).statusCode).toBe(404);
    const all = await call("DELETE", "/api/admin/test-accounts", a);
    expect(all.json().deletedCount).toBeGreaterThanOrEqual(1);
    expect((await call("GET", "/api/admin/test-accounts", a)).json()).toEqual([]);
    await expectBooksBalanced(t().app);
  });
});
