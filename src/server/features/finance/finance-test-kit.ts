import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { queryRows } from "../../db/client";
import {
  createSandboxGiftCardProvider,
  type GiftCardProvider,
  GiftCardRejectedError,
} from "../../gift-cards/provider";
import { buildCompetition, buildUser, loginAs, type Session } from "../../test/factories";
import type { TestApp } from "../../test/test-app";
import { CARD } from "../deposits/deposit-helpers";
import { onCardReversals, onDisputeWon } from "../deposits/reversals.service";
import { runPointsJob, walkOn } from "../rewards/rewards-test-kit";

/*
 * A known month of money moves for the finance tests, made through the app's own routes and
 * services (deposits, conversions, card purchases, grants and a reversal, card refunds and
 * disputes, a won dispute, flagged reversals of a purchase and a membership, pools, points, and
 * real gift-card redemptions), then dated at a chosen instant.
 */

/** The sandbox gift-card provider, which refuses the next order when told to (a points refund). */
export function refusingGiftCards() {
  const sandbox = createSandboxGiftCardProvider();
  const state = { refuseNext: false };
  const provider: GiftCardProvider = {
    name: sandbox.name,
    delivers: sandbox.delivers,
    issue: async (order) => {
      if (!state.refuseNext) return sandbox.issue(order);
      state.refuseNext = false;
      throw new GiftCardRejectedError("This value is not offered");
    },
    lookup: (reference, options) => sandbox.lookup(reference, options),
    stop: (order, options) => sandbox.stop(order, options),
  };
  return { provider, state };
}

type Res = { statusCode: number; body: string; json(): unknown };

