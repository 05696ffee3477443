import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ReconciliationRun } from "../../../core/schemas/finance";
import { reconciliationRuns, sandboxPaymentIntents } from "../../db/schema";
import { storableErrorMessage } from "../../errors";
import { dailyReconciliation } from "../../jobs/scheduler";
import { userBalances } from "../../ledger/accounts";
import type { PaymentProvider } from "../../payments/provider";
import { createSandboxProvider } from "../../payments/sandbox";
import { buildUser, loginAs, type Session } from "../../test/factories";
import { expectBooksBalanced, useTestApp } from "../../test/test-app";
import { runGlobalReconciliation, STALE_RUN_ERROR, STALE_RUN_MS } from "./reconciliation-runs.service";

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
          error: null,
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
      failedCount: 0,
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

  /** The sandbox, listing one more succeeded payment than it holds: one the books refuse. */
  function withBadPayment(userId: number, id: string): PaymentProvider {
    const ctx = app().ctx;
    const sandbox = createSandboxProvider(ctx.db, ctx.clock);
    return {
      ...sandbox,
      listSucceededPaymentIntents: async (user, since) => [
        // More cents than the payments table holds: its insert fails (a failed query, with parameters).
        {
          id,
          userId,
          amountCents: 3_000_000_000,
          purpose: "deposit",
          status: "succeeded",
          clientSecret: null,
          createdAt: ctx.clock.now(),
        },
        ...(await sandbox.listSucceededPaymentIntents(user, since)),
      ],
    };
  }

  it("books every payment it can when one fails: a partial run with true counts and the error", async () => {
    const admin = await loginAs(app(), await buildUser(app(), { isAdmin: true }));
    const good = await lostPayment(1200);
    const bad = await buildUser(app());
    t().clock.advance(3 * DAY_MS);
    await dailyReconciliation({ ...app().ctx, payments: withBadPayment(bad.id, "pi_sandbox_bad") });
    const [run] = (await runs(admin)).items;
    expect(run).toMatchObject({
      status: "partial",
      missingCount: 2,
      recoveredCount: 1,
      recoveredAmount: "12.00",
      failedCount: 1,
      error: null,
    });
    // The failed one first, with a short reason: no SQL, no parameters.
    expect(run.findings.map((f) => [f.paymentIntentId, f.recovered])).toEqual([
      ["pi_sandbox_bad", false],
      [good.id, true],
    ]);
    const reason = run.findings[0].error ?? "";
    expect(reason).toMatch(/out of range/);
    // The database's own reason (it may quote the value), not the failed query's text and parameters.
    expect(reason).not.toMatch(/insert into|params:|pi_sandbox_bad/i);
    expect(reason.length).toBeLessThanOrEqual(200);
    expect(run.findings[1].error).toBeNull();
    // The good one is in the wallet, and a partial run is the day's run (the next tries the bad one again).
    expect((await userBalances(app().ctx.db, good.user.id)).usd).toBe(1200);
    await expectBooksBalanced(app());
  });

  it("closes a run whose process died, and never says a running or failed run found nothing", async () => {
    const admin = await loginAs(app(), await buildUser(app(), { isAdmin: true }));
    t().clock.advance(5 * DAY_MS);
    const started = t().clock.now();
    // A run that started and whose process then stopped: its row says "running".
    const [dead] = await app()
      .ctx.db.insert(reconciliationRuns)
      .values({ trigger: "scheduled", startedAt: started, status: "running" })
      .returning({ id: reconciliationRuns.id });
    const listed = async () => (await runs(admin)).items.find((r) => r.id === dead.id);
    expect(await listed()).toMatchObject({ status: "running", error: null });
    // Past STALE_RUN_MS it reads as failed, and the next run closes it for good.
    t().clock.advance(STALE_RUN_MS + 1000);
    expect(await listed()).toMatchObject({ status: "failed", error: STALE_RUN_ERROR });
    await runGlobalReconciliation(app().ctx, null);
    const [row] = await app()
      .ctx.db.select()
      .from(reconciliationRuns)
      .where(eq(reconciliationRuns.id, dead.id));
    expect(row).toMatchObject({ status: "failed", error: STALE_RUN_ERROR });
    expect(row.finishedAt).not.toBeNull();
  });

  it("stores a run's error short and without the query", async () => {
    const admin = await loginAs(app(), await buildUser(app(), { isAdmin: true }));
    const ctx = app().ctx;
    const sandbox = createSandboxProvider(ctx.db, ctx.clock);
    const cause = new Error(`connection refused ${"x".repeat(400)}`);
    const down: PaymentProvider = {
      ...sandbox,
      listSucceededPaymentIntents: async () => {
        throw new Error("Failed query: select * from users where id = $1\nparams: 42", { cause });
      },
    };
    t().clock.advance(7 * DAY_MS);
    await expect(dailyReconciliation({ ...ctx, payments: down })).rejects.toThrow();
    const [failed] = (await runs(admin)).items;
    expect(failed.status).toBe("failed");
    expect(failed.error).toMatch(/^connection refused x+…$/);
    expect(failed.error?.length).toBe(200);
  });

  it.each([
    ["an ordinary error", new Error("provider unreachable"), "provider unreachable"],
    ["a second line", new Error("first line\nsecond line"), "first line"],
    [
      "a failed query without a cause",
      new Error("Failed query: select 1\nparams: "),
      "Database query failed",
    ],
    ["not an error", "text thrown", "text thrown"],
  ])("storableErrorMessage keeps %s safe", (_name, err, expected) => {
    expect(storableErrorMessage(err)).toBe(expected);
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
