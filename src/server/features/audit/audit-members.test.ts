// Every admin action on a member (test accounts, deletions, step flags, reports) writes exactly one
// audit entry; a member sending it is refused and nothing is written (audit-test-kit.ts).
import { beforeAll, describe, expect } from "vitest";
import { stepFlags } from "../../db/schema";
import { buildUser, loginAs, type Session } from "../../test/factories";
import { type Case, useAuditKit } from "./audit-test-kit";

describe("audit log: members (test accounts, deletions, step flags, reports)", () => {
  const kit = useAuditKit();
  const { app, send, now, newMember } = kit;
  let admin: Session;
  beforeAll(() => {
    ({ admin } = kit.who);
  });

  const cases: Case[] = [
    {
      action: "user.mark_test",
      async prepare() {
        const m = await newMember();
        return {
          call: { method: "PATCH", url: `/api/admin/users/${m.id}/mark-test` },
          expected: { targetType: "user", targetId: m.id, targetUserId: m.id },
        };
      },
    },
    {
      action: "user.unmark_test",
      async prepare() {
        const m = await newMember();
        expect(
          (await send(admin, { method: "PATCH", url: `/api/admin/users/${m.id}/mark-test` })).statusCode,
        ).toBe(200);
        return {
          call: { method: "PATCH", url: `/api/admin/users/${m.id}/unmark-test` },
          expected: { targetType: "user", targetId: m.id, targetUserId: m.id },
        };
      },
    },
    {
      action: "user.delete",
      async prepare() {
        const m = await newMember();
        return {
          call: { method: "DELETE", url: `/api/admin/users/${m.id}` },
          expected: { targetType: "user", targetId: m.id, targetUserId: m.id },
        };
      },
    },
    {
      action: "test_accounts.delete",
      async prepare() {
        const m = await buildUser(app(), { subscribed: false });
        expect(
          (await send(admin, { method: "PATCH", url: `/api/admin/users/${m.id}/mark-test` })).statusCode,
        ).toBe(200);
        return {
          call: { method: "DELETE", url: "/api/admin/test-accounts", payload: { shownIds: [m.id] } },
          expected: { targetType: "user", targetId: m.id, targetUserId: m.id },
        };
      },
    },
    {
      action: "step_flag.review",
      async prepare() {
        const m = await newMember();
        await app()
          .ctx.db.insert(stepFlags)
          .values({ userId: m.id, flaggedAt: now(), reason: "3 implausible step syncs" });
        return {
          call: { method: "POST", url: `/api/admin/step-flags/${m.id}/review` },
          expected: {
            targetType: "step_flag",
            targetId: m.id,
            targetUserId: m.id,
            details: { flag: "3 implausible step syncs" },
          },
        };
      },
    },
    {
      action: "report.review",
      async prepare() {
        const reported = await newMember();
        const reporter = await loginAs(app(), await newMember());
        const res = await send(reporter, {
          method: "POST",
          url: "/api/users/report",
          payload: { reportedId: reported.username, reason: "spam" },
        });
        expect(res.statusCode, res.body).toBe(201);
        const id = res.json().id;
        return {
          call: { method: "POST", url: `/api/admin/reports/${id}/review` },
          expected: {
            targetType: "report",
            targetId: id,
            targetUserId: reported.id,
            details: { report: "spam" },
          },
        };
      },
    },
  ];

  kit.eachWritesOneEntry(cases);
  kit.eachRefusedToMembers(cases);
});
