import { describe, expect, it } from "vitest";
import { sandboxPaymentIntents } from "../db/schema";
import { userBalances } from "../ledger/accounts";
import type { PaymentProvider } from "../payments/provider";
import { createSandboxProvider } from "../payments/sandbox";
import { buildUser } from "../test/factories";
import { useTestApp } from "../test/test-app";
import { dailyReconciliation } from "./scheduler";

/** A sandbox whose payment list can be made to fail, like a provider outage. */
let outage = false;

describe("daily deposit reconciliation", () => {
  const t = useTestApp();

  async function lostPayment(cents: number) {
    const user = await buildUser(t().app);
    const id = `pi_sandbox_${Math.random().toString(16).slice(2).padEnd(24, "0").slice(0, 24)}`;
    // Paid at the provider, but no path ever booked it.
    await t()
      .app.ctx.db.insert(sandboxPaymentIntents)
      .values({
        id,
        userId: user.id,
        amountCents: cents,
        purpose: "deposit",
        status: "succeeded",
        clientSecret: `${id}_secret_x`,
        createdAt: t().clock.now(),
        succeededAt: t().clock.now(),
      });
    return user;
  }

  it("books lost payments once a day, however often the scheduler ticks", async () => {
    const user = await lostPayment(2500);
    await dailyReconciliation(t().app.ctx);
    expect((await userBalances(t().app.ctx.db, user.id)).usd).toBe(2500);

    const later = await lostPayment(1000);
    t().clock.advance(60 * 60 * 1000);
    await dailyReconciliation(t().app.ctx);
    // Same day: the run is not repeated, the new loss waits for tomorrow's run.
    expect((await userBalances(t().app.ctx.db, later.id)).usd).toBe(0);
    t().clock.advance(24 * 60 * 60 * 1000);
    await dailyReconciliation(t().app.ctx);
    expect((await userBalances(t().app.ctx.db, later.id)).usd).toBe(1000);
  });

  it("retries a failed run after a quarter of an hour, not a day later", async () => {
    const ctx = t().app.ctx;
    const sandbox = createSandboxProvider(ctx.db, ctx.clock);
    const failing: PaymentProvider = {
      ...sandbox,
      listSucceededPaymentIntents: async (...args) => {
        if (outage) throw new Error("provider unreachable");
        return sandbox.listSucceededPaymentIntents(...args);
      },
    };
    const flakyCtx = { ...ctx, payments: failing };
    t().clock.advance(3 * 24 * 60 * 60 * 1000);
    const user = await lostPayment(700);
    outage = true;
    await expect(dailyReconciliation(flakyCtx)).rejects.toThrow("provider unreachable");
    outage = false;
    t().clock.advance(10 * 60 * 1000);
    await dailyReconciliation(flakyCtx);
    expect((await userBalances(ctx.db, user.id)).usd).toBe(0);
    t().clock.advance(6 * 60 * 1000);
    await dailyReconciliation(flakyCtx);
    expect((await userBalances(ctx.db, user.id)).usd).toBe(700);
  });
});
