// Issue 32 item 1: a join's Add FitCoins is one card deposit then one conversion of the dollars the
// FitCoins need, through the existing services (POST /api/process-deposit, POST /api/fitcoin/purchase
// under an Idempotency-Key of the payment: the web app's topUpKey). The checkout page and the
// wallet (back from a card redirect) may both finish the same top-up, at once or again later: the
// money moves once.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { centsForFitcoins } from "../../../core/rules/fitcoins";
import { planTopUp } from "../../../core/rules/top-up";
import { ledgerTransfers } from "../../db/schema";
import { userBalances } from "../../ledger/accounts";
import { auditLedger } from "../../ledger/audit";
import type { Session } from "../../test/factories";
import { useTestApp } from "../../test/test-app";
import { depositHelpers } from "../deposits/deposit-helpers";

describe("adding the FitCoins a join needs: deposit, then its conversion", () => {
  const t = useTestApp();
  const { member, post, intent, confirm } = depositHelpers(t);

  /** What the app does once the card is paid: book the deposit, convert under the payment's key. */
  async function finish(session: Session, paymentIntentId: string, payCents: number, convertCents: number) {
    const booked = await post("/api/process-deposit", session, { paymentIntentId, amount: payCents / 100 });
    const converted = await t().app.inject({
      method: "POST",
      url: "/api/fitcoin/purchase",
      headers: { ...session.headers, "idempotency-key": `topup-${paymentIntentId}` },
      payload: { amount: convertCents / 100 },
    });
    return { booked: booked.statusCode, converted: converted.statusCode, body: converted.json() };
  }

  it("ends with exactly the FitCoins a 12.50 FC entry fee needs, however many times and places it is finished at once", async () => {
    const { id, session } = await member();
    const plan = planTopUp(1250, 0);
    expect(plan).toEqual({
      fitcoins: 1250,
      convertCents: 1471,
      fee: 221,
      payCents: 1471,
      walletAfterCents: 0,
    });
    if (!plan) return;
    const created = await intent(session, plan.payCents / 100);
    expect((await confirm(session, created.clientSecret)).statusCode).toBe(200);

    // The checkout page and the wallet's redirect return, twice each, at the same moment.
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        finish(session, created.paymentIntentId, plan.payCents, plan.convertCents),
      ),
    );
    for (const r of results) {
      expect(r).toMatchObject({
        booked: 200,
        converted: 200,
        body: { fitcoinBalance: 12.5, balance: "0.00" },
      });
    }
    expect(await userBalances(t().app.ctx.db, id)).toEqual({ usd: 0, fc: 1250 });
    // One deposit, one conversion (three transfers), after the membership.
    const lines = await t().app.ctx.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.userId, id));
    expect(lines.map((l) => l.kind).sort()).toEqual(
      ["deposit", "fitcoin_purchase", "fitcoin_purchase", "platform_fee", "subscription"].sort(),
    );

    // A second round later (a reload of the finished checkout): nothing moves again.
    expect(await finish(session, created.paymentIntentId, plan.payCents, plan.convertCents)).toMatchObject({
      booked: 200,
      converted: 200,
    });
    expect(await userBalances(t().app.ctx.db, id)).toEqual({ usd: 0, fc: 1250 });
    expect((await auditLedger(t().app.ctx.db)).ok).toBe(true);
  });

  it("keeps the deposit minimum's extra dollars in the wallet, and the same key never converts another amount", async () => {
    const { id, session } = await member();
    // 1.00 FitCoin: $1.18 converted, $5 paid (the least a deposit may be).
    const plan = planTopUp(100, 0);
    expect(plan).toMatchObject({ payCents: 500, convertCents: centsForFitcoins(100), walletAfterCents: 382 });
    if (!plan) return;
    const created = await intent(session, 5);
    expect((await confirm(session, created.clientSecret)).statusCode).toBe(200);
    expect(await finish(session, created.paymentIntentId, 500, plan.convertCents)).toMatchObject({
      converted: 200,
      body: { fitcoinBalance: 1, balance: "3.82" },
    });
    // The same payment's key sent with another amount is refused, not a second conversion.
    const reused = await finish(session, created.paymentIntentId, 500, 300);
    expect(reused.converted).toBe(409);
    expect(await userBalances(t().app.ctx.db, id)).toEqual({ usd: 382, fc: 100 });
  });

  it("converts nothing while the card payment has not gone through", async () => {
    const { id, session } = await member();
    const created = await intent(session, 14.71);
    const r = await finish(session, created.paymentIntentId, 1471, 1471);
    expect(r.booked).toBe(409);
    expect(r.converted).toBe(422);
    expect(await userBalances(t().app.ctx.db, id)).toEqual({ usd: 0, fc: 0 });
  });
});
