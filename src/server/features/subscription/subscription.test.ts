import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { formatInZone } from "../../../core/dates";
import { payments, subscriptions } from "../../db/schema";
import { runJobsOnce } from "../../jobs/scheduler";
import { buildUser, loginAs, type Session } from "../../test/factories";
import { lastEmailTo } from "../../test/mail";
import { useTestApp } from "../../test/test-app";
import { claimRenewal } from "./subscription.repo";

describe("subscription with the sandbox provider", () => {
  const t = useTestApp();

  async function newMember(): Promise<{ id: number; session: Session }> {
    const user = await buildUser(t().app, { subscribed: false, rulesAccepted: false });
    return { id: user.id, session: await loginAs(t().app, user) };
  }

  async function startCheckout(session: Session): Promise<string> {
    const res = await t().app.inject({
      method: "POST",
      url: "/api/subscription/create-checkout",
      headers: session.headers,
    });
    expect(res.statusCode).toBe(200);
    const url: string = res.json().url;
    expect(url).toMatch(/^\/sandbox\/checkout\/cs_sandbox_/);
    return url.split("/").pop() as string;
  }

  const pay = (id: string, cardNumber: string, expiry = "12/34", cvc = "123") =>
    t().app.inject({
      method: "POST",
      url: `/api/sandbox/checkout/${id}/pay`,
      payload: { cardNumber, expiry, cvc },
    });

  it("activates the membership after paying with 4242 4242 4242 4242", async () => {
    const { id: userId, session } = await newMember();
    const checkoutId = await startCheckout(session);

    const page = await t().app.inject({ method: "GET", url: `/sandbox/checkout/${checkoutId}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Card number");
    expect(page.body).toContain("$6.99");
    // Pay waits for the page's script: a tap before it runs must not submit the card in the address.
    expect(page.body).toMatch(/<button id="pay" type="submit" disabled>/);

    const paid = await pay(checkoutId, "4242 4242 4242 4242");
    expect(paid.statusCode).toBe(200);
    expect(paid.json().redirectUrl).toBe(`http://localhost:80/subscription-success?session_id=${checkoutId}`);

    const confirm = await t().app.inject({
      method: "GET",
      url: `/api/subscription/confirm?session_id=${checkoutId}`,
      headers: session.headers,
    });
    expect(confirm.json()).toEqual({ subscriptionStatus: "active", checkoutStatus: "complete" });
    const me = await t().app.inject({ method: "GET", url: "/api/auth/user", headers: session.headers });
    expect(me.json().subscriptionStatus).toBe("active");

    const rows = await t().app.ctx.db.select().from(payments).where(eq(payments.userId, userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "succeeded", amountCents: 699, purpose: "subscription" });

    // The same checkout cannot be paid twice, and a paid member cannot start another.
    expect((await pay(checkoutId, "4242424242424242")).statusCode).toBe(409);
    const second = await t().app.inject({
      method: "POST",
      url: "/api/subscription/create-checkout",
      headers: session.headers,
    });
    expect(second.statusCode).toBe(409);
  });

  it.each([
    [
      "4000 0000 0000 0002",
      "Your card was declined by your bank. Please contact your bank or use a different card.",
    ],
    ["4000 0000 0000 9995", "Your card has insufficient funds. Please use a different card."],
    [
      "4100 0000 0000 0019",
      "Your bank blocked this transaction. Please contact your bank or use a different card.",
    ],
    ["4000 0000 0000 0069", "Your card has expired. Please use a different card."],
    ["4111 1111 1111 1112", "Invalid card number. Please check the number and try again."],
    ["4242 4242", "Incomplete card number. Please enter all the digits of your card."],
  ])("declines %s in words and changes nothing", async (card, message) => {
    const { id: userId, session } = await newMember();
    const checkoutId = await startCheckout(session);
    const res = await pay(checkoutId, card);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ code: "PAYMENT_FAILED", message });
    const me = await t().app.inject({ method: "GET", url: "/api/auth/user", headers: session.headers });
    expect(me.json().subscriptionStatus).toBe("inactive");
    expect(await t().app.ctx.db.$count(subscriptions, eq(subscriptions.userId, userId))).toBe(0);
    expect(
      await t().app.ctx.db.$count(
        payments,
        and(eq(payments.userId, userId), eq(payments.status, "succeeded")),
      ),
    ).toBe(0);
  });

  it("refuses an expiry date in the past and a bad card body", async () => {
    const { session } = await newMember();
    const checkoutId = await startCheckout(session);
    expect((await pay(checkoutId, "4242424242424242", "01/20")).json().message).toBe(
      "Your card has expired. Please use a different card.",
    );
    const bad = await t().app.inject({
      method: "POST",
      url: `/api/sandbox/checkout/${checkoutId}/pay`,
      payload: { cardNumber: 4242 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe("VALIDATION_ERROR");
    expect((await pay("cs_sandbox_unknown", "4242424242424242")).statusCode).toBe(404);
  });

  it("answers 401 to visitors and 404 for another member's checkout", async () => {
    expect(
      (await t().app.inject({ method: "POST", url: "/api/subscription/create-checkout" })).statusCode,
    ).toBe(401);
    const a = await newMember();
    const b = await newMember();
    const checkoutId = await startCheckout(a.session);
    const res = await t().app.inject({
      method: "GET",
      url: `/api/subscription/confirm?session_id=${checkoutId}`,
      headers: b.session.headers,
    });
    expect(res.statusCode).toBe(404);
    const missing = await t().app.inject({
      method: "GET",
      url: "/api/subscription/confirm",
      headers: a.session.headers,
    });
    expect(missing.statusCode).toBe(400);
  });

  it("cancels at the period end, reactivates, and expires when the period runs out", async () => {
    const user = await buildUser(t().app);
    const session = await loginAs(t().app, user);
    const cancel = await t().app.inject({
      method: "POST",
      url: "/api/subscription/cancel",
      headers: session.headers,
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().subscriptionStatus).toBe("cancel_at_period_end");
    // Confirmed by email: until when it stays active, how to undo it, what to do if it was not them.
    const [paid] = await t().app.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    const told = await lastEmailTo(t().app.ctx.db, user.email, "membership_cancelled");
    expect(told?.subject).toBe("Your StepRace membership will not renew");
    expect(told?.textBody).toContain(
      `It stays active until ${formatInZone(paid.currentPeriodEnd, "UTC")}, and you will not be charged again.`,
    );
    expect(told?.textBody).toContain("Reactivate it under Subscription in your profile");
    expect(
      (await t().app.inject({ method: "POST", url: "/api/subscription/cancel", headers: session.headers }))
        .statusCode,
    ).toBe(409);
    // The refused second cancel sends nothing more.
    expect((await lastEmailTo(t().app.ctx.db, user.email, "membership_cancelled"))?.id).toBe(told?.id);

    const back = await t().app.inject({
      method: "POST",
      url: "/api/subscription/reactivate",
      headers: session.headers,
    });
    expect(back.json().subscriptionStatus).toBe("active");
    expect(
      (
        await t().app.inject({
          method: "POST",
          url: "/api/subscription/reactivate",
          headers: session.headers,
        })
      ).statusCode,
    ).toBe(409);

    await t().app.inject({ method: "POST", url: "/api/subscription/cancel", headers: session.headers });
    const [sub] = await t().app.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    t().clock.set(new Date(sub.currentPeriodEnd.getTime() - 1000));
    await runJobsOnce(t().app.ctx);
    // Months are longer than a session's 30 days: sign in again at each point in time.
    const later = await loginAs(t().app, user);
    const still = await t().app.inject({ method: "GET", url: "/api/auth/user", headers: later.headers });
    expect(still.json().subscriptionStatus).toBe("cancel_at_period_end");

    t().clock.set(new Date(sub.currentPeriodEnd.getTime() + 1000));
    await runJobsOnce(t().app.ctx);
    const [row] = await t().app.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(row.status).toBe("expired");
    const me = await t().app.inject({ method: "GET", url: "/api/auth/user", headers: later.headers });
    expect(me.json().subscriptionStatus).toBe("expired");
    t().clock.set(new Date());
  });

  it("renews a sandbox membership at its period end exactly once, even when the job runs twice", async () => {
    const user = await buildUser(t().app);
    const [before] = await t()
      .app.ctx.db.select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, user.id));
    t().clock.set(new Date(before.currentPeriodEnd.getTime() + 1000));
    await Promise.all([runJobsOnce(t().app.ctx), runJobsOnce(t().app.ctx)]);
    await runJobsOnce(t().app.ctx);
    const [after] = await t()
      .app.ctx.db.select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, user.id));
    expect(after.status).toBe("active");
    expect(after.currentPeriodEnd.getTime()).toBeGreaterThan(
      before.currentPeriodEnd.getTime() + 27 * 24 * 3600 * 1000,
    );
    const paid = await t().app.ctx.db.select().from(payments).where(eq(payments.userId, user.id));
    expect(paid).toHaveLength(2);
    t().clock.set(new Date());
  });
});

