import { describe, expect, it } from "vitest";
import { buildCompetition, buildUser, loginAs, type Session } from "../../test/factories";
import { useTestApp } from "../../test/test-app";
import { groupTestKit } from "../groups/group-test-kit";

/** Issue 22 item 4: a single chat message reported by a member, deleted by its author or an admin. */
describe("chat moderation", () => {
  const t = useTestApp();
  const g = groupTestKit(t);
  const admin = async () => {
    const user = await buildUser(t().app, { isAdmin: true });
    return { user, session: await loginAs(t().app, user) };
  };

  /** A group with an owner and a second member, and a message from the owner. */
  async function room() {
    const owner = await g.member(50);
    const member = await g.member(50);
    const group = await g.group(owner.session);
    await g.join(group.inviteCode, member.session);
    const posted = await g.call("POST", `/api/groups/${group.id}/messages`, owner.session, {
      message: "Buy my step counter at spam.example",
    });
    expect(posted.statusCode).toBe(201);
    return { owner, member, group, messageId: posted.json().id as number };
  }
  const texts = async (groupId: number, s: Session) =>
    ((await g.call("GET", `/api/groups/${groupId}/messages`, s)).json() as { message: string }[]).map(
      (m) => m.message,
    );
  const report = (id: number | string, s: Session | undefined, payload: object = { reason: "spam" }) =>
    g.call("POST", `/api/chat/messages/${id}/report`, s, payload);
  const remove = (id: number | string, s: Session | undefined, payload?: object) =>
    g.call("DELETE", `/api/chat/messages/${id}`, s, payload);

  it("a member reports a message once; the Reports queue shows its text and room", async () => {
    const { owner, member, group, messageId } = await room();
    const res = await report(messageId, member.session, { reason: "spam", description: "  advertising " });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe("Thank you for reporting this message. Our team will review it.");

    const twice = await report(messageId, member.session, { reason: "harassment" });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe("You have already reported this message");
    const own = await report(messageId, owner.session);
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe("You cannot report your own message");

    const a = await admin();
    const queue = (await g.call("GET", "/api/admin/reports", a.session)).json();
    const item = queue.find((r: { id: number }) => r.id === res.json().id);
    expect(item).toMatchObject({
      reason: "spam",
      description: "advertising",
      reporter: { id: member.user.id },
      reported: { id: owner.user.id },
      message: {
        id: messageId,
        text: "Buy my step counter at spam.example",
        deleted: false,
        room: { kind: "group", id: group.id, name: "Morning Walkers" },
      },
    });
    // A report about the member (not a message) has none.
    await g.call("POST", "/api/users/report", member.session, { reportedId: owner.user.id, reason: "other" });
    const plain = (await g.call("GET", "/api/admin/reports", a.session))
      .json()
      .find(
        (r: { reason: string; reported: { id: number } }) =>
          r.reason === "other" && r.reported.id === owner.user.id,
      );
    expect(plain.message).toBeNull();
  });

  it("refuses reports from those who cannot read the room, of unknown messages and without a reason", async () => {
    const { messageId } = await room();
    const outsider = await g.member(0);
    const denied = await report(messageId, outsider.session);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe("You cannot read this chat");
    expect((await report(messageId, undefined)).statusCode).toBe(401);
    expect((await report(999_999, outsider.session)).statusCode).toBe(404);
    expect((await report("abc", outsider.session)).statusCode).toBe(400);
    const noReason = await report(messageId, outsider.session, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe("Please select a reason");
    expect((await report(messageId, outsider.session, { reason: "bad" })).statusCode).toBe(400);
  });

  it("in a competition chat, participants and site admins may report; others get 403", async () => {
    const a = await admin();
    const c = await buildCompetition(t().app, a.session, { entryFee: null });
    const one = await g.member(0);
    const outsider = await g.member(0);
    expect((await g.call("POST", `/api/competitions/${c.id}/join`, one.session, {})).statusCode).toBe(200);
    const posted = await g.call("POST", `/api/competitions/${c.id}/messages`, one.session, { message: "hi" });
    const id = posted.json().id;
    expect((await report(id, outsider.session)).statusCode).toBe(403);
    const byAdmin = await report(id, a.session, { reason: "other" });
    expect(byAdmin.statusCode).toBe(201);
    const queue = (await g.call("GET", "/api/admin/reports", a.session)).json();
    expect(queue.find((r: { id: number }) => r.id === byAdmin.json().id).message.room).toEqual({
      kind: "competition",
      id: c.id,
      name: "Weekly Walk",
    });
  });

  it("the author deletes their message for everyone; another member may not; the report keeps the text", async () => {
    const { owner, member, group, messageId } = await room();
    const reported = await report(messageId, member.session);
    const denied = await remove(messageId, member.session);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe("You can only delete your own messages");
    expect(await texts(group.id, member.session)).toEqual(["Buy my step counter at spam.example"]);

    const res = await remove(messageId, owner.session);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: "Message deleted" });
    expect(await texts(group.id, member.session)).toEqual([]);
    expect(await texts(group.id, owner.session)).toEqual([]);
    expect((await remove(messageId, owner.session)).statusCode).toBe(404);
    expect((await report(messageId, member.session, { reason: "other" })).statusCode).toBe(404);

    const a = await admin();
    const item = (await g.call("GET", "/api/admin/reports", a.session))
      .json()
      .find((r: { id: number }) => r.id === reported.json().id);
    expect(item.message).toMatchObject({ text: "Buy my step counter at spam.example", deleted: true });
    // The author deleting their own message is no admin action.
    const log = (
      await g.call("GET", `/api/admin/audit-log?targetType=chat_message&targetId=${messageId}`, a.session)
    ).json();
    expect(log.items).toHaveLength(0);
  });

  it("an admin deletes any message, recorded in the audit log with the reason", async () => {
    const { owner, member, group, messageId } = await room();
    const a = await admin();
    const res = await remove(messageId, a.session, { reason: "  spam link " });
    expect(res.statusCode, res.body).toBe(200);
    expect(await texts(group.id, member.session)).toEqual([]);
    const log = (
      await g.call("GET", `/api/admin/audit-log?action=chat_message.delete&targetId=${messageId}`, a.session)
    ).json();
    const entries = log.items;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: "chat_message.delete",
      targetType: "chat_message",
      targetId: messageId,
      targetUser: { id: owner.user.id },
      reason: "spam link",
      admin: { id: a.user.id },
    });
  });

  it("answers 401 without a session, 404 for unknown messages and 400 for bad ids", async () => {
    const { messageId } = await room();
    expect((await remove(messageId, undefined)).statusCode).toBe(401);
    const someone = await g.member(0);
    expect((await remove(999_999, someone.session)).statusCode).toBe(404);
    expect((await remove("abc", someone.session)).statusCode).toBe(400);
    expect((await remove(messageId, someone.session)).statusCode).toBe(403);
  });

  it("blocks and reports a member by user id (from a name in a chat or a standings list)", async () => {
    const { owner, member, group } = await room();
    const blocked = await g.call("POST", "/api/users/block", member.session, { blockedId: owner.user.id });
    expect(blocked.statusCode, blocked.body).toBe(201);
    expect(blocked.json()).toMatchObject({
      blockedId: owner.user.id,
      blockedUser: { username: owner.user.username },
    });
    expect(await texts(group.id, member.session)).toEqual([]);
    expect(
      (await g.call("POST", "/api/users/block", member.session, { blockedId: 999_999 })).statusCode,
    ).toBe(404);
    expect(
      (await g.call("POST", "/api/users/block", member.session, { blockedId: member.user.id })).statusCode,
    ).toBe(400);
    const reported = await g.call("POST", "/api/users/report", member.session, {
      reportedId: owner.user.id,
      reason: "harassment",
    });
    expect(reported.statusCode).toBe(201);
    expect(
      (await g.call("POST", "/api/users/report", member.session, { reportedId: -3, reason: "spam" }))
        .statusCode,
    ).toBe(400);
    // By id only a member one shares a room with: ids cannot be walked to list every member.
    const stranger = await g.member(0);
    for (const [url, body] of [
      ["/api/users/block", { blockedId: stranger.user.id }],
      ["/api/users/report", { reportedId: stranger.user.id, reason: "spam" }],
    ] as const) {
      const res = await g.call("POST", url, member.session, body);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(stranger.user.username);
    }
    // A typed username still reaches anyone, as the Safety page does.
    const typed = await g.call("POST", "/api/users/block", member.session, {
      blockedId: stranger.user.username,
    });
    expect(typed.statusCode).toBe(201);
  });
});
