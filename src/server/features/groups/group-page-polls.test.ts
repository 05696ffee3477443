import { beforeAll, describe, expect, it } from "vitest";
import type { App } from "../../app";
import { fundedMember, type Session } from "../../test/factories";
import { callAs, type TestApp } from "../../test/test-app";
import { useTwoInstances } from "../../test/two-instances";

type Message = { id: number; userId: number; message: string };

/**
 * The group page and its chat poll read shared copies (a room's messages kept while its version is
 * unchanged): what members see stays as fresh as a live read, whichever instance made the change.
 */
describe("group page and chat poll, shared reads", { timeout: 60_000 }, () => {
  const apps = useTwoInstances();
  let first: TestApp;
  let second: App;
  beforeAll(() => {
    ({ first, second } = apps());
  });
  const call = (
    target: App,
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    url: string,
    s: Session,
    payload?: object,
  ) => callAs(target, s, method, url, payload);
  const ids = new Map<Session, number>();
  const member = async () => {
    const { user, session } = await fundedMember(first.app, 100);
    ids.set(session, user.id);
    return session;
  };
  const userId = (s: Session) => ids.get(s) as number;
  const poll = async (target: App, groupId: number, s: Session) => {
    const res = await call(target, "GET", `/api/groups/${groupId}/messages`, s);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Message[]).map((m) => m.message);
  };
  async function groupOf(owner: Session, others: Session[], over: object = {}) {
    const created = await call(first.app, "POST", "/api/groups", owner, { name: "Pollers", ...over });
    expect(created.statusCode, created.body).toBe(201);
    for (const s of others) {
      const joined = await call(first.app, "POST", `/api/groups/join/${created.json().inviteCode}`, s);
      expect(joined.statusCode, joined.body).toBe(200);
    }
    return created.json() as { id: number; inviteCode: string };
  }

  it("shows a post or a deletion made through another instance at the next poll", async () => {
    const [owner, friend] = [await member(), await member()];
    const g = await groupOf(owner, [friend]);
    const post = (target: App, s: Session, message: string) =>
      call(target, "POST", `/api/groups/${g.id}/messages`, s, { message });

    expect((await post(first.app, owner, "first")).statusCode).toBe(201);
    expect(await poll(first.app, g.id, friend)).toEqual(["first"]);
    // The same room again, as every open chat asks it: the shared copy.
    expect(await poll(first.app, g.id, owner)).toEqual(["first"]);

    const second_ = await post(second, friend, "second");
    expect(second_.statusCode).toBe(201);
    expect(await poll(first.app, g.id, owner)).toEqual(["first", "second"]);

    const removed = await call(second, "DELETE", `/api/chat/messages/${second_.json().id}`, friend, {});
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await poll(first.app, g.id, owner)).toEqual(["first"]);
    expect(await poll(second, g.id, friend)).toEqual(["first"]);
  });

  it("hides a blocked member's messages from the blocker only, and keeps the room to its members", async () => {
    const [owner, friend, blocker, outsider] = [
      await member(),
      await member(),
      await member(),
      await member(),
    ];
    const g = await groupOf(owner, [friend, blocker]);
    for (const [s, text] of [
      [owner, "from the owner"],
      [friend, "from the friend"],
    ] as const) {
      expect(
        (await call(first.app, "POST", `/api/groups/${g.id}/messages`, s, { message: text })).statusCode,
      ).toBe(201);
    }
    expect(await poll(first.app, g.id, owner)).toEqual(["from the owner", "from the friend"]);
    const blocked = await call(first.app, "POST", "/api/users/block", blocker, { blockedId: userId(friend) });
    expect(blocked.statusCode, blocked.body).toBe(201);
    expect(await poll(first.app, g.id, blocker)).toEqual(["from the owner"]);
    // Blocking hides both ways; everyone else still reads the whole room.
    expect(await poll(first.app, g.id, owner)).toEqual(["from the owner", "from the friend"]);

    expect((await call(first.app, "GET", `/api/groups/${g.id}/messages`, outsider)).statusCode).toBe(403);
    expect((await call(first.app, "GET", `/api/groups/999999/messages`, owner)).statusCode).toBe(404);
    expect((await call(first.app, "DELETE", `/api/groups/${g.id}`, owner)).statusCode).toBe(200);
    expect((await call(first.app, "GET", `/api/groups/${g.id}/messages`, friend)).statusCode).toBe(404);
  });

  it("shows a join, a role change and a contribution on the group page at once", async () => {
    const [owner, friend, late] = [await member(), await member(), await member()];
    const g = await groupOf(owner, [friend], { isPrivate: true });
    const page = async (target: App, s: Session) => {
      const res = await call(target, "GET", `/api/groups/${g.id}`, s);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as {
        memberCount: number;
        poolBalance: string;
        role: string | null;
        members: { userId: number; role: string }[];
      };
    };
    const before = await page(first.app, owner);
    expect(before).toMatchObject({ memberCount: 2, poolBalance: "30.00", role: "admin" });
    expect(before.members.map((m) => m.role)).toEqual(["admin", "member"]);
    // A private group's page stays its members' own.
    expect((await call(first.app, "GET", `/api/groups/${g.id}`, late)).statusCode).toBe(403);

    expect((await call(second, "POST", `/api/groups/join/${g.inviteCode}`, late)).statusCode).toBe(200);
    const lateId = userId(late);
    const friendId = userId(friend);
    const role = await call(second, "PUT", `/api/groups/${g.id}/members/${friendId}/role`, owner, {
      role: "admin",
    });
    expect(role.statusCode, role.body).toBe(200);
    const gift = await call(second, "POST", `/api/groups/${g.id}/contribute`, late, { amount: 5 });
    expect(gift.statusCode, gift.body).toBe(200);

    const after = await page(first.app, owner);
    expect(after).toMatchObject({ memberCount: 3, poolBalance: "50.00" });
    expect(after.members.map((m) => [m.userId, m.role])).toEqual([
      [userId(owner), "admin"],
      [friendId, "admin"],
      [lateId, "member"],
    ]);
    expect((await page(first.app, late)).role).toBe("member");

    // A leave through the other instance shows at once too.
    expect((await call(second, "DELETE", `/api/groups/${g.id}/leave`, late)).statusCode).toBe(200);
    expect((await page(first.app, owner)).members.map((m) => m.userId)).toEqual([userId(owner), friendId]);
  });

  it("shows a member's new name on the group page within the members list's lifetime", async () => {
    const [owner, friend] = [await member(), await member()];
    const g = await groupOf(owner, [friend]);
    const names = async () =>
      (
        (await call(first.app, "GET", `/api/groups/${g.id}`, owner)).json() as {
          members: { userId: number; firstName: string }[];
        }
      ).members.map((m) => m.firstName);
    await names();
    const { email } = (await call(second, "GET", "/api/auth/user", friend)).json();
    const renamed = await call(second, "PATCH", "/api/user/profile", friend, {
      firstName: "Renamed",
      lastName: "Walker",
      email,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // The list is kept for every viewer for at most 5 s, then read again.
    first.clock.advance(5_000);
    expect((await names())[1]).toBe("Renamed");
  });
});
