// Every admin action on money (grants, reversals, the books, payments, gift-card orders) writes exactly
// one audit entry; a member sending it is refused and nothing is written (audit-test-kit.ts).
import { beforeAll, describe, expect, it } from "vitest";
import { paymentFlags } from "../../db/schema";
import type { BuiltUser, Session } from "../../test/factories";
import { type Case, useAuditKit } from "./audit-test-kit";

describe("audit log: money (grants, reversals, the books, payments, gift-card orders)", () => {
  const kit = useAuditKit();
  const { app, send, entries, now, newMember, grantTo, pendingRedemption } = kit;
  let adminUser: BuiltUser;
  let admin: Session;
  beforeAll(() => {
    ({ adminUser, admin } = kit.who);
  });

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
  ];

  kit.eachWritesOneEntry(cases);
  kit.eachRefusedToMembers(cases);

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
});
