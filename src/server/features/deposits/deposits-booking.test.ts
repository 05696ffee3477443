import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ledgerTransfers, sandboxPaymentIntents } from "../../db/schema";
import { runJobsOnce } from "../../jobs/scheduler";
import { systemBalance, userBalances } from "../../ledger/accounts";
import { useTestApp } from "../../test/test-app";
import { depositHelpers } from "./deposit-helpers";

describe("deposits and FitCoin purchases by card (sandbox): booking and reconciliation", () => {
  const t = useTestApp();
  const { member, post, intent, confirm, bookedRows, transfersOf, paidButNotBooked } = depositHelpers(t);

  describe("exactly once", () => {
    it("credits one payment once, seen by the webhook, process-deposit twice and reconciliation", async () => {
      const { id, session } = await member();
      const created = await intent(session, 20);
      expect((await confirm(session, created.clientSecret)).statusCode).toBe(200);
      const body = { paymentIntentId: created.paymentIntentId, amount: 20 };
      expect((await post("/api/process-deposit", session, body)).statusCode).toBe(200);
      expect((await post("/api/process-deposit", session, body)).json().balance).toBe("20.00");
      const reconcile = await post("/api/reconcile-deposits", session);
      expect(reconcile.json()).toMatchObject({
        missingDepositsFound: 0,
        depositsRecovered: 0,
        recoveredDeposits: [],
      });

      expect(await bookedRows(created.paymentIntentId)).toHaveLength(1);
      expect(await transfersOf(created.paymentIntentId)).toHaveLength(1);
      expect(await userBalances(t().app.ctx.db, id)).toEqual({ usd: 2000, fc: 0 });
    });

    it("credits once when every path sees the payment at the same moment", async () => {
      const { id, session } = await member();
      const created = await paidButNotBooked(session, 35);
      const body = { paymentIntentId: created.paymentIntentId, amount: 35 };
      const answers = await Promise.all([
        post("/api/process-deposit", session, body),
        post("/api/process-deposit", session, body),
        post("/api/reconcile-deposits", session),
        post("/api/reconcile-deposits", session),
      ]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      expect(await bookedRows(created.paymentIntentId)).toHaveLength(1);
      expect(await transfersOf(created.paymentIntentId)).toHaveLength(1);
      expect(await userBalances(t().app.ctx.db, id)).toEqual({ usd: 3500, fc: 0 });
    });
  });

  describe("FitCoin purchase by card", () => {
    it("issues 85% as FitCoins and books 15% as platform fee, once", async () => {
      const { id, session } = await member();
      const feesBefore = await systemBalance(t().app.ctx.db, "platformFees");
      const reserveBefore = await systemBalance(t().app.ctx.db, "fitcoinReserve");
      const created = await intent(session, 10, "fitcoins");
      expect((await confirm(session, created.clientSecret)).statusCode).toBe(200);
      const res = await post("/api/process-deposit", session, {
        paymentIntentId: created.paymentIntentId,
        amount: 10,
      });
      expect(res.json()).toEqual({
        message: "FitCoin purchase of $10.00 processed successfully",
        balance: "0.00",
        fitcoins: 8.5,
      });

      expect(await userBalances(t().app.ctx.db, id)).toEqual({ usd: 0, fc: 850 });
      expect(await systemBalance(t().app.ctx.db, "platformFees")).toBe(feesBefore + 150);
      expect(await systemBalance(t().app.ctx.db, "fitcoinReserve")).toBe(reserveBefore + 850);
      const moves = await transfersOf(created.paymentIntentId);
      expect(moves.map((m) => [m.kind, m.currency, m.amount]).sort()).toEqual([
        ["fitcoin_purchase", "FC", 850],
        ["fitcoin_purchase", "USD", 850],
        ["platform_fee", "USD", 150],
      ]);
      const [row] = await bookedRows(created.paymentIntentId);
      expect(row).toMatchObject({ purpose: "fitcoins", amountCents: 1000 });
      const history = (await t().app.inject({ url: "/api/transactions", headers: session.headers })).json();
      expect(history.slice(0, 3).map((h: { type: string; amount: string }) => [h.type, h.amount])).toEqual([
        ["fitcoin_purchase", "+8.50"],
        ["platform_fee", "-1.50"],
        ["fitcoin_purchase", "-8.50"],
      ]);
    });

    it("rounds the FitCoins down: $5.01 gives 4.25 FitCoins and a $0.76 fee", async () => {
      const { id, session } = await member();
      const created = await intent(session, 5.01, "fitcoins");
      await confirm(session, created.clientSecret);
      expect(await userBalances(t().app.ctx.db, id)).toEqual({ usd: 0, fc: 425 });
      const fee = (await transfersOf(created.paymentIntentId)).find((m) => m.kind === "platform_fee");
      expect(fee?.amount).toBe(76);
    });
  });

  describe("POST /api/reconcile-deposits", () => {
    it("books the member's paid payments of the last 30 days that never arrived", async () => {
      const { id, session } = await member();
      const lost = await paidButNotBooked(session, 20);
      const lostCoins = await paidButNotBooked(session, 10, "fitcoins");
      const old = await paidButNotBooked(session, 7);
      await t()
        .app.ctx.db.update(sandboxPaymentIntents)
        .set({ createdAt: new Date(t().clock.now().getTime() - 31 * 24 * 3600 * 1000) })
        .where(eq(sandboxPaymentIntents.id, old.paymentIntentId));
      await intent(session, 15); // never paid
      const other = await member();
      await paidButNotBooked(other.session, 40); // someone else's

      const res = await post("/api/reconcile-deposits", session);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        missingDepositsFound: 2,
        depositsRecovered: 2,
        message: "Recovered 2 missing payments ($30.00).",
      });
      const recovered = body.recoveredDeposits as {
        amount: string;
        paymentIntentId: string;
        transactionId: number;
      }[];
      expect(recovered.map((r) => [r.paymentIntentId, r.amount]).sort()).toEqual(
        [
          [lost.paymentIntentId, "20.00"],
          [lostCoins.paymentIntentId, "10.00"],
        ].sort(),
      );
      const credit = recovered.find((r) => r.paymentIntentId === lost.paymentIntentId);
      const [transferRow] = await t()
        .app.ctx.db.select()
        .from(ledgerTransfers)
        .where(eq(ledgerTransfers.id, credit?.transactionId ?? 0));
      expect(transferRow).toMatchObject({ kind: "deposit", amount: 2000, userId: id });
      expect(await userBalances(t().app.ctx.db, id)).toEqual({ usd: 2000, fc: 850 });
      expect(await userBalances(t().app.ctx.db, other.id)).toEqual({ usd: 0, fc: 0 });

      const again = await post("/api/reconcile-deposits", session);
      expect(again.json()).toEqual({
        missingDepositsFound: 0,
        depositsRecovered: 0,
        message: "No missing deposits found. All your payments of the last 30 days are in your wallet.",
        recoveredDeposits: [],
      });
    });

    it("answers 401 without a session", async () => {
      expect((await post("/api/reconcile-deposits", undefined)).statusCode).toBe(401);
    });
  });

  describe("daily global reconciliation job", () => {
    it("books every member's lost payments once a day, in one process of several", async () => {
      const a = await member();
      const b = await member();
      await paidButNotBooked(a.session, 12);
      // The job may have run already in this file's database: start from a fresh day.
      t().clock.advance(25 * 3600 * 1000);
      await Promise.all([runJobsOnce(t().app.ctx), runJobsOnce(t().app.ctx)]);
      expect(await userBalances(t().app.ctx.db, a.id)).toEqual({ usd: 1200, fc: 0 });

      await paidButNotBooked(b.session, 13);
      await runJobsOnce(t().app.ctx);
      expect(await userBalances(t().app.ctx.db, b.id)).toEqual({ usd: 0, fc: 0 });
      t().clock.advance(24 * 3600 * 1000);
      await runJobsOnce(t().app.ctx);
      expect(await userBalances(t().app.ctx.db, b.id)).toEqual({ usd: 1300, fc: 0 });
    });
  });
});
