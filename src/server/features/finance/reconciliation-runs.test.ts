import { describe, expect, it } from "vitest";
import type { ReconciliationRun } from "../../../core/schemas/finance";
import { sandboxPaymentIntents } from "../../db/schema";
import { dailyReconciliation } from "../../jobs/scheduler";
import type { PaymentProvider } from "../../payments/provider";
import { createSandboxProvider } from "../../payments/sandbox";
import { buildUser, loginAs, type Session } from "../../test/factories";
import { useTestApp } from "../../test/test-app";

const DAY_MS = 24 * 3600 * 1000;

describe("reconciliation runs", () => {
  const t = useTestApp();
  const app = () => t().app;

  async function lostPayment(cents: number) {
    const user = await buildUser(app());
    const id = `pi_sandbox_${Math.random().toString(16).slice(2).padEnd(24, "0").slice(0, 24)}`;
    // Paid at the provider, but no path ever booked it.
    await app()
      .ctx.db.insert(sandboxPaymentIntents)
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
    return { user, id };
  }
  const runs = async (
    session: Session,
    query = "",
  ): Promise<{ items: ReconciliationRun[]; nextCursor: number | null }> => {
    const res = await app().inject({
      url: `/api/admin/reconciliation-runs${query}`,
      headers: session.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it("records the daily run, the admin's run and a failed run, newest first with their findings", async () => {
    const adminUser = await buildUser(app(), { isAdmin: true });
    const admin = await loginAs(app(), adminUser);
    const lost = await lostPayment(2500);

    await dailyReconciliation(app().ctx);
    const [daily] = (await runs(admin)).items;
    expect(daily).toMatchObject({
      trigger: "scheduled",
      admin: null,
      status: "succeeded",
      missingCount: 1,
      recoveredCount: 1,
      recoveredAmount: "25.00",
      error: null,
      findings: [
        {
          userId: lost.user.id,
          username: lost.user.username,
          paymentIntentId: lost.id,
          purpose: "deposit",
          amount: "25.00",
          recovered: true,
        },
      ],
    });
    expect(daily.usersScanned).toBeGreaterThanOrEqual(2);
    expect(daily.finishedAt).not.toBeNull();

    // The admin's Global Reconcile: nothing missing now; the run names the admin.
    const res = await app().inject({
      method: "POST",
      url: "/api/admin/global-reconcile",
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    const [manual] = (await runs(admin)).items;
    expect(manual).toMatchObject({
      trigger: "admin",
      admin: { id: adminUser.id, username: adminUser.username },
      status: "succeeded",
      missingCount: 0,
      recoveredCount: 0,
      findings: [],
    });
    const log = await app().inject({
      url: "/api/admin/audit-log?action=deposits.reconcile",
      headers: admin.headers,
    });
    expect(log.json().items[0].details).toMatchObject({ runId: manual.id });

    // A provider outage: the run is kept, marked failed, with the error.
    const ctx = app().ctx;
    const sandbox = createSandboxProvider(ctx.db, ctx.clock);
    const down: PaymentProvider = {
      ...sandbox,
      listSucceededPaymentIntents: async () => {
        throw new Error("provider unreachable");
      },
    };
    t().clock.advance(2 * DAY_MS);
    await expect(dailyReconciliation({ ...ctx, payments: down })).rejects.toThrow("provider unreachable");
    const [failed] = (await runs(admin)).items;
    expect(failed).toMatchObject({ trigger: "scheduled", status: "failed", error: "provider unreachable" });
    expect(failed.finishedAt).not.toBeNull();

    // Paged by id, newest first.
    const first = await runs(admin, "?limit=2");
    expect(first.items.map((r) => r.id)).toEqual([failed.id, manual.id]);
    expect(first.nextCursor).toBe(manual.id);
    const second = await runs(admin, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((r) => r.id)).toEqual([daily.id]);
    expect(second.nextCursor).toBeNull();
  });

  it.each(["?limit=0", "?limit=51", "?cursor=abc", "?cursor=0"])("answers 400 for %s", async (query) => {
    const admin = await loginAs(app(), await buildUser(app(), { isAdmin: true }));
    const res = await app().inject({ url: `/api/admin/reconciliation-runs${query}`, headers: admin.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("VALIDATION_ERROR");
  });

  it("answers 403 to members and 401 without a session", async () => {
    const member = await loginAs(app(), await buildUser(app()));
    expect(
      (await app().inject({ url: "/api/admin/reconciliation-runs", headers: member.headers })).statusCode,
    ).toBe(403);
    expect((await app().inject({ url: "/api/admin/reconciliation-runs" })).statusCode).toBe(401);
  });
});
