import { describe, expect, it } from "vitest";
import { stepFlags } from "../../db/schema";
import { buildUser, DEVICE, fundWallet, grantFitcoins, loginAs } from "../../test/factories";
import { useTestApp } from "../../test/test-app";
import { maskFingerprint } from "./member-page.service";

describe("the member page for admins", () => {
  const t = useTestApp();
  const app = () => t().app;
  const get = (url: string, headers: Record<string, string>) => app().inject({ url, headers });
  const del = (url: string, headers: Record<string, string>) =>
    app().inject({ method: "DELETE", url, headers });

  it("answers 401 to visitors, 403 to members, 404 for an unknown member, 400 for a bad id", async () => {
    const a = await loginAs(app(), await buildUser(app(), { isAdmin: true }));
    const member = await buildUser(app());
    const m = await loginAs(app(), member);
    const urls = [
      ["GET", `/api/admin/users/${member.id}`],
      ["GET", `/api/admin/users/${member.id}/transactions`],
      ["DELETE", `/api/admin/users/${member.id}/sessions/1`],
      ["DELETE", `/api/admin/users/${member.id}/sessions`],
      ["POST", `/api/admin/users/${member.id}/reconcile-deposits`],
    ] as const;
    for (const [method, url] of urls) {
      const call = (headers: Record<string, string>) => app().inject({ method, url, headers });
      expect((await call(DEVICE)).statusCode, url).toBe(401);
      expect((await call(m.headers)).statusCode, url).toBe(403);
      const unknown = app().inject({
        method,
        url: url.replace(`/users/${member.id}`, "/users/999999"),
        headers: a.headers,
      });
      expect((await unknown).statusCode, url).toBe(404);
      const bad = app().inject({
        method,
        url: url.replace(`/users/${member.id}`, "/users/x"),
        headers: a.headers,
      });
      expect((await bad).statusCode, url).toBe(400);
    }
    expect((await get(`/api/admin/users/${member.id}/transactions?limit=0`, a.headers)).statusCode).toBe(400);
  });

  it("shows profile, subscription, balances, flags, reports, sessions and the ban", async () => {
    const a = await loginAs(app(), await buildUser(app(), { isAdmin: true }));
    const member = await buildUser(app(), { firstName: "Rita" });
    await fundWallet(app(), member.id, 1_250);
    await grantFitcoins(app(), member.id, 300);
    await app().ctx.db.insert(stepFlags).values({
      userId: member.id,
      flaggedAt: app().ctx.clock.now(),
      reason: "3 implausible step syncs",
    });
    const other = await buildUser(app());
    const o = await loginAs(app(), other);
    await app().inject({
      method: "POST",
      url: "/api/users/report",
      headers: o.headers,
      payload: { reportedId: member.username, reason: "spam" },
    });
    const phone = await loginAs(app(), member, "0123456789abcdef0123456789abcdef");
    await app().inject({
      method: "POST",
      url: `/api/admin/users/${member.id}/ban`,
      headers: a.headers,
      payload: { reason: "Spam" },
    });
    // Banned: no session left; sign in again after unban for a live one.
    await app().inject({ method: "POST", url: `/api/admin/users/${member.id}/unban`, headers: a.headers });
    expect((await get("/api/auth/user", phone.headers)).statusCode).toBe(401);
    await loginAs(app(), member, "0123456789abcdef0123456789abcdef");

    const res = await get(`/api/admin/users/${member.id}`, a.headers);
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d.profile).toMatchObject({
      id: member.id,
      username: member.username,
      firstName: "Rita",
      deleted: false,
    });
    // The ban stopped the membership renewing (the member could not sign in to cancel it), and
    // lifting it turned renewal back on (issue 32).
    expect(d.subscription).toMatchObject({
      status: "active",
      plan: "Monthly, $6.99",
      provider: "sandbox",
    });
    expect(d.balances).toEqual({ usd: "12.50", fitcoins: "3.00", points: 0 });
    expect(d.ban).toBeNull();
    expect(d.stepFlags).toEqual([
      expect.objectContaining({ reason: "3 implausible step syncs", reviewedAt: null }),
    ]);
    expect(d.reportsAbout).toEqual([
      expect.objectContaining({ reason: "spam", other: { id: other.id, username: other.username } }),
    ]);
    expect(d.reportsBy).toEqual([]);
    expect(d.sessions).toEqual([expect.objectContaining({ device: "0123••••••••cdef" })]);
    expect(JSON.stringify(d)).not.toContain("tokenHash");

    await app().inject({
      method: "POST",
      url: `/api/admin/users/${member.id}/ban`,
      headers: a.headers,
      payload: { reason: "Spam again" },
    });
    const banned = (await get(`/api/admin/users/${member.id}`, a.headers)).json();
    expect(banned.ban).toMatchObject({ reason: "Spam again" });
    expect(banned.sessions).toEqual([]);
  });

  it("pages the ledger history by cursor", async () => {
    const a = await loginAs(app(), await buildUser(app(), { isAdmin: true }));
    const member = await buildUser(app());
    for (let i = 1; i <= 5; i++) await fundWallet(app(), member.id, i * 100);
    const page = (q: string) => get(`/api/admin/users/${member.id}/transactions${q}`, a.headers);
    const first = (await page("?limit=2")).json();
    expect(first.items.map((i: { amount: string }) => i.amount)).toEqual(["+5.00", "+4.00"]);
    const second = (await page(`?limit=2&cursor=${first.nextCursor}`)).json();
    expect(second.items.map((i: { amount: string }) => i.amount)).toEqual(["+3.00", "+2.00"]);
    // The membership payment by card is in the history too (source "card").
    const rest = (await page(`?limit=10&cursor=${second.nextCursor}`)).json();
    expect(rest.items.map((i: { amount: string }) => i.amount)).toContain("+1.00");
    expect(rest.nextCursor).toBeNull();
  });

  it("ends one session or all of them, each recorded as session.end", async () => {
    const a = await loginAs(app(), await buildUser(app(), { isAdmin: true }));
    const member = await buildUser(app());
    const s1 = await loginAs(app(), member);
    const s2 = await loginAs(app(), member);
    const s3 = await loginAs(app(), member);
    const sessions = (await get(`/api/admin/users/${member.id}`, a.headers)).json().sessions as {
      id: number;
    }[];
    expect(sessions).toHaveLength(3);
    const newest = sessions[0].id;
    const one = await del(`/api/admin/users/${member.id}/sessions/${newest}`, a.headers);
    expect(one.json().message).toBe("1 session ended");
    expect((await get("/api/auth/user", s3.headers)).statusCode).toBe(401);
    expect((await get("/api/auth/user", s1.headers)).statusCode).toBe(200);
    expect((await del(`/api/admin/users/${member.id}/sessions/${newest}`, a.headers)).statusCode).toBe(404);
    // Another member's session id is not this member's.
    const stranger = await buildUser(app());
    await loginAs(app(), stranger);
    const theirs = (await get(`/api/admin/users/${stranger.id}`, a.headers)).json().sessions[0].id;
    expect((await del(`/api/admin/users/${member.id}/sessions/${theirs}`, a.headers)).statusCode).toBe(404);

    const all = await del(`/api/admin/users/${member.id}/sessions`, a.headers);
    expect(all.json().message).toBe("2 sessions ended");
    for (const s of [s1, s2]) expect((await get("/api/auth/user", s.headers)).statusCode).toBe(401);
    const log = (await get(`/api/admin/audit-log?targetUserId=${member.id}`, a.headers)).json();
    expect(log.items.map((e: { action: string; targetId: number | null }) => [e.action, e.targetId])).toEqual(
      [
        ["session.end", null],
        ["session.end", newest],
      ],
    );
  });

  it("runs the Current User Check for the member", async () => {
    const a = await loginAs(app(), await buildUser(app(), { isAdmin: true }));
    const member = await buildUser(app());
    const res = await app().inject({
      method: "POST",
      url: `/api/admin/users/${member.id}/reconcile-deposits`,
      headers: a.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ missingDepositsFound: 0, depositsRecovered: 0 });
    expect(res.json().message).toContain(member.username);
  });

  it("finds members by first or last name too", async () => {
    const a = await loginAs(app(), await buildUser(app(), { isAdmin: true }));
    const zelda = await buildUser(app(), { firstName: "Zeldaquist" });
    const found = (await get("/api/admin/users?search=zeldaq", a.headers)).json();
    expect(found.map((u: { id: number }) => u.id)).toEqual([zelda.id]);
    const full = (await get("/api/admin/users?search=Zeldaquist%20Member", a.headers)).json();
    expect(full.map((u: { id: number }) => u.id)).toEqual([zelda.id]);
    expect(found[0].isBanned).toBe(false);
  });

  it("masks a device fingerprint but its ends", () => {
    expect(maskFingerprint("0123456789abcdef0123456789abcdef")).toBe("0123••••••••cdef");
    expect(maskFingerprint("short")).toBe("•••••");
    expect(maskFingerprint(null)).toBeNull();
  });
});
