import { eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { formatMinor } from "../../../core/money";
import { ledgerAccounts, ledgerTransfers, sandboxPaymentIntents, users } from "../../db/schema";
import { systemBalance, userBalances } from "../../ledger/accounts";
import { buildUser, fundWallet, loginAs, type Session } from "../../test/factories";
import { expectBooksBalanced, useTestApp } from "../../test/test-app";

describe("admin money tools", () => {
  const t = useTestApp();

  async function signedIn(overrides: { isAdmin?: boolean } = {}) {
    const user = await buildUser(t().app, overrides);
    return { ...user, session: await loginAs(t().app, user) };
  }

  const post = (url: string, session: Session | undefined, payload?: Record<string, unknown>) =>
    t().app.inject({ method: "POST", url, headers: session?.headers, ...(payload ? { payload } : {}) });
  const get = (url: string, session: Session | undefined) =>
    t().app.inject({ url, headers: session?.headers });

  describe("GET /api/admin/platform-fees", () => {
    it("shows the fees account's total, the fee count and the newest fees with their member", async () => {
      const admin = await signedIn({ isAdmin: true });
      const before = (await get("/api/admin/platform-fees", admin.session)).json();
      const feesBefore = await systemBalance(t().app.ctx.db, "platformFees");
      const payer = await signedIn();
      await fundWallet(t().app, payer.id, 3000);
      expect((await post("/api/fitcoin/purchase", payer.session, { amount: 10 })).statusCode).toBe(200);
      expect((await post("/api/fitcoin/purchase", payer.session, { amount: 20 })).statusCode).toBe(200);

      const res = await get("/api/admin/platform-fees", admin.session);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.count).toBe(before.count + 2);
      const feesAfter = await systemBalance(t().app.ctx.db, "platformFees");
      expect(feesAfter - feesBefore).toBe(450);
      expect(body.totalBalance).toBe(formatMinor(feesAfter));
      expect(body.recentTransactions.slice(0, 2)).toEqual([
        {
          id: expect.any(Number),
          amount: "3.00",
          username: payer.username,
          createdAt: expect.any(String),
          status: "completed",
        },
        {
          id: expect.any(Number),
          amount: "1.50",
          username: payer.username,
          createdAt: expect.any(String),
          status: "completed",
        },
      ]);
      expect(new Date(body.recentTransactions[0].createdAt).toISOString()).toBe(
        body.recentTransactions[0].createdAt,
      );
    });

    it("sums the fee shards: 30 members converting at once land on many shards, every fee counted once", async () => {
      const admin = await signedIn({ isAdmin: true });
      const before = (await get("/api/admin/platform-fees", admin.session)).json();
      const feesBefore = await systemBalance(t().app.ctx.db, "platformFees");
      const payers = await Promise.all(Array.from({ length: 30 }, () => signedIn()));
      for (const p of payers) await fundWallet(t().app, p.id, 1000);
      const codes = await Promise.all(
        payers.map(async (p) => (await post("/api/fitcoin/purchase", p.session, { amount: 10 })).statusCode),
      );
      expect(codes).toEqual(Array(30).fill(200));

      const shards = await t()
        .app.ctx.db.select({ key: ledgerAccounts.ownerKey })
        .from(ledgerAccounts)
        .where(like(ledgerAccounts.ownerKey, "system:platform_fees%"));
      expect(shards.length).toBeGreaterThan(10);
      const feesAfter = await systemBalance(t().app.ctx.db, "platformFees");
      expect(feesAfter - feesBefore).toBe(30 * 150);
      const body = (await get("/api/admin/platform-fees", admin.session)).json();
      expect(body.count).toBe(before.count + 30);
      expect(body.totalBalance).toBe(formatMinor(feesAfter));
      for (const p of payers) expect(await userBalances(t().app.ctx.db, p.id)).toEqual({ usd: 0, fc: 850 });
      await expectBooksBalanced(t().app);
    }, 60_000); // 30 members at once: slow on a loaded machine, never a timing assertion

    it("answers 403 to members and 401 without a session", async () => {
      const memberRes = await get("/api/admin/platform-fees", (await signedIn()).session);
      expect(memberRes.statusCode).toBe(403);
      expect(memberRes.json()).toEqual({ code: "FORBIDDEN", message: "Admin privileges required" });
      expect((await get("/api/admin/platform-fees", undefined)).statusCode).toBe(401);
    });
  });

  describe("POST /api/admin/add-coins", () => {
    it("issues FitCoins to the member with the reason as their history's line, and records the admin", async () => {
      const admin = await signedIn({ isAdmin: true });
      const target = await signedIn();
      const res = await post("/api/admin/add-coins", admin.session, {
        userId: target.id,
        amount: 25,
        reason: "  Make-good for the outage  ",
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: `Added 25 FitCoins to ${target.username}` });
      expect(await userBalances(t().app.ctx.db, target.id)).toEqual({ usd: 0, fc: 2500 });
      const history = (await get("/api/transactions", target.session)).json();
      expect(history[0]).toMatchObject({
        type: "admin_grant",
        amount: "+25.00",
        currency: "FC",
        description: "Make-good for the outage",
      });
      const [grant] = await t()
        .app.ctx.db.select()
        .from(ledgerTransfers)
        .where(eq(ledgerTransfers.id, history[0].id));
      expect(grant.reference).toBe(`admin:${admin.id}`);
      expect(grant.actorId).toBe(admin.id);
    });

    it("adds once when the same request is replayed with its Idempotency-Key", async () => {
      const admin = await signedIn({ isAdmin: true });
      const target = await buildUser(t().app);
      const send = () =>
        t().app.inject({
          method: "POST",
          url: "/api/admin/add-coins",
          headers: { ...admin.session.headers, "idempotency-key": "grant-key-0001" },
          payload: { userId: target.id, amount: 3, reason: "Bug bounty" },
        });
      expect((await Promise.all([send(), send()])).map((r) => r.statusCode)).toEqual([200, 200]);
      expect(await userBalances(t().app.ctx.db, target.id)).toEqual({ usd: 0, fc: 300 });
    });

    it.each([
      [{}, "A reason is required"],
      [{ reason: "" }, "A reason is required"],
      [{ reason: "    " }, "A reason is required"],
      [{ reason: "x".repeat(201) }, "Reason must be at most 200 characters"],
    ])(
      "refuses a grant without a sensible reason (%j) with 400, and issues nothing",
      async (over, message) => {
        const admin = await signedIn({ isAdmin: true });
        const target = await signedIn();
        const res = await post("/api/admin/add-coins", admin.session, {
          userId: target.id,
          amount: 5,
          ...over,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          code: "VALIDATION_ERROR",
          details: [{ path: "reason", message }],
        });
        expect(await userBalances(t().app.ctx.db, target.id)).toEqual({ usd: 0, fc: 0 });
      },
    );

    it.each([
      [{ amount: 10, reason: "r" }, "userId"],
      [{ userId: 1, reason: "r" }, "amount"],
      [{ userId: 1, amount: 0, reason: "r" }, "amount"],
      [{ userId: 1, amount: -5, reason: "r" }, "amount"],
      [{ userId: 1, amount: 2.5, reason: "r" }, "amount"],
      [{ userId: 0, amount: 5, reason: "r" }, "userId"],
      // Beyond a database integer: refused up front, not a 500 from the query.
      [{ userId: 3_000_000_000, amount: 5, reason: "r" }, "userId"],
    ])("answers 400 for %j", async (payload, path) => {
      const admin = await signedIn({ isAdmin: true });
      const res = await post("/api/admin/add-coins", admin.session, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: "VALIDATION_ERROR",
        message: "Please select a user and enter a valid amount",
        details: [{ path, message: "Please select a user and enter a valid amount" }],
      });
    });

    it("answers 404 for an unknown or deleted member", async () => {
      const admin = await signedIn({ isAdmin: true });
      expect(
        (await post("/api/admin/add-coins", admin.session, { userId: 999_999, amount: 5, reason: "r" }))
          .statusCode,
      ).toBe(404);
      const gone = await signedIn();
      await t().app.ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
      const res = await post("/api/admin/add-coins", admin.session, {
        userId: gone.id,
        amount: 5,
        reason: "r",
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: "NOT_FOUND", message: "User not found" });
    });

    it("answers 403 to members and 401 without a session, and issues nothing", async () => {
      const member = await signedIn();
      const grant = { userId: member.id, amount: 100, reason: "Mine" };
      const res = await post("/api/admin/add-coins", member.session, grant);
      expect(res.statusCode).toBe(403);
      expect((await post("/api/admin/add-coins", undefined, grant)).statusCode).toBe(401);
      expect(await userBalances(t().app.ctx.db, member.id)).toEqual({ usd: 0, fc: 0 });
    });
  });

  describe("POST /api/admin/global-reconcile", () => {
    it("books every member's lost payments and reports them per member", async () => {
      const admin = await signedIn({ isAdmin: true });
      const first = await post("/api/admin/global-reconcile", admin.session);
      expect(first.json()).toMatchObject({ totalMissingDeposits: 0, recoveryReport: [] });
      expect(first.json().message).toMatch(/^No missing deposits found for \d+ members\.$/);

      const payer = await signedIn();
      const res1 = await post("/api/create-payment-intent", payer.session, { amount: 20 });
      const res2 = await post("/api/create-payment-intent", payer.session, { amount: 15 });
      for (const r of [res1, res2]) {
        await t()
          .app.ctx.db.update(sandboxPaymentIntents)
          .set({ status: "succeeded", succeededAt: new Date() })
          .where(eq(sandboxPaymentIntents.id, r.json().paymentIntentId));
      }
      const res = await post("/api/admin/global-reconcile", admin.session);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        totalMissingDeposits: 2,
        totalRecoveredDeposits: 2,
        message: "Recovered 2 of 2 missing payments ($35.00) for 1 members.",
        recoveryReport: [
          {
            userId: payer.id,
            username: payer.username,
            missingCount: 2,
            recoveredCount: 2,
            totalAmount: "35.00",
          },
        ],
      });
      expect(body.usersScanned).toBeGreaterThanOrEqual(2);
      expect(await userBalances(t().app.ctx.db, payer.id)).toEqual({ usd: 3500, fc: 0 });
    });

    it("answers 403 to members and 401 without a session", async () => {
      expect((await post("/api/admin/global-reconcile", (await signedIn()).session)).statusCode).toBe(403);
      expect((await post("/api/admin/global-reconcile", undefined)).statusCode).toBe(401);
    });
  });
});
