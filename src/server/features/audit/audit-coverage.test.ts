// Every admin action writes exactly one audit entry, in its own transaction: who, what, which object,
// the member concerned and the reason; a refused action (403, 400, 404) writes nothing.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { AuditEntry } from "../../../core/schemas/audit";
import { queryRows } from "../../db/client";
import { competitionDisputes, giftCardRedemptions, paymentFlags, stepFlags } from "../../db/schema";
import { systemAccount, userAccount } from "../../ledger/accounts";
import { transfer } from "../../ledger/transfer";
import {
  type BuiltUser,
  buildCompetition,
  buildUser,
  fundedMember,
  loginAs,
  type Session,
} from "../../test/factories";
import { useTestApp } from "../../test/test-app";

type Call = { method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE"; url: string; payload?: object };
/** What the entry must hold, besides the acting admin. */
type Expected = {
  targetType: string;
  targetId: number | null;
  targetUserId?: number | null;
  reason?: string | null;
  details?: Record<string, unknown>;
};
type Case = {
  action: string;
  /** Makes the object acted on; answers the request and the entry it must write. */
  prepare: () => Promise<{ call: Call; expected: Expected }>;
};

describe("audit log coverage of admin actions", () => {
  const t = useTestApp();
  const app = () => t().app;
  let adminUser: BuiltUser;
  let admin: Session;
  let member: Session;

  beforeAll(async () => {
    adminUser = await buildUser(app(), { isAdmin: true });
    admin = await loginAs(app(), adminUser);
    member = await loginAs(app(), await buildUser(app()));
  });

  const send = (s: Session, c: Call) =>
    app().inject({ method: c.method, url: c.url, headers: s.headers, payload: c.payload });
  const count = async () =>
    (await queryRows<{ n: number }>(app().ctx.db, sql`select count(*)::int as n from admin_audit_log`))[0].n;
  const entries = async (action: string): Promise<AuditEntry[]> => {
    const res = await app().inject({
      url: `/api/admin/audit-log?action=${action}&limit=100`,
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().items;
  };
  const now = () => app().ctx.clock.now();

  const newMember = () => buildUser(app());
  /** An admin grant to the member, through the route; answers its transfer id. */
  async function grantTo(userId: number, amount: number): Promise<number> {
    const res = await send(admin, {
      method: "POST",
      url: "/api/admin/add-coins",
      payload: { userId, amount, reason: "Welcome bonus" },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (await entries("fitcoins.grant"))[0].details?.transferId as number;
  }
  const competition = () => buildCompetition(app(), admin, { entryFee: null });
  const product = (over: Record<string, unknown> = {}) => ({
    name: "Trail Runner 3",
    brand: "Stride",
    description: "Light trail shoe.",
    price: 129.99,
    imageUrl: "https://images.example.com/trail-runner.jpg",
    category: "shoes",
    affiliateLink: "https://shop.example.com/trail-runner",
    featured: false,
    rating: 4.5,
    reviewCount: 12,
    ...over,
  });
  const ad = (over: Record<string, unknown> = {}) => ({
    title: "Walk More Shoes",
    content: "Cushioned shoes for every step.",
    placement: "dashboard",
    priority: 5,
    imageUrl: "https://cdn.example.com/ad.png",
    linkUrl: "https://shop.example.com/walk",
    startDate: null,
    endDate: null,
    ...over,
  });
  const offer = (over: Record<string, unknown> = {}) => ({
    // The test clock's month: an offer of an ended month cannot be activated.
    month: new Date().toISOString().slice(0, 7),
    brand: "Amazon",
    description: "Shop millions of items",
    imageUrl: "",
    ...over,
  });
  const rewardCard = (over: Record<string, unknown> = {}) => ({
    name: "Audit $5 Card",
    brand: "Audit",
    value: "5.00",
    pointCost: 5_000,
    description: "A card for the books.",
    // An edit names every field (none reset by being left out).
    imageUrl: null,
    sortOrder: 0,
    providerProductId: null,
    ...over,
  });
  /** A month of its own for each offer scheduled (one offer per month), 1, 2, 3 ... months ahead. */
  let monthsAhead = 0;
  const laterMonth = () => {
    const d = new Date();
    monthsAhead++;
    return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + monthsAhead, 1)).toISOString().slice(0, 7);
  };
  async function created(c: Call): Promise<number> {
    const res = await send(admin, c);
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json().id;
  }
  /** A group whose creator is a member, not the acting site admin. */
  async function othersGroup() {
    const owner = await fundedMember(app(), 50);
    const res = await send(owner.session, {
      method: "POST",
      url: "/api/groups",
      payload: { name: "Morning Walkers", description: "Early birds" },
    });
    expect(res.statusCode, res.body).toBe(201);
    return { id: res.json().id as number, owner };
  }
  const groupEdit = (over: Record<string, unknown> = {}) => ({
    name: "Evening Walkers",
    description: "Early birds",
    poolGoal: null,
    poolEntryPrice: 15,
    competitionStartDate: null,
    competitionEndDate: null,
    ...over,
  });

  /**
   * A FitCoin redemption paid for whose order was never placed (the built-in provider here has
   * none under its reference), as a provider outage leaves it.
   */
  async function pendingRedemption() {
    const m = await fundedMember(app(), 50);
    const requestKey = `redeem:FC:${m.user.id}:audit-${m.user.id}`;
    return app().ctx.db.transaction(async (tx) => {
      const moved = await transfer(tx, {
        from: await userAccount(tx, m.user.id, "FC"),
        to: await systemAccount(tx, "fitcoinRedemptions"),
        amount: 5000,
        currency: "FC",
        kind: "redemption",
        description: "Audit $50 Gift Card",
        userId: m.user.id,
        idempotencyKey: requestKey,
      });
      const [row] = await tx
        .insert(giftCardRedemptions)
        .values({
          userId: m.user.id,
          currency: "FC",
          brand: "Audit",
          name: "Audit $50 Gift Card",
          valueCents: 5000,
          cost: 5000,
          deliveryEmail: m.user.email,
          requestKey,
          transferId: moved.id,
          createdAt: now(),
          nextCheckAt: now(),
        })
        .returning({ id: giftCardRedemptions.id });
      return { id: row.id, userId: m.user.id };
    });
  }

  const cases: Case[] = [
    {
      action: "fitcoins.grant",
      async prepare() {
        const m = await newMember();
        return {
          call: {
            method: "POST",
            url: "/api/admin/add-coins",
            payload: { userId: m.id, amount: 25, reason: "Make-good for the outage" },
          },
          expected: {
            targetType: "user",
            targetId: m.id,
            targetUserId: m.id,
            reason: "Make-good for the outage",
            details: { fitcoins: 25 },
          },
        };
      },
    },
    {
      action: "fitcoins.reverse",
      async prepare() {
        const m = await newMember();
        const grantId = await grantTo(m.id, 12);
        return {
          call: {
            method: "POST",
            url: `/api/admin/transfers/${grantId}/reverse`,
            payload: { reason: "Granted twice by mistake" },
          },
          expected: {
            targetType: "transfer",
            targetId: grantId,
            targetUserId: m.id,
            reason: "Granted twice by mistake",
            details: { fitcoins: 12, grantTransferId: grantId },
          },
        };
      },
    },
    {
      action: "ledger.export",
      async prepare() {
        return {
          call: {
            method: "GET",
            url: "/api/admin/finance/transfers.csv?from=2020-01-01&to=2020-02-01",
          },
          expected: {
            targetType: "ledger",
            targetId: null,
            details: { from: "2020-01-01T00:00:00.000Z", to: "2020-02-01T00:00:00.000Z" },
          },
        };
      },
    },
    {
      action: "deposits.reconcile",
      async prepare() {
        return {
          call: { method: "POST", url: "/api/admin/global-reconcile" },
          expected: { targetType: "deposits", targetId: null, details: { recovered: 0 } },
        };
      },
    },
    {
      action: "payment_flag.review",
      async prepare() {
        const m = await newMember();
        const [flag] = await app()
          .ctx.db.insert(paymentFlags)
          .values({
            userId: m.id,
            provider: "stripe",
            providerPaymentId: "pi_audit",
            purpose: "deposit",
            reason: "dispute",
            reference: `dp_audit_${m.id}`,
            amountCents: 4000,
            shortfallCents: 0,
            createdAt: now(),
          })
          .returning({ id: paymentFlags.id });
        return {
          call: { method: "POST", url: `/api/admin/payment-flags/${flag.id}/review` },
          expected: {
            targetType: "payment_flag",
            targetId: flag.id,
            targetUserId: m.id,
            details: { usd: "40.00", reason: "dispute" },
          },
        };
      },
    },
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
    {
      action: "offer.create",
      async prepare() {
        return {
          call: {
            method: "POST",
            url: "/api/admin/gift-card-offers",
            payload: offer({ brand: "Audit Books" }),
          },
          expected: { targetType: "offer", targetId: -1, details: { brand: "Audit Books" } },
        };
      },
    },
    {
      action: "offer.edit",
      async prepare() {
        const id = await created({ method: "POST", url: "/api/admin/gift-card-offers", payload: offer() });
        return {
          call: {
            method: "PUT",
            url: `/api/admin/gift-card-offers/${id}`,
            payload: offer({ brand: "Target" }),
          },
          expected: {
            targetType: "offer",
            targetId: id,
            details: { changes: { brand: { from: "Amazon", to: "Target" } } },
          },
        };
      },
    },
    {
      action: "offer.activate",
      async prepare() {
        const id = await created({ method: "POST", url: "/api/admin/gift-card-offers", payload: offer() });
        return {
          call: { method: "POST", url: `/api/admin/gift-card-offers/${id}/activate` },
          expected: { targetType: "offer", targetId: id, details: { brand: "Amazon" } },
        };
      },
    },
    {
      action: "offer.schedule",
      async prepare() {
        const id = await created({
          method: "POST",
          url: "/api/admin/gift-card-offers",
          payload: offer({ month: laterMonth() }),
        });
        return {
          call: { method: "POST", url: `/api/admin/gift-card-offers/${id}/schedule` },
          expected: { targetType: "offer", targetId: id, details: { brand: "Amazon", startedNow: false } },
        };
      },
    },
    {
      action: "offer.end",
      async prepare() {
        const id = await created({ method: "POST", url: "/api/admin/gift-card-offers", payload: offer() });
        expect(
          (await send(admin, { method: "POST", url: `/api/admin/gift-card-offers/${id}/activate` }))
            .statusCode,
        ).toBe(200);
        return {
          call: { method: "POST", url: `/api/admin/gift-card-offers/${id}/end` },
          expected: { targetType: "offer", targetId: id, details: { brand: "Amazon", was: "active" } },
        };
      },
    },
    {
      action: "reward_card.create",
      async prepare() {
        return {
          call: { method: "POST", url: "/api/admin/reward-gift-cards", payload: rewardCard() },
          expected: {
            targetType: "reward_card",
            targetId: -1,
            details: { name: "Audit $5 Card", value: "5.00" },
          },
        };
      },
    },
    {
      action: "reward_card.edit",
      async prepare() {
        const id = await created({
          method: "POST",
          url: "/api/admin/reward-gift-cards",
          payload: rewardCard(),
        });
        return {
          call: {
            method: "PUT",
            url: `/api/admin/reward-gift-cards/${id}`,
            payload: rewardCard({ pointCost: 6_000 }),
          },
          expected: {
            targetType: "reward_card",
            targetId: id,
            details: { changes: { pointCost: { from: 5_000, to: 6_000 } } },
          },
        };
      },
    },
    {
      action: "reward_card.deactivate",
      async prepare() {
        const id = await created({
          method: "POST",
          url: "/api/admin/reward-gift-cards",
          payload: rewardCard(),
        });
        return {
          call: { method: "POST", url: `/api/admin/reward-gift-cards/${id}/deactivate` },
          expected: { targetType: "reward_card", targetId: id },
        };
      },
    },
    {
      action: "reward_card.activate",
      async prepare() {
        const id = await created({
          method: "POST",
          url: "/api/admin/reward-gift-cards",
          payload: rewardCard({ active: false }),
        });
        return {
          call: { method: "POST", url: `/api/admin/reward-gift-cards/${id}/activate` },
          expected: { targetType: "reward_card", targetId: id },
        };
      },
    },
    {
      action: "reward_card.delete",
      async prepare() {
        const id = await created({
          method: "POST",
          url: "/api/admin/reward-gift-cards",
          payload: rewardCard(),
        });
        return {
          call: { method: "DELETE", url: `/api/admin/reward-gift-cards/${id}` },
          expected: { targetType: "reward_card", targetId: id, details: { name: "Audit $5 Card" } },
        };
      },
    },
    {
      action: "product.create",
      async prepare() {
        return {
          call: {
            method: "POST",
            url: "/api/admin/marketplace/items",
            payload: product({ name: "Audit Shoe" }),
          },
          expected: {
            targetType: "product",
            targetId: -1,
            details: { name: "Audit Shoe", priceUsd: "129.99" },
          },
        };
      },
    },
    {
      action: "product.edit",
      async prepare() {
        const id = await created({ method: "POST", url: "/api/admin/marketplace/items", payload: product() });
        return {
          call: {
            method: "PUT",
            url: `/api/admin/marketplace/items/${id}`,
            payload: product({ price: 99.5 }),
          },
          expected: {
            targetType: "product",
            targetId: id,
            details: { changes: { priceCents: { from: 12999, to: 9950 } } },
          },
        };
      },
    },
    {
      action: "product.delete",
      async prepare() {
        const id = await created({ method: "POST", url: "/api/admin/marketplace/items", payload: product() });
        return {
          call: { method: "DELETE", url: `/api/admin/marketplace/items/${id}` },
          expected: { targetType: "product", targetId: id, details: { name: "Trail Runner 3" } },
        };
      },
    },
    {
      action: "ad.create",
      async prepare() {
        return {
          call: { method: "POST", url: "/api/ads", payload: ad({ title: "Audit Ad" }) },
          expected: { targetType: "ad", targetId: -1, details: { title: "Audit Ad" } },
        };
      },
    },
    {
      action: "ad.edit",
      async prepare() {
        const id = await created({ method: "POST", url: "/api/ads", payload: ad() });
        return {
          call: { method: "PUT", url: `/api/ads/${id}`, payload: ad({ priority: 9 }) },
          expected: {
            targetType: "ad",
            targetId: id,
            details: { changes: { priority: { from: 5, to: 9 } } },
          },
        };
      },
    },
    {
      action: "ad.delete",
      async prepare() {
        const id = await created({ method: "POST", url: "/api/ads", payload: ad() });
        return {
          call: { method: "DELETE", url: `/api/ads/${id}` },
          expected: { targetType: "ad", targetId: id, details: { title: "Walk More Shoes" } },
        };
      },
    },
    {
      action: "ad.deactivate",
      async prepare() {
        const id = await created({ method: "POST", url: "/api/ads", payload: ad() });
        return {
          call: { method: "POST", url: "/api/ads/bulk-toggle", payload: { ids: [id], isActive: false } },
          expected: { targetType: "ad", targetId: id, details: { bulk: true } },
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
    {
      action: "redemption.retry",
      async prepare() {
        const r = await pendingRedemption();
        return {
          call: { method: "POST", url: `/api/admin/redemptions/${r.id}/retry` },
          expected: {
            targetType: "redemption",
            targetId: r.id,
            targetUserId: r.userId,
            details: { from: "pending", to: "fulfilled" },
          },
        };
      },
    },
    {
      action: "redemption.refund",
      async prepare() {
        const r = await pendingRedemption();
        return {
          call: {
            method: "POST",
            url: `/api/admin/redemptions/${r.id}/refund`,
            payload: { reason: "The member asked for their FitCoins" },
          },
          expected: {
            targetType: "redemption",
            targetId: r.id,
            targetUserId: r.userId,
            reason: "The member asked for their FitCoins",
            details: { refunded: "50.00", provider: "missing" },
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
  ];

  it.each(cases.filter((c) => c.action !== "group.set_role"))(
    "$action: one entry naming the admin, the object, the member and the reason",
    async ({ action, prepare }) => {
      const { call, expected } = await prepare();
      const before = await entries(action);
      const res = await send(admin, call);
      expect(res.statusCode, res.body).toBeLessThan(300);
      const after = await entries(action);
      expect(after).toHaveLength(before.length + 1);
      const entry = after[0];
      const targetId = expected.targetId === -1 ? res.json().id : expected.targetId;
      expect(entry).toMatchObject({
        admin: { id: adminUser.id, username: adminUser.username },
        action,
        targetType: expected.targetType,
        targetId,
        targetUser: expected.targetUserId ? { id: expected.targetUserId } : null,
        reason: expected.reason ?? null,
      });
      if (expected.details) expect(entry.details).toMatchObject(expected.details);
    },
  );

  it("redemption.refund_refused: a refund refused because the card was issued is recorded, with its reason", async () => {
    const r = await pendingRedemption();
    const retried = await send(admin, { method: "POST", url: `/api/admin/redemptions/${r.id}/retry` });
    expect(retried.json().redemption.status).toBe("fulfilled");
    const res = await send(admin, {
      method: "POST",
      url: `/api/admin/redemptions/${r.id}/refund`,
      payload: { reason: "Member says the code never came" },
    });
    expect(res.statusCode).toBe(409);
    expect((await entries("redemption.refund_refused"))[0]).toMatchObject({
      admin: { id: adminUser.id },
      targetType: "redemption",
      targetId: r.id,
      targetUser: { id: r.userId },
      reason: "Member says the code never came",
      details: { why: "issued", status: "fulfilled" },
    });
  });

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

  it.each(cases)("$action: a member is refused with 403 and nothing is written", async ({ prepare }) => {
    const { call } = await prepare();
    const before = await count();
    const res = await send(member, call);
    expect(res.statusCode, res.body).toBe(403);
    expect(await count()).toBe(before);
  });

  it.each<[string, Call, number]>([
    [
      "fitcoins.grant of a negative amount",
      { method: "POST", url: "/api/admin/add-coins", payload: { userId: 1, amount: -5, reason: "x" } },
      400,
    ],
    [
      "fitcoins.grant without a reason",
      { method: "POST", url: "/api/admin/add-coins", payload: { userId: 1, amount: 5 } },
      400,
    ],
    [
      "fitcoins.reverse of nothing",
      { method: "POST", url: "/api/admin/transfers/999999999/reverse", payload: { reason: "x" } },
      404,
    ],
    [
      "fitcoins.reverse without a reason",
      { method: "POST", url: "/api/admin/transfers/1/reverse", payload: { reason: " " } },
      400,
    ],
    [
      "ledger.export of a backwards range",
      { method: "GET", url: "/api/admin/finance/transfers.csv?from=2020-02-01&to=2020-01-01" },
      400,
    ],
    [
      "fitcoins.grant to nobody",
      { method: "POST", url: "/api/admin/add-coins", payload: { userId: 999_999, amount: 5, reason: "x" } },
      404,
    ],
    ["user.mark_test of nobody", { method: "PATCH", url: "/api/admin/users/999999/mark-test" }, 404],
    ["user.delete of a bad id", { method: "DELETE", url: "/api/admin/users/abc" }, 400],
    [
      "competition.create with no name",
      { method: "POST", url: "/api/admin/competitions", payload: { name: "" } },
      400,
    ],
    ["competition.delete of nothing", { method: "DELETE", url: "/api/admin/competitions/999999" }, 404],
    ["report.review of nothing", { method: "POST", url: "/api/admin/reports/999999/review" }, 404],
    ["dispute.review of nothing", { method: "POST", url: "/api/admin/disputes/999999/review" }, 404],
    [
      "step_flag.review of nobody flagged",
      { method: "POST", url: "/api/admin/step-flags/999999/review" },
      404,
    ],
    [
      "payment_flag.review of nothing",
      { method: "POST", url: "/api/admin/payment-flags/999999/review" },
      404,
    ],
    [
      "product.edit of nothing",
      { method: "PUT", url: "/api/admin/marketplace/items/999999", payload: product() },
      404,
    ],
    ["product.delete of nothing", { method: "DELETE", url: "/api/admin/marketplace/items/999999" }, 404],
    ["ad.edit of nothing", { method: "PUT", url: "/api/ads/999999", payload: ad() }, 404],
    ["ad.create with no title", { method: "POST", url: "/api/ads", payload: ad({ title: "" }) }, 400],
    [
      "offer.edit of nothing",
      { method: "PUT", url: "/api/admin/gift-card-offers/999999", payload: offer() },
      404,
    ],
    [
      "offer.activate of nothing",
      { method: "POST", url: "/api/admin/gift-card-offers/999999/activate" },
      404,
    ],
    [
      "offer.schedule of nothing",
      { method: "POST", url: "/api/admin/gift-card-offers/999999/schedule" },
      404,
    ],
    ["offer.end of nothing", { method: "POST", url: "/api/admin/gift-card-offers/999999/end" }, 404],
    [
      "reward_card.create with no name",
      { method: "POST", url: "/api/admin/reward-gift-cards", payload: rewardCard({ name: "" }) },
      400,
    ],
    [
      "reward_card.edit of nothing",
      { method: "PUT", url: "/api/admin/reward-gift-cards/999999", payload: rewardCard() },
      404,
    ],
    [
      "reward_card.deactivate of nothing",
      { method: "POST", url: "/api/admin/reward-gift-cards/999999/deactivate" },
      404,
    ],
    ["reward_card.delete of nothing", { method: "DELETE", url: "/api/admin/reward-gift-cards/999999" }, 404],
    [
      "offer.create priced below its value",
      {
        method: "POST",
        url: "/api/admin/gift-card-offers",
        payload: offer({ value50: "60", fitcoins50: "50" }),
      },
      400,
    ],
    ["group.delete of nothing", { method: "DELETE", url: "/api/groups/999999" }, 404],
    ["redemption.retry of nothing", { method: "POST", url: "/api/admin/redemptions/999999/retry" }, 404],
    ["redemption.refund of nothing", { method: "POST", url: "/api/admin/redemptions/999999/refund" }, 404],
    ["redemption.refund of a bad id", { method: "POST", url: "/api/admin/redemptions/abc/refund" }, 400],
  ])("%s: refused, nothing written", async (_name, call, status) => {
    const before = await count();
    const res = await send(admin, call);
    expect(res.statusCode, res.body).toBe(status);
    expect(await count()).toBe(before);
  });

  it("writes nothing for a repeat that changes nothing: the same grant retried, a report reviewed twice", async () => {
    const m = await newMember();
    const grant: Call = {
      method: "POST",
      url: "/api/admin/add-coins",
      payload: { userId: m.id, amount: 5, reason: "Retried" },
    };
    const keyed = (c: Call) =>
      app().inject({
        method: c.method,
        url: c.url,
        headers: { ...admin.headers, "idempotency-key": "audit-retry-1" },
        payload: c.payload,
      });
    expect((await keyed(grant)).statusCode).toBe(200);
    const before = await count();
    expect((await keyed(grant)).statusCode).toBe(200);
    expect(await count()).toBe(before);

    const reporter = await loginAs(app(), await newMember());
    const report = await send(reporter, {
      method: "POST",
      url: "/api/users/report",
      payload: { reportedId: m.username, reason: "spam" },
    });
    const review: Call = { method: "POST", url: `/api/admin/reports/${report.json().id}/review` };
    expect((await send(admin, review)).statusCode).toBe(200);
    const once = await count();
    expect((await send(admin, review)).statusCode).toBe(200);
    expect(await count()).toBe(once);
  });

  it("records an action about a member who has since been deleted (anonymised)", async () => {
    const m = await newMember();
    const reporter = await loginAs(app(), await newMember());
    const report = await send(reporter, {
      method: "POST",
      url: "/api/users/report",
      payload: { reportedId: m.username, reason: "harassment" },
    });
    expect((await send(admin, { method: "DELETE", url: `/api/admin/users/${m.id}` })).statusCode).toBe(200);
    const res = await send(admin, { method: "POST", url: `/api/admin/reports/${report.json().id}/review` });
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = await entries("report.review");
    expect(entry.targetUser).toEqual({ id: m.id, username: `deleted-${m.id}` });
    const history = await app().inject({
      url: `/api/admin/audit-log?targetUserId=${m.id}`,
      headers: admin.headers,
    });
    expect(history.json().items.map((e: AuditEntry) => e.action)).toEqual(["report.review", "user.delete"]);
  });
});
