// Receipts with the Stripe provider (issue 23, item 5): one per payment however many of Stripe's
// events, the success page and process-deposit see it.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emails } from "../db/schema";
import { stripeEvent } from "../test/fake-stripe";
import { stripeTestKit } from "./stripe-test-kit";

describe("payment receipts (Stripe)", () => {
  const { t, fake, paidMember, postWebhook, confirm } = stripeTestKit();

  const receipts = (to: string) =>
    t()
      .app.ctx.db.select()
      .from(emails)
      .where(and(eq(emails.toAddress, to), eq(emails.template, "receipt")))
      .orderBy(emails.id);

  it("sends one receipt for the first invoice and one for the renewal, whatever events repeat", async () => {
    const m = await paidMember();
    const completed = stripeEvent("checkout.session.completed", fake().session(m.checkout.id));
    const invoicePaid = stripeEvent("invoice.paid", fake().invoice(m.invoiceId));
    for (const event of [completed, invoicePaid, completed, invoicePaid]) {
      expect((await postWebhook(event)).statusCode).toBe(200);
    }
    expect((await confirm(m.session, m.checkout.id)).statusCode).toBe(200);
    const first = await receipts(m.user.email);
    expect(first).toHaveLength(1);
    expect(first[0].textBody).toContain(`Reference: ${m.invoiceId}`);
    expect(first[0].textBody).toContain("For: StepRace membership,");

    const { invoiceId } = fake().renew(m.subscriptionId);
    const renewal = stripeEvent("invoice.paid", fake().invoice(invoiceId));
    await Promise.all([postWebhook(renewal), postWebhook(renewal)]);
    const after = await receipts(m.user.email);
    expect(after).toHaveLength(2);
    expect(after[1].textBody).toContain(`Reference: ${invoiceId}`);
  });

  it("sends one receipt for a deposit when webhooks and process-deposit arrive together", async () => {
    // A member who never subscribed may not deposit: this one paid the membership on Checkout.
    const paid = await paidMember();
    const created = (
      await t().app.inject({
        method: "POST",
        url: "/api/create-payment-intent",
        headers: paid.session.headers,
        payload: { amount: 40 },
      })
    ).json() as { paymentIntentId: string };
    const intent = fake().succeedPaymentIntent(created.paymentIntentId);
    const event = stripeEvent("payment_intent.succeeded", intent);
    const body = { paymentIntentId: created.paymentIntentId, amount: 40 };
    const answers = await Promise.all([
      postWebhook(event),
      t().app.inject({
        method: "POST",
        url: "/api/process-deposit",
        headers: paid.session.headers,
        payload: body,
      }),
      postWebhook(event),
      t().app.inject({
        method: "POST",
        url: "/api/process-deposit",
        headers: paid.session.headers,
        payload: body,
      }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    const deposits = (await receipts(paid.user.email)).filter((r) => r.subject.includes("Wallet deposit"));
    expect(deposits).toHaveLength(1);
    expect(deposits[0].textBody).toContain(`Reference: ${created.paymentIntentId}`);
    expect(deposits[0].subject).toBe("Your StepRace receipt: $40.00 for Wallet deposit");
  });
});
