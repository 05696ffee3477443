// Receipts (issue 23, item 5): a succeeded deposit and every membership payment send one receipt,
// however many paths see the payment, sent by the path that booked it after its commit.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emails, subscriptions } from "../../db/schema";
import { runJobsOnce } from "../../jobs/scheduler";
import { buildUser, loginAs, sessionCookieFrom } from "../../test/factories";
import { expectBooksBalanced, useTestApp } from "../../test/test-app";
import { depositHelpers } from "./deposit-helpers";

describe("payment receipts (sandbox provider)", () => {
  const t = useTestApp();
  const { post, intent, confirm, paidButNotBooked } = depositHelpers(t);

  async function member(over: { subscribed?: boolean; timeZone?: string } = {}) {
    const user = await buildUser(t().app, over);
    return { user, session: await loginAs(t().app, user) };
  }
  const receipts = (to: string) =>
    t()
      .app.ctx.db.select()
      .from(emails)
      .where(and(eq(emails.toAddress, to), eq(emails.template, "receipt")))
      .orderBy(emails.id);

  it("sends one receipt for a deposit seen by the webhook, process-deposit (twice) and reconciliation", async () => {
    const { user, session } = await member({ timeZone: "Europe/Berlin" });
    const created = await intent(session, 25);
    expect((await confirm(session, created.clientSecret)).statusCode).toBe(200);
    const body = { paymentIntentId: created.paymentIntentId, amount: 25 };
    expect((await post("/api/process-deposit", session, body)).statusCode).toBe(200);
    expect((await post("/api/process-deposit", session, body)).statusCode).toBe(200);
    expect((await post("/api/reconcile-deposits", session)).json()).toMatchObject({ depositsRecovered: 0 });

    const sent = await receipts(user.email);
    expect(sent).toHaveLength(1);
    const [receipt] = sent;
    expect(receipt.subject).toBe("Your StepRace receipt: $25.00 for Wallet deposit");
    expect(receipt.textBody).toContain("Amount: $25.00");
    expect(receipt.textBody).toContain("For: Wallet deposit");
    expect(receipt.textBody).toContain(`Reference: ${created.paymentIntentId}`);
    expect(receipt.textBody).toContain("(Europe/Berlin)");
    // The sandbox's card form saw the card: its last four digits.
    expect(receipt.textBody).toContain("Card: ending in 4242");
    expect(receipt.textBody).toContain(`Hi ${user.firstName},`);
    expect(receipt.htmlBody).toContain("Payment receipt");
    // The shared footer is there too.
    expect(receipt.textBody).toContain("Questions? Write to");
  });

  it("writes the receipt's dates in the language the member's browser asked for at their last sign-in", async () => {
    const user = await buildUser(t().app, { timeZone: "Europe/Berlin" });
    /** Signs in as the member's browser would, naming its language or none. */
    const deposit = async (language?: string) => {
      const res = await t().app.inject({
        method: "POST",
        url: "/api/auth/login",
        headers: language ? { "accept-language": language } : {},
        payload: { username: user.username, password: user.password, deviceFingerprint: "receiptphone1" },
      });
      expect(res.statusCode, res.body).toBe(200);
      const cookie = sessionCookieFrom(res.headers["set-cookie"]);
      const session = {
        cookie,
        fingerprint: "receiptphone1",
        headers: { cookie, "x-device-fingerprint": "receiptphone1" },
      };
      const created = await intent(session, 10);
      expect((await confirm(session, created.clientSecret)).statusCode).toBe(200);
      const body = { paymentIntentId: created.paymentIntentId, amount: 10 };
      expect((await post("/api/process-deposit", session, body)).statusCode).toBe(200);
      return (await receipts(user.email)).at(-1)?.textBody ?? "";
    };
    // A fixed clock, at the hour the receipt read "1:29" in British English (issue 29): what the
    // test reads never depends on when it runs.
    t().clock.set("2026-11-28T00:29:00Z");
    const british = "Date: 28 Nov 2026, 01:29 (Europe/Berlin)";
    const american = /Date: Nov 28, 2026, 1:29\sAM \(Europe\/Berlin\)/;

    expect(await deposit("en-GB,en;q=0.8")).toContain(british);
    // A later sign-in from a browser in American English: the next receipt follows it.
    expect(await deposit("en-US,en;q=0.9")).toMatch(american);
    // A sign-in that names no language keeps the last one known.
    expect(await deposit()).toMatch(american);
  });

  it("writes dates in American English, the app's own, for a member whose browser never named a language", async () => {
    t().clock.set("2026-11-28T14:05:00Z");
    const { user, session } = await member({ timeZone: "Europe/Berlin" });
    const created = await intent(session, 10);
    expect((await confirm(session, created.clientSecret)).statusCode).toBe(200);
    const body = { paymentIntentId: created.paymentIntentId, amount: 10 };
    expect((await post("/api/process-deposit", session, body)).statusCode).toBe(200);
    const [receipt] = await receipts(user.email);
    expect(receipt.textBody).toMatch(/Date: Nov 28, 2026, 3:05\sPM \(Europe\/Berlin\)/);
  });

  it("sends one receipt when process-deposit and reconciliation race for a payment never booked", async () => {
    const { user, session } = await member();
    const created = await paidButNotBooked(session, 30, "fitcoins");
    const body = { paymentIntentId: created.paymentIntentId, amount: 30 };
    const answers = await Promise.all([
      post("/api/process-deposit", session, body),
      post("/api/reconcile-deposits", session),
      post("/api/process-deposit", session, body),
      post("/api/reconcile-deposits", session),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    await t().app.ctx.mailer.idle();
    const sent = await receipts(user.email);
    expect(sent).toHaveLength(1);
    expect(sent[0].subject).toBe(
      "Your StepRace receipt: $30.00 for 25.50 FitCoins (after the 15% platform fee)",
    );
    await expectBooksBalanced(t().app);
  });

  it("sends no receipt for a declined card, nor for a payment that was never made", async () => {
    const { user, session } = await member();
    const created = await intent(session, 10);
    const declined = await confirm(session, created.clientSecret, {
      cardNumber: "4000 0000 0000 0002",
      expiry: "12/40",
      cvc: "123",
    });
    expect(declined.statusCode).toBe(402);
    const body = { paymentIntentId: created.paymentIntentId, amount: 10 };
    expect((await post("/api/process-deposit", session, body)).statusCode).toBe(409);
    expect(await receipts(user.email)).toHaveLength(0);
  });

  it("sends a receipt for the first membership payment and for each renewal, once each", async () => {
    const { user, session } = await member({ subscribed: false });
    const checkout = await t().app.inject({
      method: "POST",
      url: "/api/subscription/create-checkout",
      headers: session.headers,
    });
    const checkoutId = checkout.json().url.split("/").pop() as string;
    const pay = () =>
      t().app.inject({
        method: "POST",
        url: `/api/sandbox/checkout/${checkoutId}/pay`,
        payload: { cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123" },
      });
    expect((await pay()).statusCode).toBe(200);
    expect((await pay()).statusCode).toBe(409);
    // The success page's confirm sees the same payment.
    const confirmed = await t().app.inject({
      url: `/api/subscription/confirm?session_id=${checkoutId}`,
      headers: session.headers,
    });
    expect(confirmed.json()).toMatchObject({ subscriptionStatus: "active" });
    const first = await receipts(user.email);
    expect(first).toHaveLength(1);
    expect(first[0].subject).toMatch(/^Your StepRace receipt: \$6\.99 for StepRace membership, .+ to .+$/);
    expect(first[0].textBody).toContain(`Reference: pi_${checkoutId}`);
    expect(first[0].textBody).toContain("Card: ending in 4242");

    // The renewal at the period end: the job runs in two processes at once, then again.
    const [sub] = await t().app.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    t().clock.set(new Date(sub.currentPeriodEnd.getTime() + 1000));
    await Promise.all([runJobsOnce(t().app.ctx), runJobsOnce(t().app.ctx)]);
    await runJobsOnce(t().app.ctx);
    const after = await receipts(user.email);
    expect(after).toHaveLength(2);
    expect(after[1].textBody).toContain(`Reference: pi_sandbox_renewal_${user.id}_`);
    expect(after[1].textBody).toContain("Amount: $6.99");
    // A renewal from the card on file: the sandbox keeps no card digits, so none are claimed.
    expect(after[1].textBody).not.toContain("Card:");
    await expectBooksBalanced(t().app);
  });
});