export function financeMoves(t: () => TestApp, giftCards: { refuseNext: boolean }) {
  const app = () => t().app;
  let admin: Session;
  let offerId: number;

  const post = (session: Session, url: string, payload?: Record<string, unknown>) =>
    app().inject({ method: "POST", url, headers: session.headers, payload: payload ?? {} });
  const ok = async (res: Promise<Res>) => {
    const r = await res;
    expect(r.statusCode, r.body).toBeLessThan(300);
    return r.json() as Record<string, unknown>;
  };
  const maxId = async (table: "ledger_transfers" | "payment_flags") =>
    Number(
      (
        await queryRows<{ id: string | null }>(
          app().ctx.db,
          sql`select max(id)::text as id from ${sql.identifier(table)}`,
        )
      )[0].id ?? 0,
    );

  /** The admin who grants and reverses, and this month's Gift Card of the Month. */
  async function setUp(): Promise<Session> {
    admin = await loginAs(app(), await buildUser(app(), { isAdmin: true }));
    const month = app().ctx.clock.now().toISOString().slice(0, 7);
    const offer = await ok(
      post(admin, "/api/admin/gift-card-offers", {
        month,
        brand: "Books",
        description: "Cards",
        imageUrl: "",
      }),
    );
    offerId = offer.id as number;
    await ok(post(admin, `/api/admin/gift-card-offers/${offerId}/activate`));
    return admin;
  }

  async function pay(session: Session, amount: number, purpose?: "fitcoins") {
    const intent = (await ok(
      post(session, "/api/create-payment-intent", { amount, ...(purpose ? { purpose } : {}) }),
    )) as { clientSecret: string; paymentIntentId: string };
    await ok(
      post(session, "/api/sandbox/payment-intents/confirm", { clientSecret: intent.clientSecret, ...CARD }),
    );
    return intent.paymentIntentId;
  }

  /**
   * One member's month (see finance.test.ts for the figures it makes): a subscription; a $100
   * deposit; $60 converted; $10 of FitCoins bought by card; grants of 30 and 5 FitCoins, the 5
   * reversed; a $20 dispute of the deposit, won; a $45 card refund ($40 from the wallet, $5 from
   * chargeback losses); a $5 dispute, lost (all from losses); a $7 deposit; a $10 dispute of the
   * card purchase and a $5 refund of the membership (both only flagged); a 10 FC entry fee kept in
   * a pool and one returned on leaving; 60,000 steps of points, a $5 points card and a refused one
   * (its points returned); a $50 FitCoin card.
   */
  async function month(tag: string) {
    const user = await buildUser(app());
    const session = await loginAs(app(), user);
    const ctx = app().ctx;
    const deposit = await pay(session, 100);
    await ok(post(session, "/api/fitcoin/purchase", { amount: 60 }));
    const bought = await pay(session, 10, "fitcoins");
    await ok(post(admin, "/api/admin/add-coins", { userId: user.id, amount: 30, reason: "Contest winner" }));
    await ok(post(admin, "/api/admin/add-coins", { userId: user.id, amount: 5, reason: "Oops" }));
    const [grant] = await queryRows<{ id: string }>(
      ctx.db,
      sql`select id::text from ledger_transfers where user_id = ${user.id} and kind = 'admin_grant' order by id desc limit 1`,
    );
    await ok(post(admin, `/api/admin/transfers/${grant.id}/reverse`, { reason: "Granted twice" }));

    const card = (providerPaymentId: string | null, memberId?: number) => ({
      providerPaymentId,
      memberByCustomer: async () => memberId,
    });
    await onCardReversals(ctx, card(deposit), [
      { reason: "dispute", reference: `du_${tag}_won`, amountCents: 2000 },
    ]);
    await onDisputeWon(ctx, deposit, `du_${tag}_won`);
    await onCardReversals(ctx, card(deposit), [
      { reason: "refund", reference: `re_${tag}`, amountCents: 4500 },
    ]);
    await onCardReversals(ctx, card(deposit), [
      { reason: "dispute", reference: `du_${tag}_lost`, amountCents: 500 },
    ]);
    await pay(session, 7);
    await onCardReversals(ctx, card(bought), [
      { reason: "dispute", reference: `du_${tag}_fc`, amountCents: 1000 },
    ]);
    await onCardReversals(ctx, card(null, user.id), [
      { reason: "refund", reference: `re_${tag}_sub`, amountCents: 500 },
    ]);

    const kept = await buildCompetition(app(), admin, { entryFee: 10 });
    await ok(post(session, `/api/competitions/${kept.id}/join`));
    const left = await buildCompetition(app(), admin, { entryFee: 10 });
    await ok(post(session, `/api/competitions/${left.id}/join`));
    await ok(
      app().inject({ method: "DELETE", url: `/api/competitions/${left.id}/leave`, headers: session.headers }),
    );

    // 60,000 steps: 13,200 points; a $5 card (5,000), and a refused one whose points come back.
    await walkOn(app(), user.id, ctx.clock.now().toISOString().slice(0, 10), 60_000);
    await runPointsJob(app());
    const cards = (await app().inject({ url: "/api/rewards/gift-cards", headers: session.headers })).json();
    const five = (cards as { id: number; pointCost: number }[]).find((c) => c.pointCost === 5000);
    const redeem = { giftCardId: five?.id, deliveryEmail: `${tag}@example.test` };
    await ok(post(session, "/api/rewards/redeem", redeem));
    giftCards.refuseNext = true;
    const refused = await post(session, "/api/rewards/redeem", redeem);
    expect(refused.statusCode, refused.body).toBeGreaterThanOrEqual(400);
    await ok(post(session, "/api/fitcoin/redeem", { giftCardOfferId: offerId, amount: 50 }));
    return user;
  }

  /** Runs a month of moves, then dates every transfer and payment flag it wrote at `at`. */
  async function monthAt(tag: string, at: string) {
    const [transfers, flags] = [await maxId("ledger_transfers"), await maxId("payment_flags")];
    const user = await month(tag);
    await app().ctx.db.execute(
      sql`update ledger_transfers set created_at = ${at}::timestamptz where id > ${transfers}`,
    );
    await app().ctx.db.execute(
      sql`update payment_flags set created_at = ${at}::timestamptz where id > ${flags}`,
    );
    return user;
  }

  return { setUp, monthAt };
}
