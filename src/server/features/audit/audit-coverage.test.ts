// A refused admin action (400, 404) writes nothing, a repeat that changes nothing writes nothing, and an
// action about a member since deleted stays readable. Each action's own entry: audit-*.test.ts.
import { beforeAll, describe, expect, it } from "vitest";
import type { AuditEntry } from "../../../core/schemas/audit";
import { loginAs, type Session } from "../../test/factories";
import { type Call, useAuditKit } from "./audit-test-kit";

describe("audit log: what is not recorded, and what stays", () => {
  const kit = useAuditKit();
  const { app, send, count, entries, newMember, product, ad, offer, rewardCard } = kit;
  let admin: Session;
  beforeAll(() => {
    ({ admin } = kit.who);
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
