import { describe, expect, it } from "vitest";
import { buildUser, loginAs, type Session } from "../../test/factories";
import { useTestApp } from "../../test/test-app";
import { groupTestKit } from "../groups/group-test-kit";

describe("blocking and reports", () => {
  const t = useTestApp();
  const g = groupTestKit(t);

  const block = (s: Session | undefined, payload: Record<string, unknown>) =>
    g.call("POST", "/api/users/block", s, payload);
  const report = (s: Session | undefined, payload: Record<string, unknown>) =>
    g.call("POST", "/api/users/report", s, payload);
  const authors = async (groupId: number, s: Session) =>
    ((await g.call("GET", `/api/groups/${groupId}/messages`, s)).json() as { message: string }[]).map(
      (m) => m.message,
    );

  it("blocks by username, lists it, refuses unknown, self and twice, and unblocks", async () => {
    const me = await g.member(0);
    const other = await g.member(0);
    const res = await block(me.session, {
      blockedId: `  ${other.user.username.toUpperCase()} `,
      reason: "rude",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      blockedId: other.user.id,
      blockedUser: { username: other.user.username, firstName: "Test", lastName: "Member" },
      reason: "rude",
    });
    const list = (await g.call("GET", "/api/users/blocked", me.session)).json();
    expect(list).toEqual([res.json()]);

    const twice = await block(me.session, { blockedId: other.user.username });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe("You have already blocked this member");
    const self = await block(me.session, { blockedId: me.user.username });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe("You cannot block yourself");
    const unknown = await block(me.session, { blockedId: "nobody-at-all" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("No member with that username");
    const blank = await block(me.session, { blockedId: "   " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe("Please enter a username to block");

    const off = await g.call("DELETE", `/api/users/block/${other.user.id}`, me.session);
    expect(off.json()).toEqual({ message: "This user has been unblocked." });
    expect((await g.call("DELETE", `/api/users/block/${other.user.id}`, me.session)).statusCode).toBe(404);
    expect((await g.call("DELETE", "/api/users/block/abc", me.session)).statusCode).toBe(400);
    expect((await g.call("GET", "/api/users/blocked", me.session)).json()).toEqual([]);
  });

  it("hides chat messages both ways while the block lasts", async () => {
    const owner = await g.member(50);
    const friend = await g.member(50);
    const bystander = await g.member(50);
    const group = await g.group(owner.session);
    await g.join(group.inviteCode, friend.session);
    await g.join(group.inviteCode, bystander.session);
    const say = (s: Session, message: string) =>
      g.call("POST", `/api/groups/${group.id}/messages`, s, { message });
    await say(owner.session, "from owner");
    await say(friend.session, "from friend");
    await say(bystander.session, "from bystander");

    await block(owner.session, { blockedId: friend.user.username });
    expect(await authors(group.id, owner.session)).toEqual(["from owner", "from bystander"]);
    expect(await authors(group.id, friend.session)).toEqual(["from friend", "from bystander"]);
    expect(await authors(group.id, bystander.session)).toEqual([
      "from owner",
      "from friend",
      "from bystander",
    ]);

    await g.call("DELETE", `/api/users/block/${friend.user.id}`, owner.session);
    expect(await authors(group.id, friend.session)).toEqual(["from owner", "from friend", "from bystander"]);
  });

  it("reports go to the admins' queue, which members cannot read; reviewing takes them off", async () => {
    const me = await g.member(0);
    const other = await g.member(0);
    const res = await report(me.session, {
      reportedId: other.user.username,
      reason: "cheating",
      description: "10k steps a minute",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe("Thank you for reporting this user. Our team will review it.");
    await report(me.session, { reportedId: other.user.username, reason: "spam" });

    const missing = await report(me.session, { reportedId: other.user.username });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe("Please enter a username and select a reason");
    expect((await report(me.session, { reportedId: other.user.username, reason: "bad" })).statusCode).toBe(
      400,
    );
    expect((await report(me.session, { reportedId: "", reason: "spam" })).statusCode).toBe(400);
    expect((await report(me.session, { reportedId: "nobody-at-all", reason: "spam" })).statusCode).toBe(404);
    expect((await report(me.session, { reportedId: me.user.username, reason: "spam" })).statusCode).toBe(400);

    const admin = await loginAs(t().app, await buildUser(t().app, { isAdmin: true }));
    const queue = (await g.call("GET", "/api/admin/reports", admin)).json();
    const mine = queue.filter((r: { reported: { id: number } }) => r.reported.id === other.user.id);
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({
      reason: "cheating",
      description: "10k steps a minute",
      reporter: { id: me.user.id, username: me.user.username },
      reportsAboutMember: 2,
    });
    expect((await g.call("GET", "/api/admin/reports", me.session)).statusCode).toBe(403);
    expect((await g.call("POST", `/api/admin/reports/${mine[0].id}/review`, me.session)).statusCode).toBe(
      403,
    );
    const reviewed = await g.call("POST", `/api/admin/reports/${mine[0].id}/review`, admin);
    expect(reviewed.json()).toEqual({ message: "Report marked as reviewed" });
    const after = (await g.call("GET", "/api/admin/reports", admin)).json();
    expect(after.filter((r: { reported: { id: number } }) => r.reported.id === other.user.id)).toHaveLength(
      1,
    );
    expect((await g.call("POST", "/api/admin/reports/999999/review", admin)).statusCode).toBe(404);
  });

  it("answers 401 without a session", async () => {
    for (const [method, url] of [
      ["GET", "/api/users/blocked"],
      ["POST", "/api/users/block"],
      ["DELETE", "/api/users/block/1"],
      ["POST", "/api/users/report"],
      ["GET", "/api/admin/reports"],
      ["POST", "/api/admin/reports/1/review"],
    ] as const) {
      const body =
        method === "POST" && !url.includes("review")
          ? { blockedId: "x", reportedId: "x", reason: "spam" }
          : undefined;
      expect((await g.call(method, url, undefined, body)).statusCode, url).toBe(401);
    }
  });
});
