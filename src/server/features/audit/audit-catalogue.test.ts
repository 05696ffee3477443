// Every admin action on what members are offered (gift-card offers, points gift cards, products, ads)
// writes exactly one audit entry; a member sending it is refused and nothing is written (audit-test-kit.ts).
import { beforeAll, describe, expect } from "vitest";
import type { Session } from "../../test/factories";
import { type Case, useAuditKit } from "./audit-test-kit";

describe("audit log: offers, points gift cards, products and ads", () => {
  const kit = useAuditKit();
  const { send, product, ad, offer, rewardCard, laterMonth, created } = kit;
  let admin: Session;
  beforeAll(() => {
    ({ admin } = kit.who);
  });

  const cases: Case[] = [
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
  ];

  kit.eachWritesOneEntry(cases);
  kit.eachRefusedToMembers(cases);
});
