// The audit log's test kit: an app with an admin and a member signed in, the objects admin actions
// act on (made through the routes where they can be), and the two checks every admin action's case
// goes through (audit-*.test.ts): one entry naming the admin, the object, the member and the reason;
// a member refused with 403 and nothing written.
import { sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import type { AuditEntry } from "../../../core/schemas/audit";
import { queryRows } from "../../db/client";
import { giftCardRedemptions } from "../../db/schema";
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

export type Call = { method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE"; url: string; payload?: object };
/** What the entry must hold, besides the acting admin. */
export type Expected = {
  targetType: string;
  targetId: number | null;
  targetUserId?: number | null;
  reason?: string | null;
  details?: Record<string, unknown>;
};
export type Case = {
  action: string;
  /** Makes the object acted on; answers the request and the entry it must write. */
  prepare: () => Promise<{ call: Call; expected: Expected }>;
};

/** Call inside a describe: the app, its admin and member, the object makers and the case checks. */
export function useAuditKit() {
  const t = useTestApp();
  const app = () => t().app;
  /** Signed in before the file's own hooks run. */
  const who = {} as { adminUser: BuiltUser; admin: Session; member: Session };

  beforeAll(async () => {
    who.adminUser = await buildUser(app(), { isAdmin: true });
    who.admin = await loginAs(app(), who.adminUser);
    who.member = await loginAs(app(), await buildUser(app()));
  });
  const send = (s: Session, c: Call) =>
    app().inject({ method: c.method, url: c.url, headers: s.headers, payload: c.payload });
  const count = async () =>
    (await queryRows<{ n: number }>(app().ctx.db, sql`select count(*)::int as n from admin_audit_log`))[0].n;
  const entries = async (action: string): Promise<AuditEntry[]> => {
    const res = await app().inject({
      url: `/api/admin/audit-log?action=${action}&limit=100`,
      headers: who.admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().items;
  };
  const now = () => app().ctx.clock.now();

  const newMember = () => buildUser(app());
  /** An admin grant to the member, through the route; answers its transfer id. */
  async function grantTo(userId: number, amount: number): Promise<number> {
    const res = await send(who.admin, {
      method: "POST",
      url: "/api/admin/add-coins",
      payload: { userId, amount, reason: "Welcome bonus" },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (await entries("fitcoins.grant"))[0].details?.transferId as number;
  }
  const competition = () => buildCompetition(app(), who.admin, { entryFee: null });
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
    const res = await send(who.admin, c);
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

  /** Each case's action writes one entry naming the admin, the object, the member and the reason. */
  function eachWritesOneEntry(cases: Case[]) {
    it.each(cases)(
      "$action: one entry naming the admin, the object, the member and the reason",
      async ({ action, prepare }) => {
        const { call, expected } = await prepare();
        const before = await entries(action);
        const res = await send(who.admin, call);
        expect(res.statusCode, res.body).toBeLessThan(300);
        const after = await entries(action);
        expect(after).toHaveLength(before.length + 1);
        const entry = after[0];
        const targetId = expected.targetId === -1 ? res.json().id : expected.targetId;
        expect(entry).toMatchObject({
          admin: { id: who.adminUser.id, username: who.adminUser.username },
          action,
          targetType: expected.targetType,
          targetId,
          targetUser: expected.targetUserId ? { id: expected.targetUserId } : null,
          reason: expected.reason ?? null,
        });
        if (expected.details) expect(entry.details).toMatchObject(expected.details);
      },
    );
  }

  /** Each case's request, sent by a member: refused with 403, nothing written. */
  function eachRefusedToMembers(cases: Case[]) {
    it.each(cases)("$action: a member is refused with 403 and nothing is written", async ({ prepare }) => {
      const { call } = await prepare();
      const before = await count();
      const res = await send(who.member, call);
      expect(res.statusCode, res.body).toBe(403);
      expect(await count()).toBe(before);
    });
  }

  return {
    t,
    app,
    who,
    send,
    count,
    entries,
    now,
    newMember,
    grantTo,
    competition,
    product,
    ad,
    offer,
    rewardCard,
    laterMonth,
    created,
    othersGroup,
    groupEdit,
    pendingRedemption,
    eachWritesOneEntry,
    eachRefusedToMembers,
  };
}
