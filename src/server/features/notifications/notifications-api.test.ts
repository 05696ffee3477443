import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { NotificationPage } from "../../../core/schemas/notifications";
import { queryRows } from "../../db/client";
import { buildUser, DEVICE, loginAs, type Session } from "../../test/factories";
import { useTestApp } from "../../test/test-app";
import { isPublicAddress } from "./endpoint-guard";
import { notify } from "./notify";

const KEYS = {
  // An uncompressed P-256 point (65 bytes) and a 16-byte auth secret, base64url.
  p256dh: `B${"A".repeat(86)}`,
  auth: "AAAAAAAAAAAAAAAAAAAAAA",
};

describe("notifications API", () => {
  const t = useTestApp();
  const app = () => t().app;
  const member = async () => {
    const user = await buildUser(app());
    return { user, session: await loginAs(app(), user) };
  };
  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, s?: Session, payload?: unknown) =>
    app().inject({ method, url, headers: s?.headers ?? DEVICE, payload: payload as object });
  const page = async (s: Session, cursor?: string) => {
    const res = await call("GET", `/api/notifications${cursor ? `?cursor=${cursor}` : ""}`, s);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as NotificationPage;
  };
  const make = (userId: number, n: number, tag: string) =>
    notify(
      app().ctx.db,
      Array.from({ length: n }, (_, i) => ({
        userId,
        kind: "achievement_unlocked" as const,
        title: `Badge ${i}`,
        body: `Body ${i}`,
        link: "/achievements",
        dedupeKey: `test:${tag}:${i}:user:${userId}`,
      })),
      app().ctx.clock.now(),
    );

  it("answers 401 on every route without a session", async () => {
    const routes: ["GET" | "POST" | "PUT" | "DELETE", string, unknown?][] = [
      ["GET", "/api/notifications"],
      ["GET", "/api/notifications/unread-count"],
      ["POST", "/api/notifications/read", {}],
      ["GET", "/api/notifications/preferences"],
      ["PUT", "/api/notifications/preferences", { preferences: [{ kind: "competition_won", push: false }] }],
      ["GET", "/api/push/public-key"],
      ["POST", "/api/push/subscriptions", { endpoint: "https://93.184.216.34/p/1", keys: KEYS }],
      ["DELETE", "/api/push/subscriptions", { endpoint: "https://93.184.216.34/p/1" }],
    ];
    for (const [method, url, payload] of routes) {
      const res = await call(method, url, undefined, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().code).toBe("UNAUTHENTICATED");
    }
  });

  it("pages newest first, counts unread, marks read, each once per dedupe key", async () => {
    const a = await member();
    await make(a.user.id, 25, "page");
    await make(a.user.id, 25, "page"); // the same events again: nothing new
    const first = await page(a.session);
    expect(first.items).toHaveLength(20);
    expect(first.unreadCount).toBe(25);
    expect(first.items[0]).toMatchObject({
      kind: "achievement_unlocked",
      title: "Badge 24",
      link: "/achievements",
      readAt: null,
    });
    expect(first.items.map((i) => i.id)).toEqual([...first.items.map((i) => i.id)].sort((x, y) => y - x));
    expect(first.nextCursor).toBe(String(first.items[19].id));
    const second = await page(a.session, first.nextCursor ?? undefined);
    expect(second.items.map((i) => i.title)).toEqual(["Badge 4", "Badge 3", "Badge 2", "Badge 1", "Badge 0"]);
    expect(second.nextCursor).toBeNull();

    const read = await call("POST", "/api/notifications/read", a.session, {
      ids: [first.items[0].id, first.items[1].id],
    });
    expect(read.json()).toEqual({ marked: 2, unreadCount: 23 });
    expect((await call("GET", "/api/notifications/unread-count", a.session)).json()).toEqual({
      unreadCount: 23,
    });
    expect((await page(a.session)).items[0].readAt).toEqual(expect.any(String));
    const all = await call("POST", "/api/notifications/read", a.session, {});
    expect(all.json()).toEqual({ marked: 23, unreadCount: 0 });
    // The client sends an empty JSON body too.
    const empty = await app().inject({
      method: "POST",
      url: "/api/notifications/read",
      headers: { ...a.session.headers, "content-type": "application/json" },
    });
    expect(empty.json()).toEqual({ marked: 0, unreadCount: 0 });
  });

  it("never shows or marks another member's notifications", async () => {
    const a = await member();
    const b = await member();
    await make(a.user.id, 3, "mine");
    const theirs = await page(a.session);
    expect((await page(b.session)).items).toEqual([]);
    const marked = await call("POST", "/api/notifications/read", b.session, {
      ids: theirs.items.map((i) => i.id),
    });
    expect(marked.json()).toEqual({ marked: 0, unreadCount: 0 });
    expect((await page(a.session)).unreadCount).toBe(3);
    // b's "mark all" leaves a's alone too.
    await call("POST", "/api/notifications/read", b.session, {});
    expect((await page(a.session)).unreadCount).toBe(3);
  });

  it("refuses bad cursors and ids with 400", async () => {
    const a = await member();
    for (const cursor of ["abc", "-1", "0", "99999999999"]) {
      const res = await call("GET", `/api/notifications?cursor=${cursor}`, a.session);
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().code).toBe("VALIDATION_ERROR");
    }
    for (const payload of [{ ids: [] }, { ids: ["x"] }, { ids: [0] }, { ids: [1.5] }, { ids: "all" }]) {
      expect((await call("POST", "/api/notifications/read", a.session, payload)).statusCode).toBe(400);
    }
  });

  it("keeps preferences per kind: push on by default, email only where it applies", async () => {
    const a = await member();
    const prefs = (await call("GET", "/api/notifications/preferences", a.session)).json().preferences;
    expect(prefs.find((p: { kind: string }) => p.kind === "competition_starting")).toMatchObject({
      push: true,
      email: false,
    });
    expect(prefs.find((p: { kind: string }) => p.kind === "achievement_unlocked")).toMatchObject({
      push: true,
      email: true,
    });
    expect(prefs.find((p: { kind: string }) => p.kind === "competition_won")).toMatchObject({
      push: true,
      email: null,
    });
    const changed = await call("PUT", "/api/notifications/preferences", a.session, {
      preferences: [
        { kind: "competition_won", push: false },
        { kind: "competition_starting", email: true },
      ],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = changed.json().preferences;
    expect(after.find((p: { kind: string }) => p.kind === "competition_won")).toMatchObject({
      push: false,
      email: null,
    });
    expect(after.find((p: { kind: string }) => p.kind === "competition_starting")).toMatchObject({
      push: true,
      email: true,
    });
    for (const payload of [
      { preferences: [{ kind: "competition_won", email: true }] },
      { preferences: [{ kind: "nope", push: true }] },
      { preferences: [] },
      {},
    ]) {
      expect((await call("PUT", "/api/notifications/preferences", a.session, payload)).statusCode).toBe(400);
    }
  });

  it("accepts only valid subscriptions on public https endpoints, and deletes only the member's own", async () => {
    const a = await member();
    const b = await member();
    const subscribe = (s: Session, payload: unknown) => call("POST", "/api/push/subscriptions", s, payload);
    const bad = [
      {},
      { endpoint: "https://93.184.216.34/p/1" },
      { endpoint: "https://93.184.216.34/p/1", keys: { ...KEYS, p256dh: "short" } },
      { endpoint: "https://93.184.216.34/p/1", keys: { ...KEYS, p256dh: `C${"A".repeat(86)}` } },
      { endpoint: "https://93.184.216.34/p/1", keys: { ...KEYS, auth: "AAAA" } },
      { endpoint: "not a url", keys: KEYS },
    ];
    for (const payload of bad) expect((await subscribe(a.session, payload)).statusCode).toBe(400);
    const refused = [
      "http://93.184.216.34/p/1",
      "https://127.0.0.1/p",
      "https://localhost:8443/p",
      "https://10.1.2.3/p",
      "https://172.20.0.1/p",
      "https://192.168.1.1/p",
      "https://100.64.0.1/p",
      "https://169.254.169.254/latest/meta-data",
      "https://0.0.0.0/p",
      "https://[::1]/p",
      "https://[fd00:ec2::254]/p",
      "https://[fe80::1]/p",
      "https://[::ffff:127.0.0.1]/p",
      "https://[64:ff9b::a00:1]/p",
      "https://user:pw@93.184.216.34/p",
    ];
    for (const endpoint of refused) {
      const res = await subscribe(a.session, { endpoint, keys: KEYS });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().code).toBe("VALIDATION_ERROR");
    }
    const endpoint = "https://93.184.216.34/push/abc";
    expect((await subscribe(a.session, { endpoint, keys: KEYS, expirationTime: null })).statusCode).toBe(200);
    const del = (s: Session) => call("DELETE", "/api/push/subscriptions", s, { endpoint });
    expect((await del(b.session)).statusCode).toBe(404);
    expect((await del(a.session)).statusCode).toBe(200);
    expect((await del(a.session)).statusCode).toBe(404);
    expect((await call("DELETE", "/api/push/subscriptions", a.session, { endpoint: "x" })).statusCode).toBe(
      400,
    );
  });

  it("forgets the member's push subscriptions with their account", async () => {
    const a = await member();
    const endpoint = "https://93.184.216.34/push/gone-with-account";
    expect(
      (await call("POST", "/api/push/subscriptions", a.session, { endpoint, keys: KEYS })).statusCode,
    ).toBe(200);
    expect(
      (await call("DELETE", "/api/user/account", a.session, { currentPassword: a.user.password })).statusCode,
    ).toBe(200);
    const b = await member();
    // Gone: the endpoint is free, and not the deleted member's to delete any more.
    expect((await call("DELETE", "/api/push/subscriptions", b.session, { endpoint })).statusCode).toBe(404);
    const [row] = await queryRows<{ n: number }>(
      app().ctx.db,
      sql`select count(*)::int as n from push_subscriptions where user_id = ${a.user.id}`,
    );
    expect(row.n).toBe(0);
  });

  it("answers one VAPID public key, made once and kept", async () => {
    const a = await member();
    const first = (await call("GET", "/api/push/public-key", a.session)).json().publicKey;
    expect(first).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect((await call("GET", "/api/push/public-key", a.session)).json().publicKey).toBe(first);
  });
});

describe("push endpoint addresses", () => {
  it("tells public addresses from loopback, private, link-local, unique-local, CGNAT and metadata ones", () => {
    for (const a of ["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111", "64:ff9b::808:808"]) {
      expect(isPublicAddress(a), a).toBe(true);
    }
    for (const a of [
      "127.0.0.1",
      "10.0.0.1",
      "172.31.255.255",
      "192.168.0.1",
      "100.100.100.100",
      "169.254.169.254",
      "0.0.0.0",
      "224.0.0.1",
      "::1",
      "::",
      "fd00:ec2::254",
      "fc00::1",
      "fe80::1",
      "::ffff:10.0.0.1",
      "::ffff:7f00:1",
      "64:ff9b::7f00:1",
      "2002:c0a8:0101::1",
      "not an address",
    ]) {
      expect(isPublicAddress(a), a).toBe(false);
    }
  });
});