describe("subscription races and edge cases", () => {
  const t = useTestApp();
  const restore = () => t().clock.set(new Date());

  it("lets only one of two open checkouts be paid", async () => {
    const user = await buildUser(t().app, { subscribed: false });
    const session = await loginAs(t().app, user);
    const first = await t().app.inject({
      method: "POST",
      url: "/api/subscription/create-checkout",
      headers: session.headers,
    });
    // A second tab gets the same open checkout rather than a new one.
    const again = await t().app.inject({
      method: "POST",
      url: "/api/subscription/create-checkout",
      headers: session.headers,
    });
    expect(again.json().url).toBe(first.json().url);

    // Two checkouts opened anyway (say, the first one over an hour old): only one can be paid.
    t().clock.advance(2 * 3600 * 1000);
    const second = await t().app.inject({
      method: "POST",
      url: "/api/subscription/create-checkout",
      headers: session.headers,
    });
    expect(second.json().url).not.toBe(first.json().url);
    const pay = (url: string) =>
      t().app.inject({
        method: "POST",
        url: `/api${url}/pay`,
        payload: { cardNumber: "4242424242424242", expiry: "12/34", cvc: "123" },
      });
    const results = await Promise.all([pay(first.json().url), pay(second.json().url)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(
      await t().app.ctx.db.$count(
        payments,
        and(eq(payments.userId, user.id), eq(payments.status, "succeeded")),
      ),
    ).toBe(1);
    restore();
  });

  it("does not renew a membership cancelled while the renewal job was running", async () => {
    const user = await buildUser(t().app);
    const session = await loginAs(t().app, user);
    const [sub] = await t().app.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    // The job read the row as active and due; the member cancels before it claims the renewal.
    await t().app.inject({ method: "POST", url: "/api/subscription/cancel", headers: session.headers });
    const claimed = await t().app.ctx.db.transaction((tx) =>
      claimRenewal(tx, "sandbox", {
        userId: user.id,
        providerPaymentId: `pi_race_${user.id}`,
        amountCents: 699,
        periodStart: sub.currentPeriodEnd,
        periodEnd: new Date(sub.currentPeriodEnd.getTime() + 30 * 24 * 3600 * 1000),
      }),
    );
    expect(claimed).toBe(false);
    const [after] = await t()
      .app.ctx.db.select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, user.id));
    expect(after.status).toBe("cancel_at_period_end");
    expect(after.currentPeriodEnd).toEqual(sub.currentPeriodEnd);
    expect(await t().app.ctx.db.$count(payments, eq(payments.providerPaymentId, `pi_race_${user.id}`))).toBe(
      0,
    );
  });

  it("expires rather than back-charges a sandbox membership the job could not renew for over a day", async () => {
    const user = await buildUser(t().app);
    const [sub] = await t().app.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    t().clock.set(new Date(sub.currentPeriodEnd.getTime() + 2 * 24 * 3600 * 1000));
    await runJobsOnce(t().app.ctx);
    const [after] = await t()
      .app.ctx.db.select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, user.id));
    expect(after.status).toBe("expired");
    expect(await t().app.ctx.db.$count(payments, eq(payments.userId, user.id))).toBe(1);
    restore();
  });

  it("starts a fresh period, without the old cancellation, when a lapsed member subscribes again", async () => {
    const user = await buildUser(t().app);
    const session = await loginAs(t().app, user);
    await t().app.inject({ method: "POST", url: "/api/subscription/cancel", headers: session.headers });
    const [old] = await t().app.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    t().clock.set(new Date(old.currentPeriodEnd.getTime() + 10 * 24 * 3600 * 1000));
    await runJobsOnce(t().app.ctx);
    const later = await loginAs(t().app, user);
    const checkout = await t().app.inject({
      method: "POST",
      url: "/api/subscription/create-checkout",
      headers: later.headers,
    });
    const id = checkout.json().url.split("/").pop();
    const paid = await t().app.inject({
      method: "POST",
      url: `/api/sandbox/checkout/${id}/pay`,
      payload: { cardNumber: "4242424242424242", expiry: "12/34", cvc: "123" },
    });
    expect(paid.statusCode).toBe(200);
    const [fresh] = await t()
      .app.ctx.db.select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, user.id));
    expect(fresh.status).toBe("active");
    expect(fresh.canceledAt).toBeNull();
    expect(fresh.currentPeriodStart).toEqual(t().clock.now());
    expect(fresh.currentPeriodEnd.getTime()).toBeGreaterThan(
      t().clock.now().getTime() + 27 * 24 * 3600 * 1000,
    );
    restore();
  });

  it("answers 401 to cancel, reactivate and confirm without a session", async () => {
    for (const [method, url] of [
      ["POST", "/api/subscription/cancel"],
      ["POST", "/api/subscription/reactivate"],
      ["GET", "/api/subscription/confirm?session_id=cs_sandbox_x"],
    ] as const) {
      const res = await t().app.inject({ method, url });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe("UNAUTHENTICATED");
    }
  });
});

describe("the subscription gate", () => {
  const t = useTestApp();

  it("requires an active subscription to accept the rules", async () => {
    const user = await buildUser(t().app, { subscribed: false, rulesAccepted: false });
    const session = await loginAs(t().app, user);
    const res = await t().app.inject({ method: "POST", url: "/api/accept-rules", headers: session.headers });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: "Active subscription required", code: "SUBSCRIPTION_REQUIRED" });
    expect((await t().app.inject({ method: "POST", url: "/api/accept-rules" })).statusCode).toBe(401);
  });

  it("records the acceptance for a subscribed member", async () => {
    const user = await buildUser(t().app, { rulesAccepted: false });
    const session = await loginAs(t().app, user);
    const res = await t().app.inject({ method: "POST", url: "/api/accept-rules", headers: session.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ rulesAccepted: true, subscriptionStatus: "active" });
  });
});
