import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SESSION_TTL_MS } from "../../core/constants";
import { sessions, subscriptions, users } from "../db/schema";
import { buildUser, DEVICE, fundedMember, loginAs, type Session } from "../test/factories";
import { useTestApp } from "../test/test-app";

const DAY = 24 * 3600_000;

/**
 * The group page reads its session in the same statement as its answer (`request.viewerWith`):
 * every session the ordinary check refuses, it refuses with the same answer and the same cleared
 * cookie; a session due for renewal is renewed; a good session still meets the group's own 403/404.
 */
describe("a session read with the route's answer", () => {
  const t = useTestApp();
  const db = () => t().app.ctx.db;

  async function member() {
    const user = await buildUser(t().app);
    const session = await loginAs(t().app, user);
    const [row] = await db().select().from(sessions).where(eq(sessions.userId, user.id));
    return { id: user.id, session, tokenHash: row.tokenHash };
  }

  /** A group made by a member with FitCoins for its entry price. */
  async function groupOf(owner: Session, name: string, isPrivate: boolean) {
    const res = await t().app.inject({
      method: "POST",
      url: "/api/groups",
      headers: owner.headers,
      payload: { name, isPrivate },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number };
  }
  const owner = async () => (await fundedMember(t().app, 100)).session;
  /** A public group, which every signed-in member may see. */
  const publicGroup = async () => groupOf(await owner(), "Open Walkers", false);

  const get = (url: string, headers: Record<string, string>) =>
    t().app.inject({ method: "GET", url, headers });

  /** The answer of the ordinary check (`/api/auth/user`) and of the group page, side by side. */
  async function both(headers: Record<string, string>, groupId: number) {
    const [plain, page] = [
      await get("/api/auth/user", headers),
      await get(`/api/groups/${groupId}`, headers),
    ];
    const answer = (r: typeof plain) => ({
      status: r.statusCode,
      code: r.statusCode === 200 ? null : r.json().code,
      cleared: /sr_session=;/.test(String(r.headers["set-cookie"] ?? "")),
    });
    return { plain: answer(plain), page: answer(page) };
  }

  it("refuses every session the ordinary check refuses, with the same answer", async () => {
    const group = await publicGroup();
    const refused: [string, () => Promise<Record<string, string>>][] = [
      ["no cookie", async () => DEVICE],
      ["an unknown token", async () => ({ ...DEVICE, cookie: "sr_session=not-a-session" })],
      [
        "a signed-out session",
        async () => {
          const m = await member();
          await db()
            .update(sessions)
            .set({ revokedAt: t().clock.now() })
            .where(eq(sessions.tokenHash, m.tokenHash));
          return m.session.headers;
        },
      ],
      [
        "an expired session",
        async () => {
          const m = await member();
          await db()
            .update(sessions)
            .set({ expiresAt: new Date(t().clock.now().getTime() - 1000) })
            .where(eq(sessions.tokenHash, m.tokenHash));
          return m.session.headers;
        },
      ],
      [
        "a banned member",
        async () => {
          const m = await member();
          await db().update(users).set({ bannedAt: t().clock.now() }).where(eq(users.id, m.id));
          return m.session.headers;
        },
      ],
      [
        "a deleted account",
        async () => {
          const m = await member();
          await db().update(users).set({ deletedAt: t().clock.now() }).where(eq(users.id, m.id));
          return m.session.headers;
        },
      ],
      [
        "another device",
        async () => ({ ...(await member()).session.headers, "x-device-fingerprint": "otherdevice0001" }),
      ],
      ["no device header", async () => ({ cookie: (await member()).session.cookie })],
    ];
    for (const [name, headers] of refused) {
      const { plain, page } = await both(await headers(), group.id);
      expect(plain.status, name).toBe(401);
      expect(page, name).toEqual(plain);
    }
  });

  it("lets a lapsed membership see its group as the ordinary check does, and renews a session due for it", async () => {
    const group = await publicGroup();
    const lapsed = await member();
    await db().update(subscriptions).set({ status: "expired" }).where(eq(subscriptions.userId, lapsed.id));
    expect(await both(lapsed.session.headers, group.id)).toEqual({
      plain: { status: 200, code: null, cleared: false },
      page: { status: 200, code: null, cleared: false },
    });

    const due = await member();
    const old = new Date(t().clock.now().getTime() + SESSION_TTL_MS - 2 * DAY);
    await db().update(sessions).set({ expiresAt: old }).where(eq(sessions.tokenHash, due.tokenHash));
    const res = await get(`/api/groups/${group.id}`, due.session.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(String(res.headers["set-cookie"])).toMatch(/^sr_session=/);
    const [row] = await db().select().from(sessions).where(eq(sessions.tokenHash, due.tokenHash));
    expect(row.expiresAt.getTime()).toBe(t().clock.now().getTime() + SESSION_TTL_MS);
  });

  it("answers a good session's page, 404 for no such group and 403 for another's private group", async () => {
    const group = await publicGroup();
    const viewer: Session = (await member()).session;
    const page = await get(`/api/groups/${group.id}`, viewer.headers);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ id: group.id, name: "Open Walkers" });

    expect((await get("/api/groups/999999", viewer.headers)).statusCode).toBe(404);

    const closedOwner = await owner();
    const hidden = await groupOf(closedOwner, "Closed Walkers", true);
    expect((await get(`/api/groups/${hidden.id}`, viewer.headers)).statusCode).toBe(403);
    const own = await get(`/api/groups/${hidden.id}`, closedOwner.headers);
    expect(own.json()).toMatchObject({ name: "Closed Walkers" });
  });
});
