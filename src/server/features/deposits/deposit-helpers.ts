import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { ledgerTransfers, payments, sandboxPaymentIntents } from "../../db/schema";
import { buildUser, loginAs, type Session } from "../../test/factories";
import type { TestApp } from "../../test/test-app";

export const CARD = { cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123" };

/** The sandbox deposit calls and look-ups the deposit tests share, bound to a file's test app. */
export function depositHelpers(t: () => TestApp) {
  async function member(overrides: { subscribed?: boolean } = {}) {
    const user = await buildUser(t().app, overrides);
    return { id: user.id, session: await loginAs(t().app, user) };
  }

  const post = (url: string, session: Session | undefined, payload?: unknown) =>
    t().app.inject({
      method: "POST",
      url,
      headers: session?.headers,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  async function intent(session: Session, amount = 20, purpose?: "deposit" | "fitcoins") {
    const res = await post("/api/create-payment-intent", session, {
      amount,
      ...(purpose ? { purpose } : {}),
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { clientSecret: string; paymentIntentId: string; amount: number };
  }

  const confirm = (session: Session | undefined, clientSecret: string, card = CARD) =>
    post("/api/sandbox/payment-intents/confirm", session, { clientSecret, ...card });

  const bookedRows = (id: string) =>
    t().app.ctx.db.select().from(payments).where(eq(payments.providerPaymentId, id));
  const transfersOf = (id: string) =>
    t().app.ctx.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.reference, id));

  /** A payment the card paid but whose webhook never arrived (the server was down, say). */
  async function paidButNotBooked(session: Session, amount = 20, purpose?: "deposit" | "fitcoins") {
    const created = await intent(session, amount, purpose);
    await t()
      .app.ctx.db.update(sandboxPaymentIntents)
      .set({ status: "succeeded", succeededAt: t().clock.now() })
      .where(eq(sandboxPaymentIntents.id, created.paymentIntentId));
    return created;
  }

  return { member, post, intent, confirm, bookedRows, transfersOf, paidButNotBooked };
}
