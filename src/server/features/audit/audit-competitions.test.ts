// Every admin action on a competition or a group writes exactly one audit entry; a member sending it
// is refused and nothing is written (audit-test-kit.ts).
import { beforeAll, describe, expect, it } from "vitest";
import { competitionDisputes } from "../../db/schema";
import { type BuiltUser, buildCompetition, fundedMember, type Session } from "../../test/factories";
import { type Case, useAuditKit } from "./audit-test-kit";

describe("audit log: competitions and groups", () => {
  const kit = useAuditKit();
  const { t, app, send, count, entries, now, newMember, competition, othersGroup, groupEdit } = kit;
  let adminUser: BuiltUser;
  let admin: Session;
  beforeAll(() => {
    ({ adminUser, admin } = kit.who);
  });

  const cases: Case[] = [
    {
      action: "competition.create",
      async prepare() {
        const start = new Date(now().getTime() + 3600_000);
        return {
          call: {
            method: "POST",
            url: "/api/admin/competitions",
            payload: {
              name: "Audit Walk",
              description: "Walk",
              entryFee: 10,
              maxParticipants: null,
              startDate: start.toISOString(),
              endDate: new Date(start.getTime() + 86_400_000).toISOString(),
              entryDeadlineHours: null,
            },
          },
          // The new competition's id is only known from the answer: checked below by name.
          expected: {
            targetType: "competition",
            targetId: -1,
            details: { name: "Audit Walk", entryFee: "10.00" },
          },
        };
      },
    },
    {
      action: "competition.edit",
      async prepare() {
        const c = await competition();
        const start = new Date(now().getTime() + 3600_000);
        return {
          call: {
            method: "PUT",
            url: `/api/competitions/${c.id}`,
            payload: {
              name: "Renamed Walk",
              description: "Walk the most steps this week",
              entryFee: null,
              maxParticipants: null,
              startDate: start.toISOString(),
              endDate: new Date(start.getTime() + 7 * 86_400_000).toISOString(),
              entryDeadlineHours: null,
            },
          },
          expected: {
            targetType: "competition",
            targetId: c.id,
            details: { name: { from: "Weekly Walk", to: "Renamed Walk" } },
          },
        };
      },
    },
    {
      action: "competition.delete",
      async prepare() {
        const c = await competition();
        return {
          call: { method: "DELETE", url: `/api/admin/competitions/${c.id}` },
          expected: { targetType: "competition", targetId: c.id, details: { refundedFitcoins: "0.00" } },
        };
      },
    },
    ...(["clear", "disqualify"] as const).map(
      (decision): Case => ({
        action: `competition.${decision}`,
        async prepare() {
          const c = await competition();
          const player = await fundedMember(app(), 0);
          const join = await send(player.session, {
            method: "POST",
            url: `/api/competitions/${c.id}/join`,
            payload: {},
          });
          expect(join.statusCode, join.body).toBe(200);
          return {
            call: {
              method: "POST",
              url: `/api/admin/competitions/${c.id}/participants/${player.user.id}/${decision}`,
            },
            expected: { targetType: "competition", targetId: c.id, targetUserId: player.user.id },
          };
        },
      }),
    ),
    {
      action: "dispute.review",
      async prepare() {
        const c = await competition();
        const m = await newMember();
        const [d] = await app()
          .ctx.db.insert(competitionDisputes)
          .values({
            competitionId: c.id,
            userId: m.id,
            reason: "My evening walk is missing",
            createdAt: now(),
          })
          .returning({ id: competitionDisputes.id });
        return {
          call: { method: "POST", url: `/api/admin/disputes/${d.id}/review` },
          expected: {
            targetType: "dispute",
            targetId: d.id,
            targetUserId: m.id,
            details: { competitionId: c.id },
          },
        };
      },
    },
    {
      action: "settlement.retry",
      async prepare() {
        // Ended a day ago, past the grace period, never settled (the scheduler does not run here).
        const c = await buildCompetition(app(), admin, { entryFee: null }, 3600_000, 1);
        t().clock.set(new Date(now().getTime() + 3 * 86_400_000));
        return {
          call: { method: "POST", url: `/api/admin/competitions/${c.id}/settle` },
          expected: { targetType: "competition", targetId: c.id, details: { outcome: "refunded" } },
        };
      },
    },
    {
      action: "group.edit",
      async prepare() {
        const g = await othersGroup();
        return {
          call: { method: "PUT", url: `/api/groups/${g.id}`, payload: groupEdit() },
          expected: {
            targetType: "group",
            targetId: g.id,
            details: { changes: { name: { from: "Morning Walkers", to: "Evening Walkers" } } },
          },
        };
      },
    },
    {
      action: "group.set_entry_price",
      async prepare() {
        const g = await othersGroup();
        return {
          call: { method: "PATCH", url: `/api/groups/${g.id}/entry-price`, payload: { entryPrice: "20" } },
          expected: {
            targetType: "group",
            targetId: g.id,
            details: { changes: { entryPrice: { from: "15.00", to: "20.00" } } },
          },
        };
      },
    },
    {
      action: "group.new_invite",
      async prepare() {
        const g = await othersGroup();
        return {
          call: { method: "POST", url: `/api/groups/${g.id}/invite` },
          expected: { targetType: "group", targetId: g.id },
        };
      },
    },
    {
      action: "group.set_role",
      async prepare() {
        const g = await othersGroup();
        return {
          call: {
            method: "PUT",
            url: `/api/groups/${g.id}/members/${g.owner.user.id}/role`,
            payload: { role: "member" },
          },
          // The owner is the group's only admin: refused with 409 below; a second member instead.
          expected: { targetType: "group", targetId: g.id, targetUserId: g.owner.user.id },
        };
      },
    },
    {
      action: "group.delete",
      async prepare() {
        const g = await othersGroup();
        return {
          call: { method: "DELETE", url: `/api/groups/${g.id}` },
          expected: { targetType: "group", targetId: g.id, details: { refundedFitcoins: "15.00" } },
        };
      },
    },
  ];

  kit.eachWritesOneEntry(cases.filter((c) => c.action !== "group.set_role"));
  kit.eachRefusedToMembers(cases);

  it("group.set_role: a site admin hands another member the role in someone else's group", async () => {
    const g = await othersGroup();
    const other = await fundedMember(app(), 50);
    const code = (await send(g.owner.session, { method: "POST", url: `/api/groups/${g.id}/invite` })).json()
      .inviteCode;
    expect((await send(other.session, { method: "POST", url: `/api/groups/join/${code}` })).statusCode).toBe(
      200,
    );
    const before = await count();
    const res = await send(admin, {
      method: "PUT",
      url: `/api/groups/${g.id}/members/${other.user.id}/role`,
      payload: { role: "admin" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await count()).toBe(before + 1);
    expect((await entries("group.set_role"))[0]).toMatchObject({
      admin: { id: adminUser.id },
      targetType: "group",
      targetId: g.id,
      targetUser: { id: other.user.id },
      details: { changes: { role: { from: "member", to: "admin" } } },
    });
    // The owner doing the same in their own group is not an admin action.
    const mid = await count();
    expect(
      (
        await send(g.owner.session, {
          method: "PUT",
          url: `/api/groups/${g.id}/members/${other.user.id}/role`,
          payload: { role: "member" },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await send(g.owner.session, { method: "PUT", url: `/api/groups/${g.id}`, payload: groupEdit() }))
        .statusCode,
    ).toBe(200);
    expect(await count()).toBe(mid);
  });
});
