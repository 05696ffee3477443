import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import { buildUser, DEVICE, loginAs, type Session } from "../../test/factories";
import { useTestApp } from "../../test/test-app";
import { recordAdminAction } from "./audit.service";

describe("admin audit log", () => {
  const t = useTestApp();
  const app = () => t().app;
  const get = (url: string, s?: Session) => app().inject({ url, headers: s?.headers ?? DEVICE });

  it("lists what admins did, newest first, filtered and paged; members and visitors are refused", async () => {
    const adminUser = await buildUser(app(), { isAdmin: true });
    const other = await buildUser(app(), { isAdmin: true });
    const member = await buildUser(app());
    const admin = await loginAs(app(), adminUser);
    const at = app().ctx.clock.now();
    await recordAdminAction(app().ctx.db, {
      adminId: adminUser.id,
      action: "user.ban",
      targetType: "user",
      targetId: member.id,
      targetUserId: member.id,
      reason: "  Spam in chat  ",
      at,
    });
    await recordAdminAction(app().ctx.db, {
      adminId: other.id,
      action: "competition.delete",
      targetType: "competition",
      targetId: 7,
      details: { refunded: 30 },
      at,
    });
    await recordAdminAction(app().ctx.db, {
      adminId: adminUser.id,
      action: "user.unban",
      targetType: "user",
      targetId: member.id,
      targetUserId: member.id,
      at,
    });

    const all = await get("/api/admin/audit-log", admin);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().items.map((e: { action: string }) => e.action)).toEqual([
      "user.unban",
      "competition.delete",
      "user.ban",
    ]);
    expect(all.json().items[2]).toMatchObject({
      admin: { id: adminUser.id, username: adminUser.username },
      targetType: "user",
      targetId: member.id,
      targetUser: { id: member.id, username: member.username },
      reason: "Spam in chat",
      createdAt: at.toISOString(),
    });
    expect(all.json().items[1]).toMatchObject({ targetUser: null, details: { refunded: 30 } });

    const aboutMember = (await get(`/api/admin/audit-log?targetUserId=${member.id}`, admin)).json();
    expect(aboutMember.items.map((e: { action: string }) => e.action)).toEqual(["user.unban", "user.ban"]);
    const byOther = (await get(`/api/admin/audit-log?adminId=${other.id}`, admin)).json();
    expect(byOther.items.map((e: { action: string }) => e.action)).toEqual(["competition.delete"]);
    const byName = (
      await get(`/api/admin/audit-log?targetUsername=${member.username.toUpperCase()}`, admin)
    ).json();
    expect(byName.items.map((e: { action: string }) => e.action)).toEqual(["user.unban", "user.ban"]);
    const byAdminName = (await get(`/api/admin/audit-log?adminUsername=${other.username}`, admin)).json();
    expect(byAdminName.items.map((e: { action: string }) => e.action)).toEqual(["competition.delete"]);
    expect((await get("/api/admin/audit-log?targetUsername=nobody-at-all", admin)).json().items).toEqual([]);
    const userActions = (await get("/api/admin/audit-log?action=user", admin)).json();
    expect(userActions.items).toHaveLength(2);
    const exact = (await get("/api/admin/audit-log?action=user.ban", admin)).json();
    expect(exact.items).toHaveLength(1);

    const first = (await get("/api/admin/audit-log?limit=2", admin)).json();
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).toBe(first.items[1].id);
    const second = (await get(`/api/admin/audit-log?limit=2&cursor=${first.nextCursor}`, admin)).json();
    expect(second.items.map((e: { action: string }) => e.action)).toEqual(["user.ban"]);
    expect(second.nextCursor).toBeNull();

    expect((await get("/api/admin/audit-log?limit=0", admin)).statusCode).toBe(400);
    expect((await get("/api/admin/audit-log?cursor=2147483648", admin)).statusCode).toBe(400);
    expect((await get("/api/admin/audit-log?from=yesterday", admin)).statusCode).toBe(400);
    expect((await get("/api/admin/audit-log")).statusCode).toBe(401);
    expect((await get("/api/admin/audit-log", await loginAs(app(), member))).statusCode).toBe(403);
  });

  it("is append-only: no update or delete goes through, whoever runs it", async () => {
    const adminUser = await buildUser(app(), { isAdmin: true });
    await recordAdminAction(app().ctx.db, {
      adminId: adminUser.id,
      action: "user.mark_test",
      targetType: "user",
      targetId: adminUser.id,
      at: app().ctx.clock.now(),
    });
    await expect(
      app().ctx.db.execute(sql`update admin_audit_log set reason = 'rewritten'`),
    ).rejects.toThrow();
    await expect(app().ctx.db.execute(sql`delete from admin_audit_log`)).rejects.toThrow();
    const [row] = await queryRows<{ n: number }>(
      app().ctx.db,
      sql`select count(*)::int as n from admin_audit_log`,
    );
    expect(row.n).toBeGreaterThan(0);
  });
});
